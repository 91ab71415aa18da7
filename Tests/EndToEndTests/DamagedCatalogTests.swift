import Foundation
import Testing

/// A damaged catalogue says so and what to do, with exit 74 (issue 30 #13).
@Suite("regressions: a damaged catalogue is named damaged, with what to do")
struct DamagedCatalogTests {
    static let advice =
        "run tvm-fetch catalog sync --full to download it again, or tvm-fetch catalog clear --yes to remove it"

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

            // The advice works: a full sync finds the damage, moves the file aside and builds it anew.
            try await expectRepairedByFullSync(sandbox)
        }
    }

    /// Runs the advice, `catalog sync --full`, and checks it warned about the damage, moved the file aside, and left a
    /// whole catalogue that searches.
    private func expectRepairedByFullSync(_ sandbox: Sandbox) async throws {
        let path = sandbox.catalog.path
        let full = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--full"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stderr.contains("the show catalogue \(path) was damaged ("), "\(full.stderr)")
        #expect(full.stderr.split(separator: "\n").count(where: { $0.contains("damaged") }) == 1, "\(full.stderr)")
        #expect(full.stderr.contains("it was moved to \(path).corrupt-"), "\(full.stderr)")
        let again = try await sandbox.run("tvm-fetch", ["shows", "--local", "--all", "--jq", ".id"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.lines.count == 727)
        let search = try await sandbox.run("tvm-search", ["--local", "girls", "--jq", ".name"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.lines.contains("Girls"), "\(search.stdout)")
        #expect(try await sqlite(path, "PRAGMA quick_check") == "ok")
        // A whole catalogue is left alone by the next full pass.
        let healthy = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--full"])
        #expect(healthy.status == 0, "\(healthy.stderr)")
        #expect(!healthy.stderr.contains("damaged"), "\(healthy.stderr)")
    }

    // Regression (#13 follow-up): the advice named catalog sync --full, which rewrote only newer records and left a
    // damaged full-text index or record as it was.
    @Test("a damaged full-text index is repaired by catalog sync --full, the advice the message gives")
    func damagedIndexRepairedByFullSync() async throws {
        try await withReplay { _, sandbox in
            let path = try await syncedCatalog(sandbox)
            let pages = try await sqlite(
                path, "SELECT group_concat(pageno) FROM dbstat WHERE name = 'show_search_data' AND pagetype = 'leaf'"
            ).split(separator: ",").compactMap { Int($0) }
            try #require(!pages.isEmpty)
            let pageSize = 16_384
            for page in pages {
                try overwrite(path, at: UInt64((page - 1) * pageSize + 64), count: pageSize - 128, with: 0x01)
            }
            let search = try await sandbox.run("tvm-search", ["--local", "girls"])
            #expect(search.status == 74, "\(search.stderr)")
            #expect(search.stderr.contains("is damaged ("), "\(search.stderr)")
            #expect(search.stderr.contains(Self.advice), "\(search.stderr)")
            try await expectRepairedByFullSync(sandbox)
        }
    }
}
