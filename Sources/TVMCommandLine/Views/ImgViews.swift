import TVMImages
import TVMRecords

/// How `tvm-img cache info` looks on a terminal: one sentence instead of its record.
public struct ImageCacheInfoView: TerminalView {
    /// Creates the view.
    public init() {}

    /// Each record is a sentence of its own.
    public var rendersEachRecord: Bool { true }

    /// The record `tvm-img cache info` prints: `{"directory":…,"files":…,"bytes":…}`.
    ///
    /// - Parameters:
    ///   - directory: The cache folder.
    ///   - usage: Its image count and size.
    public static func record(directory: String, usage: ImageCacheUsage) -> [UInt8] {
        Array("{\"directory\":".utf8) + JSONText.string(directory) + Array(",\"files\":".utf8)
            + JSONText.number(usage.files) + Array(",\"bytes\":".utf8) + Array(String(usage.bytes).utf8) + [0x7D]
    }

    /// `12 images, 3.4 MiB (3565158 bytes)` or `no images`.
    ///
    /// - Parameter usage: A count of images and bytes.
    public static func describe(_ usage: ImageCacheUsage) -> String {
        guard usage.files > 0 else { return "no images" }
        let noun = usage.files == 1 ? "image" : "images"
        return "\(usage.files) \(noun), \(ByteSize(bytes: Int(usage.bytes))) (\(usage.bytes) bytes)"
    }

    /// `240 images, 1.2 MiB (1234567 bytes) in /home/me/.cache/tvm/images`.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        records.map { record in
            let directory = (try? RawJSON.value(forKey: "directory", in: record)).flatMap { RawJSON.string($0) }
            let files = (try? RawJSON.value(forKey: "files", in: record)).flatMap { RawJSON.integer($0) }
            let bytes = (try? RawJSON.value(forKey: "bytes", in: record)).flatMap { RawJSON.integer($0) }
            let usage = ImageCacheUsage(files: files ?? 0, bytes: Int64(bytes ?? 0))
            return Self.describe(usage) + " in " + (directory ?? "?") + "\n"
        }.joined()
    }
}
