import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("What a refresh records as changes")
struct ChangeDiffTests {
    private static func episode(
        _ id: Int, season: Int = 1, number: Int? = nil, airdate: String? = nil, airtime: String = "",
        airstamp: String? = nil
    ) throws -> StoredEpisode {
        var object: [String: Any] = ["id": id, "season": season, "number": number ?? id, "name": "Episode \(id)"]
        if let airdate { object["airdate"] = airdate }
        object["airtime"] = airtime
        if let airstamp { object["airstamp"] = airstamp }
        let bytes = Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        return StoredEpisode(facts: try #require(EpisodeFacts(record: bytes)), showID: 1, position: id)
    }

    private static let show = Array(#"{"id":1,"name":"Show","status":"Running","genres":[]}"#.utf8)

    @Test("a first episode list is a starting point, not news; a changed name and status are")
    func firstList() throws {
        let renamed = Array(#"{"id":1,"name":"New","status":"Ended","genres":[]}"#.utf8)
        let changes = ChangeDiff.changes(
            oldShow: Self.show, newShow: renamed, oldEpisodes: nil, newEpisodes: [try Self.episode(1)])
        #expect(changes.map(\.kind) == [.renamed, .statusChanged])
        #expect(changes[0].from == Array(#""Show""#.utf8))
        #expect(changes[1].to == Array(#""Ended""#.utf8))
    }

    @Test("an air time gained on the same day is not a move; a changed airstamp is, and an airdate without time")
    func airingMoves() throws {
        let dayOnly = try Self.episode(1, airdate: "2024-03-01")
        let timed = try Self.episode(1, airdate: "2024-03-01", airtime: "21:00", airstamp: "2024-03-02T02:00:00+00:00")
        let later = try Self.episode(1, airdate: "2024-03-01", airtime: "22:00", airstamp: "2024-03-02T03:00:00+00:00")
        let sameInstant = try Self.episode(
            1, airdate: "2024-03-01", airtime: "21:00", airstamp: "2024-03-01T21:00:00-05:00")
        let nextDay = try Self.episode(1, airdate: "2024-03-08")
        func kinds(_ old: StoredEpisode, _ new: StoredEpisode) -> [ChangeKind] {
            ChangeDiff.changes(oldShow: Self.show, newShow: Self.show, oldEpisodes: [old], newEpisodes: [new])
                .map(\.kind)
        }
        #expect(kinds(dayOnly, timed) == [])
        #expect(kinds(timed, sameInstant) == [])
        #expect(kinds(timed, later) == [.airdateChanged])
        #expect(kinds(dayOnly, nextDay) == [.airdateChanged])
        let moved = ChangeDiff.changes(
            oldShow: Self.show, newShow: Self.show, oldEpisodes: [dayOnly], newEpisodes: [nextDay])
        #expect(moved.first?.from == Array(#""2024-03-01""#.utf8))
        #expect(moved.first?.to == Array(#""2024-03-08""#.utf8))
    }

    @Test("announced, a new season once, removed: in that order, with the episode's record")
    func episodeLists() throws {
        let old = [try Self.episode(1), try Self.episode(2)]
        let new = [
            try Self.episode(1), try Self.episode(3), try Self.episode(4, season: 2), try Self.episode(5, season: 2),
        ]
        let changes = ChangeDiff.changes(oldShow: Self.show, newShow: Self.show, oldEpisodes: old, newEpisodes: new)
        #expect(
            changes.map(\.kind) == [
                .seasonAnnounced, .episodeAnnounced, .episodeAnnounced, .episodeAnnounced, .episodeRemoved,
            ])
        #expect(changes.map { $0.episode.flatMap { EpisodeFacts(record: $0)?.id } } == [4, 3, 4, 5, 2])
        #expect(changes[0].to == Array("2".utf8))
    }

    @Test("summaries say what happened in a plain sentence, with or without dates")
    func summaries() throws {
        let record = try Self.episode(7, number: 3).recordBytes
        func summary(_ kind: ChangeKind, from: String? = nil, to: String? = nil) -> String {
            ChangeEvent(
                key: .recorded(1), kind: kind, at: Date(timeIntervalSince1970: 0), showID: 1, showName: "Show",
                episode: record, from: from.map { Array($0.utf8) }, to: to.map { Array($0.utf8) }, seen: false
            ).summary
        }
        #expect(
            summary(.episodeAnnounced, to: "null") == "New episode S01E03 \"Episode 7\" announced, no air date yet.")
        #expect(
            summary(.airdateChanged, from: "null", to: #""2024-03-08""#) == "S01E03 \"Episode 7\" now airs 2024-03-08.")
        #expect(
            summary(.airdateChanged, from: #""2024-03-02T02:00:00+00:00""#, to: "null")
                == "S01E03 \"Episode 7\" no longer has an air date (it was 2024-03-02 02:00 UTC).")
        #expect(summary(.renamed, from: #""Old""#, to: #""New""#) == "Renamed from \"Old\" to \"New\".")
    }

    @Test("saving the same refresh twice records its changes once")
    func neverTwice() async throws {
        let queue = try DatabaseQueue()
        let store = try await FavoritesStore(writer: queue)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-diff-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try #require(try ShowRecord(json: Self.show))
        let first = try FavoritesBatch(folder: folder)
        try first.append(old)
        try first.setEpisodes(showID: 1, records: [try Self.episode(1).recordBytes])
        _ = try await store.save(batch: first, at: Date(timeIntervalSince1970: 1_000))
        let ended = try #require(
            try ShowRecord(json: Array(#"{"id":1,"name":"Show","status":"Ended","genres":[]}"#.utf8)))
        let refresh = RefreshRecording(checked: [1])
        for expected in [2, 0] {
            let batch = try FavoritesBatch(folder: folder)
            try batch.append(ended)
            try batch.setEpisodes(
                showID: 1, records: [try Self.episode(1).recordBytes, try Self.episode(2).recordBytes])
            let summary = try await store.save(batch: batch, at: Date(timeIntervalSince1970: 2_000), refresh: refresh)
            #expect(summary.changes == expected)
        }
        let events = try await store.changeEvents(
            now: Date(timeIntervalSince1970: 3_000), since: nil, unseenOnly: false, kinds: [])
        #expect(events.map(\.kind) == [.statusChanged, .episodeAnnounced])
        #expect(try await store.refreshStates()[1]?.checkedAt == Date(timeIntervalSince1970: 2_000))
    }
}
