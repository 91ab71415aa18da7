import TVMCommandLine
import TVMImages
import TVMRecords
import TVMTerminal

/// How `tvm-img cache info` looks on a terminal: one sentence instead of its record.
package struct ImageCacheInfoView: TerminalView {
    /// Creates the view.
    package init() {}

    /// Each record is a sentence of its own.
    package var rendersEachRecord: Bool { true }

    /// The record `tvm-img cache info` prints: `{"directory":…,"files":…,"bytes":…}`.
    ///
    /// - Parameters:
    ///   - directory: The cache folder.
    ///   - usage: Its image count and size.
    package static func record(directory: String, usage: ImageCacheUsage) -> [UInt8] {
        Array("{\"directory\":".utf8) + JSONText.string(directory) + Array(",\"files\":".utf8)
            + JSONText.number(usage.files) + Array(",\"bytes\":".utf8) + Array(String(usage.bytes).utf8) + [0x7D]
    }

    /// `12 images, 3.4 MiB (3565158 bytes)` or `no images`.
    ///
    /// - Parameter usage: A count of images and bytes.
    package static func describe(_ usage: ImageCacheUsage) -> String {
        guard usage.files > 0 else { return "no images" }
        let noun = usage.files == 1 ? "image" : "images"
        return "\(usage.files) \(noun), \(ByteSize(bytes: Int(usage.bytes))) (\(usage.bytes) bytes)"
    }

    /// `240 images, 1.2 MiB (1234567 bytes) in /home/me/.cache/tvm/images`.
    package func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        records.map { record in
            let directory = (try? RawJSON.value(forKey: "directory", in: record)).flatMap { RawJSON.string($0) }
            let files = (try? RawJSON.value(forKey: "files", in: record)).flatMap { RawJSON.integer($0) }
            let bytes = (try? RawJSON.value(forKey: "bytes", in: record)).flatMap { RawJSON.integer($0) }
            let usage = ImageCacheUsage(files: files ?? 0, bytes: Int64(bytes ?? 0))
            return Self.describe(usage) + " in " + (directory ?? "?") + "\n"
        }.joined()
    }
}

/// `tvm-img` records as a table: what each record names (a show, a search result's show, an episode, a person)
/// and the poster file it got (`_tvm.image`), blank when it has none.
package struct PosterRowsView: TabularView {
    /// Creates the view.
    package init() {}

    /// Id, name, image.
    package var columns: [TextTable.Column] {
        [
            .init("ID", alignment: .right, priority: .essential), .init("NAME", flexible: true),
            .init("IMAGE", priority: .essential),
        ]
    }

    /// The cells of any JSON object record: its id and name (or those of its `show`), and `_tvm.image`.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard record.first == UInt8(ascii: "{") else { return nil }
        func text(_ path: [String]) -> String? {
            ((try? RawJSON.value(atPath: path, in: record)) ?? nil).map(RawJSON.cellText).flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        return [
            .init(text(["id"]) ?? text(["show", "id"]) ?? ""), .init(text(["name"]) ?? text(["show", "name"]) ?? ""),
            .init(text([RawJSON.tvmKey, "image"]) ?? ""),
        ]
    }
}
