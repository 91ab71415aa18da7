import Foundation
import GRDB
import Testing

@testable import TVMStore

/// `FavoritesStore.noteMissing`: a show answering 404 is new once, gone once after 7 days, and found again clears it.
@Suite("Favorites TVMaze answers 404 for")
struct MissingFavoriteTests {
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("new on the first 404, silent for 7 days, gone once on the 7th, then already gone; a fetch clears it")
    func lifecycle() async throws {
        let store = try await FavoritesStore(writer: try DatabaseQueue())
        let first = try await store.noteMissing([2, 3], found: [], at: start)
        #expect(first.new.map(\.id) == [2, 3])
        #expect(first.new.map(\.goneOn) == [start.addingTimeInterval(7 * day), start.addingTimeInterval(7 * day)])
        let later = try await store.noteMissing([2, 3], found: [], at: start.addingTimeInterval(6.9 * day))
        #expect(later.new.isEmpty && later.nowGone.isEmpty && later.alreadyGone.isEmpty)
        // Show 3 came back in between.
        _ = try await store.noteMissing([], found: [3], at: start.addingTimeInterval(6.95 * day))
        let week = try await store.noteMissing([2, 3], found: [], at: start.addingTimeInterval(7 * day))
        #expect(week.nowGone == [2])
        #expect(week.new.map(\.id) == [3])
        let after = try await store.noteMissing([2], found: [], at: start.addingTimeInterval(8 * day))
        #expect(after.nowGone.isEmpty && after.alreadyGone == [2])
        let missing = try await store.missingFavorites()
        #expect(missing[2]?.goneAt == start.addingTimeInterval(7 * day))
        #expect(missing[3]?.goneAt == nil)
        _ = try await store.noteMissing([], found: [2], at: start.addingTimeInterval(9 * day))
        #expect(try await store.missingFavorites()[2] == nil)
    }
}
