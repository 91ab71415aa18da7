import Foundation
import GRDB
import Testing

@testable import TVMCatalog
@testable import TVMRecords
@testable import TVMStore
@testable import TVMazeAPI

@Suite("Catalogue sync: reading index pages, the updates window, the request plan")
struct CatalogSyncTests {
    typealias Fixtures = RawJSONFixtures

    @Test("a page with one record of invalid JSON keeps the others and reports the bad one by position")
    func invalidRecord() throws {
        let good = CatalogStoreTests.record(id: 1, name: "One")
        let other = CatalogStoreTests.record(id: 3, name: "Three")
        let body = Array("[".utf8) + good + Array(",{\"id\":2,\"name\":}, \"text\",".utf8) + other + Array("]".utf8)
        let page = try CatalogPage.read(body, page: 0).get()
        #expect(page.ids == [1, 3])
        var entries = page.entries()
        var read: [Int] = []
        while let entry = try entries.next() { read.append(entry.show.id) }
        #expect(read == [1, 3])
        #expect(page.invalid.map(\.position) == [2, 3])
        #expect(page.invalid[0].reason.contains("invalid JSON"))
        #expect(page.invalid[1].reason.contains("not a show"))
    }

    @Test("a page cut short anywhere is unusable as a whole", arguments: [1, 100, 1000, 5000, 100_000])
    func truncated(keeping: Int) throws {
        let body = try Fixtures.bytes("shows/page-1.json")
        let cut = Array(body.prefix(min(keeping, body.count - 2)))
        #expect(throws: UnusableBody.self) { try CatalogPage.read(cut, page: 1).get() }
        #expect(try CatalogPage.read(body, page: 1).get().ids.count > 200)
    }

    @Test("a show whose id is not on the page asked for is left out")
    func wrongPage() throws {
        let body = Array("[".utf8) + CatalogStoreTests.record(id: 251, name: "x") + Array("]".utf8)
        let page = try CatalogPage.read(body, page: 0).get()
        #expect(page.ids.isEmpty)
        #expect(page.invalid.first?.reason.contains("page 0") == true)
    }

    @Test("the smallest updates window covering the time since the last sync, with an hour to spare")
    func window() {
        let hour = 3_600.0
        let day = 24 * hour
        #expect(CatalogSync.window(covering: 0) == .day)
        #expect(CatalogSync.window(covering: day - hour) == .day)
        #expect(CatalogSync.window(covering: day - hour + 1) == .week)
        #expect(CatalogSync.window(covering: 6 * day) == .week)
        #expect(CatalogSync.window(covering: 8 * day) == .month)
        #expect(CatalogSync.window(covering: 30 * day) == nil)
        #expect(CatalogSync.window(covering: 400 * day) == nil)
    }

    @Test("300 changed shows across 40 pages cost 40 page requests; a lone change costs one single request")
    func planBudget() {
        var stored: [Int: Int] = [:]
        for id in 0..<95_000 { stored[id] = 100 }
        var updates: [Int: Int] = [:]
        var changed = 0
        for page in 0..<40 {
            for offset in 0..<(page < 20 ? 8 : 7) where changed < 300 {
                updates[page * 250 + offset * 3] = 200
                changed += 1
            }
        }
        updates[90_001] = 200  // alone on its page
        updates[90_002 + 250] = 50  // older than stored: not a change
        let plan = CatalogSync.plan(updates: updates, stored: stored, isFullList: false)
        #expect(plan.pages.count == 40)
        #expect(plan.singles == [90_001: 200])
        #expect(plan.requests == 41)
        #expect(plan.removed.isEmpty)
        #expect(2 + plan.requests <= 2 + min(301, 41))
    }

    @Test("a show missing from the full updates list is removed; new ids are changes")
    func planFullList() {
        let plan = CatalogSync.plan(updates: [1: 10, 2: 10, 600: 5], stored: [1: 10, 2: 5, 3: 10], isFullList: true)
        #expect(plan.removed == [3])
        #expect(plan.singles == [2: 10, 600: 5])
        #expect(plan.pages.isEmpty)
    }

    // Regression (issue 30 #3): `{}` or a map of invalid values as the full updates list made the sync remove
    // every stored show.
    @Test("an empty full updates list or one with a member that is not an id and a time is invalid data")
    func invalidUpdates() throws {
        let empty = try CatalogSync.readUpdates(Array("{}".utf8), isFullList: true)
        guard case .failure(.invalidUpdates(member: nil)) = empty else {
            Issue.record("an empty full list was accepted: \(empty)")
            return
        }
        // An empty window is possible (nothing changed in a day) and removes nothing.
        #expect(try CatalogSync.readUpdates(Array("{}".utf8), isFullList: false).get() == [:])
        for body in [#"{"1":1700000000,"2":"soon"}"#, #"{"x":1700000000}"#, #"{"3":null}"#] {
            let result = try CatalogSync.readUpdates(Array(body.utf8), isFullList: true)
            guard case .failure(.invalidUpdates(let member?)) = result else {
                Issue.record("\(body) was accepted: \(result)")
                continue
            }
            #expect(body.contains(member.prefix(3)), "\(member)")
        }
        #expect(
            try CatalogSync.readUpdates(Array(#"{"1":1700000000}"#.utf8), isFullList: true).get() == [1: 1_700_000_000])
    }

    @Test("one sync removes at most 5% of the catalogue, at least 100 and at most 500 shows")
    func removalLimit() {
        #expect(CatalogSync.removalLimit(stored: 0) == 100)
        #expect(CatalogSync.removalLimit(stored: 750) == 100)
        #expect(CatalogSync.removalLimit(stored: 6_000) == 300)
        #expect(CatalogSync.removalLimit(stored: 95_000) == 500)
    }
}
