import Foundation
import GRDB
import Testing

@testable import TVMStore

/// Regressions: sixty valid 3.9 MB shows on stdin took `tvm-fav add` to 487 MB, because the batch was read back a
/// thousand records at a time and the save sorted the new records to number them.
@Suite("regressions: a batch of records near the cap is never held whole")
struct BigRecordBatchTests {
    /// A show record with a summary of `bytes` bytes.
    static func show(id: Int, name: String, bytes: Int) throws -> ShowRecord {
        let summary = String(repeating: "x", count: bytes)
        let json = #"{"id":\#(id),"name":"\#(name)","genres":[],"summary":"\#(summary)"}"#
        return try #require(try ShowRecord(json: Array(json.utf8)))
    }

    // Regression: the stored name of a show named "a\u0000b" was "a", and _tvm.show.name and serve's calendar said so.
    @Test("a NUL in a show's name is left out of the name, not where the name ends")
    func nulInName() throws {
        #expect(try Self.show(id: 1, name: #"RTL\u0000nul"#, bytes: 1).name == "RTLnul")
    }

    @Test("the batch was read back a thousand records at a time: a chunk ends once it holds 4 MiB")
    func chunksEndAtTheirBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-big-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = try FavoritesBatch(folder: folder)
        let shows = try (1...5).map { try Self.show(id: $0, name: "Show \($0)", bytes: 3 * 1024 * 1024) }
        for show in shows { _ = try batch.append(show) }
        var chunks: [[Int]] = []
        var read: [[UInt8]] = []
        var after = 0
        while case let chunk = try batch.records(after: after), let last = chunk.last {
            chunks.append(chunk.map(\.seq))
            read += chunk.map(\.json)
            after = last.seq
        }
        // 3 MiB, then 6 MiB: past 4 MiB after the second record.
        #expect(chunks == [[1, 2], [3, 4], [5]])
        #expect(read == shows.map(\.json))
        // Small records still come a thousand at a time.
        let small = try FavoritesBatch(folder: folder)
        for id in 1...1_500 { _ = try small.append(try Self.show(id: id, name: "S", bytes: 10)) }
        #expect(try small.records(after: 0).count == 1_000)
    }

    @Test("new favorites are numbered by their first place in the batch, with the batch's last record of each")
    func newFavoritesKeepTheirOrder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-big-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try await FavoritesStore(writer: DatabaseQueue())
        let earlier = try FavoritesBatch(folder: folder)
        _ = try earlier.append(try Self.show(id: 3, name: "Three", bytes: 10))
        _ = try await store.save(batch: earlier, at: Date(timeIntervalSince1970: 1_000))
        let batch = try FavoritesBatch(folder: folder)
        for (id, name) in [(9, "Nine"), (3, "Three again"), (5, "Five"), (9, "Nine, later"), (7, "Seven")] {
            _ = try batch.append(try Self.show(id: id, name: name, bytes: 2 * 1024 * 1024))
        }
        let summary = try await store.save(batch: batch, at: Date(timeIntervalSince1970: 2_000))
        #expect(summary.added == 3)
        let favorites = try await store.favorites(sortedBy: .added)
        #expect(favorites.map(\.id) == [3, 9, 5, 7])
        #expect(favorites.map(\.name) == ["Three again", "Nine, later", "Five", "Seven"])
    }
}
