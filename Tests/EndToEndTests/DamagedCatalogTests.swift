import Foundation
import Testing

/// A damaged catalogue says so and what to do, with exit 74 (issue 30 #13).
@Suite("regressions: a damaged catalogue is named damaged, with what to do")
struct DamagedCatalogTests {
    static let advice = "run tvm-fetch catalog clear --yes, then tvm-fetch catalog sync to download it again"

    /// Syncs the recorded pages into the sandbox's catalogue and returns its path.
    private func syncedCatalog(_ sandbox: Sandbox) async throws -> String {
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        // One file, no WAL beside it, so that the bytes overwritten below are the file's.
        _ = try await sqlite(sandbox.catalog.path, "PRAGMA wal_checkpoint(TRUNCATE)")
        return sandbox.catalog.path
    }

    /// Overwrites `count` bytes of the file from `offset` with `byte`.
    private func overwrite(_ path: String, at offset: UInt64, count: Int, with byte: UInt8) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: Data(repeating: byte, count: count))
        try handle.close()
    }

    // Regression: a zero-length catalogue read as "no shows found" (exit 1), and catalog info as an empty one.
    @Test("a damaged catalogue was silent: a zero-length file is damaged (74) for search, info and shows --local")
    func zeroLength() async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: sandbox.catalog.path, contents: Data())
        for (tool, arguments) in [
            ("tvm-search", ["--local", "girls"]), ("tvm-fetch", ["catalog", "info"]),
            ("tvm-fetch", ["shows", "--local"]),
        ] {
            let result = try await sandbox.run(tool, arguments)
            #expect(result.status == 74, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "the show catalogue \(sandbox.catalog.path) is damaged (the file is empty: 0 bytes)"),
                "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(Self.advice), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    // Regression: a corrupted catalogue dropped records from shows --local with exit 0, or failed with "write
    // compact JSON (see RawJSON.compact)".
    @Test("a corrupted record or full-text index is damaged (74), never dropped, printed or cryptic")
    func corrupted() async throws {
        try await withReplay { _, sandbox in
            let path = try await syncedCatalog(sandbox)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            // Control bytes over every record page: no stored record can be read as JSON any more.
            let records = try await sqlite(
                path, "SELECT min(pageno), max(pageno) FROM dbstat WHERE name = 'show_record'")
            let pages = records.split(separator: "|").compactMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if pages.count == 2 {
                let pageSize = 16_384
                for page in pages[0]...pages[1] {
                    try overwrite(path, at: UInt64((page - 1) * pageSize + pageSize / 2), count: 64, with: 0x01)
                }
            } else {
                try overwrite(path, at: UInt64(size / 3), count: size / 3, with: 0x01)
            }
            let shows = try await sandbox.run("tvm-fetch", ["shows", "--local", "--all", "--jq", ".id"])
            #expect(shows.status == 74, "\(shows.stderr)")
            #expect(shows.stderr.contains("is damaged ("), "\(shows.stderr)")
            #expect(shows.stderr.contains(Self.advice), "\(shows.stderr)")
            #expect(!shows.stderr.contains("RawJSON"), "\(shows.stderr)")

            // The advice works: cleared and synced again, the catalogue answers.
            #expect(try await sandbox.run("tvm-fetch", ["catalog", "clear", "--yes"]).status == 0)
            #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
            let again = try await sandbox.run("tvm-fetch", ["shows", "--local", "--all", "--jq", ".id"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.lines.count == 727)
        }
    }
}
