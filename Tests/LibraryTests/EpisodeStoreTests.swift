import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("The favorites database keeps episodes and watched marks")
struct EpisodeStoreTests {
    typealias Fixtures = RawJSONFixtures

    /// Outlander's recorded show record (page 0) and its episode list with the two constructed specials.
    private func outlander() throws -> (show: ShowRecord, episodes: [[UInt8]]) {
        let show = try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-0.json")).compactMap {
            try ShowRecord(json: $0)
        }.first { $0.id == 43 }
        let episodes = try RawJSON.elements(ofArray: Fixtures.bytes("shows/43/episodes/specials=1.json"))
        return (try #require(show), episodes)
    }

    private func underTheDome() throws -> (show: ShowRecord, episodes: [[UInt8]]) {
        let show = try #require(try ShowRecord(json: Fixtures.bytes("shows/1.json")))
        return (show, try RawJSON.elements(ofArray: Fixtures.bytes("shows/1/episodes.json")))
    }

    private func store() async throws -> (FavoritesStore, DatabaseQueue) {
        let queue = try DatabaseQueue()
        return (try await FavoritesStore(writer: queue), queue)
    }

    private func save(
        _ store: FavoritesStore, _ shows: [(show: ShowRecord, episodes: [[UInt8]]?)], addingNew: Bool = true,
        marking: [WatchMark] = [], unmarking: [Int] = []
    ) async throws {
        let batch = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        for (show, episodes) in shows {
            try batch.append(show)
            if let episodes { try batch.setEpisodes(showID: show.id, records: episodes) }
        }
        _ = try await store.save(batch: batch, addingNew: addingNew, marking: marking, unmarking: unmarking)
    }

