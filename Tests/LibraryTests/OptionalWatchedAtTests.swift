import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

/// `v6-optional-watched-at`: a mark may have no time; a database from before keeps its marks and its index.
@Suite("A watched mark may have no time")
struct OptionalWatchedAtTests {
    private static let marked = "2020-01-01 20:00:00.000"

    @Test("a v5 database migrates to v6 with its marks, their times and the index watched_show intact")
    func migratesV5() async throws {
        let queue = try DatabaseQueue()
        try FavoritesStore.migrator.migrate(queue, upTo: "v5-episode-window")
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO watched (episode_id, show_id, watched_at) VALUES (1, 1, ?), (2, 1, ?)",
                arguments: [Self.marked, "2020-01-02 20:00:00.000"])
            // Before v6 a mark without a time is refused.
            #expect(throws: DatabaseError.self) {
                try db.execute(sql: "INSERT INTO watched (episode_id, show_id, watched_at) VALUES (3, 1, NULL)")
            }
        }
        let store = try await FavoritesStore(writer: queue)
        let marks = try await store.marks()
        #expect(marks.map(\.episodeID) == [1, 2])
        #expect(marks.first?.json == Array(#"{"episode":1,"show":1,"watched_at":"2020-01-01T20:00:00.000Z"}"#.utf8))
        let schema = try await queue.read { db in
            (
                try db.indexes(on: "watched").map(\.name),
                try db.columns(in: "watched").map { "\($0.name):\($0.isNotNull)" }
            )
        }
        #expect(schema.0.contains("watched_show"))
        #expect(schema.1 == ["episode_id:false", "show_id:true", "watched_at:false"])
    }

    @Test("a mark without a time is saved, prints watched_at null, and comes first in the list")
    func savesNullTime() async throws {
        let store = try await FavoritesStore(writer: try DatabaseQueue())
        let batch = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        let time = Date(timeIntervalSince1970: 1_577_908_800)
        _ = try await store.save(
            batch: batch,
            marking: [
                WatchMark(episodeID: 2, showID: 1, watchedAt: time),
                WatchMark(episodeID: 1, showID: 1, watchedAt: nil),
            ])
        let marks = try await store.marks()
        #expect(marks.map(\.episodeID) == [1, 2])
        #expect(marks.first?.watchedAt == nil)
        #expect(marks.first?.json == Array(#"{"episode":1,"show":1,"watched_at":null}"#.utf8))
        let record = Array(#"{"id":1,"name":"Pilot"}"#.utf8)
        let annotated = try WatchMark.annotating(record, show: nil, mark: marks.first)
        #expect(String(decoding: annotated, as: UTF8.self) == #"{"id":1,"name":"Pilot","_tvm":{"watched":true}}"#)
    }
}
