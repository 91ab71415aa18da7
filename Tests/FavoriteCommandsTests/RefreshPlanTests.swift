import Foundation
import TVMRecords
import TVMStore
import Testing

@testable import FavoriteCommands

@Suite("Which favorites a refresh fetches, and how")
struct RefreshPlanTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)
    private static let day: Double = 86_400

    private static func favorite(_ id: Int) throws -> Favorite {
        let show = try #require(
            try ShowRecord(json: Array(#"{"id":\#(id),"name":"Show \#(id)","status":"Running","genres":[]}"#.utf8)))
        return Favorite(show: show, addedAt: now, updatedAt: now, position: id)
    }

    private static func state(checkedDaysAgo days: Double?, updated: Int = 100, episodes: Bool = true) -> RefreshState {
        RefreshState(
            checkedAt: days.map { now.addingTimeInterval(-$0 * day) }, updated: updated, hasEpisodes: episodes)
    }

    @Test(
        "recently checked favorites wait for the updates list; never checked, stale or listless ones are fetched whole")
    func plan() throws {
        let favorites = try (1...5).map(Self.favorite)
        let states = [
            1: Self.state(checkedDaysAgo: 0.5), 2: Self.state(checkedDaysAgo: 2), 3: Self.state(checkedDaysAgo: nil),
            4: Self.state(checkedDaysAgo: 40), 5: Self.state(checkedDaysAgo: 1, episodes: false),
        ]
        let plan = RefreshPlan(favorites: favorites, states: states, now: Self.now, full: false, episodes: true)
        #expect(plan.candidates.map(\.id) == [1, 2])
        #expect(plan.whole.map(\.id) == [3, 4, 5])
        #expect(plan.window == .week)
        let withoutEpisodes = RefreshPlan(
            favorites: favorites, states: states, now: Self.now, full: false, episodes: false)
        #expect(withoutEpisodes.candidates.map(\.id) == [1, 2, 5])
        let full = RefreshPlan(favorites: favorites, states: states, now: Self.now, full: true, episodes: true)
        #expect(full.whole.count == 5)
        #expect(full.window == nil)
        let daily = RefreshPlan(
            favorites: [try Self.favorite(1)], states: states, now: Self.now, full: false, episodes: true)
        #expect(daily.window == .day)
    }

    @Test("a candidate is fetched only when the updates list is newer than its stored record")
    func split() throws {
        let favorites = try (1...3).map(Self.favorite)
        let states = (1...3).reduce(into: [Int: RefreshState]()) { $0[$1] = Self.state(checkedDaysAgo: 1) }
        let plan = RefreshPlan(favorites: favorites, states: states, now: Self.now, full: false, episodes: true)
        let (changed, unchanged) = plan.split(by: [1: 101, 2: 100], states: states)
        #expect(changed.map(\.id) == [1])
        #expect(unchanged == [2, 3])
    }

    @Test("the stored specials go back where they were in a list fetched without them")
    func specialsKept() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/tvmaze/shows/43/episodes/specials=1.json")
        let all = try RawJSON.elements(ofArray: Array(try Data(contentsOf: url)))
        let stored = all.enumerated().map { StoredEpisode(facts: EpisodeFacts(record: $1)!, showID: 43, position: $0) }
        let regular = all.filter { EpisodeFacts(record: $0)?.isRegular == true }
        #expect(regular.count < all.count)
        #expect(RefreshPlan.merging(regular, keepingSpecialsOf: stored) == all)
        #expect(RefreshPlan.merging(regular, keepingSpecialsOf: []) == regular)
    }

    static let sinceCases: [(String, Double)] = [
        ("2024-03-01", 1_709_251_200), ("2024-03-01T20:00:00Z", 1_709_323_200), ("12h", 1_699_956_800),
        ("1d", 1_699_913_600), ("2w", 1_698_790_400),
    ]

    @Test("--since takes ISO 8601 times and days, and ages in hours, days and weeks", arguments: sinceCases)
    func since(text: String, expected: Double) throws {
        #expect(try #require(ChangeSince(text)).date(now: Self.now).timeIntervalSince1970 == expected)
    }

    @Test("--since refuses what is neither", arguments: ["yesterday", "1y", "d", "-1d", "2024-02-30x", "1.5d", ""])
    func sinceRefused(text: String) {
        #expect(ChangeSince(text) == nil)
    }
}