    private func date(_ text: String) throws -> Date {
        Date(timeIntervalSince1970: Double(try #require(ToolClock.instant(text))))
    }

    @Test("a saved batch keeps each show's episodes whole, in TVMaze's order, with their facts in columns")
    func savesEpisodes() async throws {
        let (store, _) = try await store()
        let outlander = try outlander()
        try await save(store, [(outlander.show, outlander.episodes)])
        let stored = try await store.episodes(showID: 43)
        #expect(stored.map(\.recordBytes) == outlander.episodes)
        #expect(stored.map(\.position) == Array(0..<outlander.episodes.count))
        #expect(stored.filter { !$0.isRegular }.map(\.id) == [9_900_001, 9_900_002])
        let first = try #require(stored.first { $0.id == 1_580_035 })
        #expect(first.code.text == "S04E12")
        #expect(first.airsAt == Airstamp.instant("2019-01-21T01:00:00+00:00"))
        #expect(try await store.showsWithEpisodes(among: [43, 1]) == [43])

        let kept = try #require(try await store.keptEpisodes(showID: 43))
        #expect(kept.favorite.id == 43)
        #expect(kept.episodes.map(\.id) == stored.map(\.id))
        let window = try #require(first.airsAt)...(try #require(first.airsAt) + 7 * 86_400)
        let weeks = try await store.keptEpisodes(showIDs: [43, 1], airing: window)
        #expect(weeks.keys.sorted() == [43])
        let week = try #require(weeks[43])
        #expect(week.favorite.id == 43)
        #expect(!week.episodes.isEmpty)
        #expect(week.episodes.map(\.id) == stored.filter { $0.airsAt.map(window.contains) == true }.map(\.id))
        #expect(try await store.keptEpisodes(showID: 1) == nil)
    }

    @Test("saving a list again drops the episodes TVMaze removed and updates changed ones, keeping every mark")
    func refreshKeepsMarks() async throws {
        let (store, queue) = try await store()
        let dome = try underTheDome()
        let watchedAt = try date("2020-01-01T20:00:00Z")
        try await save(
            store, [(dome.show, dome.episodes)],
            marking: [1, 2, 3].map { WatchMark(episodeID: $0, showID: 1, watchedAt: watchedAt) })
        // TVMaze drops episode 2 and renames episode 3.
        var changed = dome.episodes.filter { EpisodeFacts(record: $0)?.id != 2 }
        let index = try #require(changed.firstIndex { EpisodeFacts(record: $0)?.id == 3 })
        changed[index] = Array(
            String(decoding: changed[index], as: UTF8.self).replacingOccurrences(
                of: "\"name\":\"Manhunt\"", with: "\"name\":\"Manhunt (renamed)\""
            ).utf8)
        try await save(store, [(dome.show, changed)], addingNew: false)
        let stored = try await store.episodes(showID: 1)
        #expect(stored.count == 38)
        #expect(!stored.contains { $0.id == 2 })
        #expect(stored.first { $0.id == 3 }?.name == "Manhunt (renamed)")
        let marks = try await store.marks()
        #expect(marks.map(\.episodeID) == [1, 2, 3])
        #expect(marks.allSatisfy { $0.watchedAt == watchedAt })
        // Removing the favorite removes its episodes, never its marks.
        _ = try await store.remove(ids: [1])
        #expect(try await queue.read { db in try StoredEpisode.fetchCount(db) } == 0)
        #expect(try await store.marks().count == 3)
    }

    @Test("a batch without a show's list keeps its stored episodes (a refresh that failed for that show)")
    func missingListKeepsEpisodes() async throws {
        let (store, _) = try await store()
        let dome = try underTheDome()
        try await save(store, [(dome.show, dome.episodes)])
        try await save(store, [(dome.show, nil)], addingNew: false)
        #expect(try await store.episodes(showID: 1).count == 39)
    }

    @Test("marking is idempotent: an episode already marked keeps its first mark; unmarking removes it")
    func marks() async throws {
        let (store, _) = try await store()
        let dome = try underTheDome()
        let first = try date("2020-01-01T20:00:00Z")
        try await save(
            store, [(dome.show, dome.episodes)], marking: [WatchMark(episodeID: 1, showID: 1, watchedAt: first)])
        try await save(
            store, [], marking: [WatchMark(episodeID: 1, showID: 1, watchedAt: try date("2021-01-01T00:00:00Z"))])
        #expect(try await store.marks(episodeIDs: [1])[1]?.watchedAt == first)
        #expect(
            try await store.marks().first?.json
                == Array(
                    #"{"episode":1,"show":1,"watched_at":"2020-01-01T20:00:00.000Z"}"#.utf8))
        try await save(store, [], unmarking: [1])
        #expect(try await store.marks().isEmpty)
    }

    @Test("a v1 database migrates with its favorites intact and no episode list")
    func migratesFromV1() async throws {
        let queue = try DatabaseQueue()
        try FavoritesStore.migrator.migrate(queue, upTo: "v1-favorite")
        let dome = try underTheDome()
        try await queue.write { db in
            try Favorite(show: dome.show, addedAt: Date(), updatedAt: Date(), position: 1).insert(db)
        }
        let store = try await FavoritesStore(writer: queue)
        #expect(try await store.favorites().map(\.id) == [1])
        #expect(try await store.showsWithEpisodes(among: [1]).isEmpty)
        let next = try await store.upNext(now: 2_000_000_000)
        #expect(next.map(\.hasEpisodeList) == [false])
    }

    @Test("up next: the first unwatched aired regular episode, counts without specials, recent shows first")
    func upNext() async throws {
        let (store, _) = try await store()
        let dome = try underTheDome()
        let outlander = try outlander()
        let now = try #require(Airstamp.instant("2019-01-16T00:00:00Z"))
        try await save(
            store, [(dome.show, dome.episodes), (outlander.show, outlander.episodes)],
            marking: [
                // Outlander: the constructed special before 1x01 and 1x01 itself; Under the Dome: all 39, earlier.
                WatchMark(episodeID: 9_900_001, showID: 43, watchedAt: try date("2019-01-10T00:00:00Z")),
                WatchMark(episodeID: 1_954, showID: 43, watchedAt: try date("2019-01-10T00:00:00Z")),
            ])
        let domeIDs = dome.episodes.compactMap { EpisodeFacts(record: $0)?.id }
        try await save(
            store, [],
            marking: domeIDs.map { WatchMark(episodeID: $0, showID: 1, watchedAt: try! date("2019-01-01T00:00:00Z")) })
        let lines = try await store.upNext(now: now)
        #expect(lines.map(\.showID) == [43, 1])
        let aired = outlander.episodes.compactMap { EpisodeFacts(record: $0) }.filter {
            $0.isRegular && $0.hasAired(by: now)
        }
        #expect(lines[0].aired == aired.count)
        #expect(lines[0].total == 91)
        #expect(lines[0].watched == 1)
        let next = try #require(lines[0].episode.flatMap { EpisodeFacts(record: Array($0.utf8)) })
        #expect(next.code == "S01E02")
        #expect(lines[1].episode == nil)
        #expect((lines[1].watched, lines[1].aired, lines[1].total) == (39, 39, 39))
        let record = String(decoding: try lines[0].record(), as: UTF8.self)
        #expect(
            record.hasSuffix(
                #","_tvm":{"show":{"id":43,"name":"Outlander"},"progress":{"watched":1,"aired":\#(aired.count),"total":91}}}"#
            ))
        #expect(
            String(decoding: try lines[1].record(), as: UTF8.self)
                == #"{"_tvm":{"show":{"id":1,"name":"Under the Dome"},"progress":{"watched":39,"aired":39,"total":39}}}"#
        )
    }
}
