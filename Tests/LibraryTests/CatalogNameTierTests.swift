import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("Catalogue search: the name tier's shortcut answers what the full ranking query answers")
struct CatalogNameTierTests {
    /// Queries whose name tier fills a page on the fixtures' catalogue, and some whose tier does not.
    static let queries: [String] = {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let prefixes = ["gi", "gir", "girl", "girls", "th", "the", "lo", "lov", "ma", "star", "squid", "pok", "kro"]
        let words = ["girls", "the office", "game", "love island", "doctor who", "drama", "hbo", "netflix", "zzz"]
        return letters + prefixes + words
    }()

    /// Both paths for one query: ids and scores must be the same.
    static func expectSame(
        _ store: CatalogStore, _ query: CatalogQuery, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let fast = try store.search(query, nameTierFirst: true)
        let full = try store.search(query, nameTierFirst: false)
        #expect(
            fast == full, "\(query.text ?? "") limit \(query.limit) offset \(query.offset)",
            sourceLocation: sourceLocation)
    }

    @Test("every letter, prefixes and words, at limits 1, 3, 10 and 25 and with an offset, give the same hits")
    func samePages() throws {
        let store = try CatalogSearchQualityTests.catalogue()
        var shortcuts = 0
        for text in Self.queries {
            for (limit, offset) in [(1, 0), (3, 0), (10, 0), (25, 0), (10, 10)] {
                var query = CatalogQuery(text: text)
                query.limit = limit
                query.offset = offset
                try Self.expectSame(store, query)
                let answered = try store.read("testing") { db in
                    try CatalogStore.nameTierHits(
                        db, query: query, match: CatalogMatch(text: text)!, scoring: CatalogMatch(text: text)!.all)
                        != nil
                }
                if answered { shortcuts += 1 }
            }
        }
        // The shortcut must really answer most of them, or this test compares the full query with itself.
        #expect(shortcuts > Self.queries.count * 3)
    }

    @Test("filters apply to the name tier as to the full query")
    func filtersApply() throws {
        let store = try CatalogSearchQualityTests.catalogue()
        for text in ["g", "the", "a"] {
            var query = CatalogQuery(text: text)
            query.genres = ["Drama"]
            try Self.expectSame(store, query)
            query = CatalogQuery(text: text)
            query.language = "english"
            query.minRating = 7
            try Self.expectSame(store, query)
        }
    }

    @Test("names tied on word count and popularity at the page's end are ordered by bm25, then id")
    func tiesAtThePageEnd() throws {
        // Thirteen one-word "Girls" of equal weight: bm25 prefers the shortest document, 13, without a summary; the
        // other shows keep the word rare enough for bm25 to count.
        var records = (1...12).map {
            CatalogStoreTests.record(id: $0, name: "Girls", summary: "<p>A show about friends.</p>", weight: 40)
        }
        records.append(CatalogStoreTests.record(id: 13, name: "Girls", weight: 40))
        records.append(CatalogStoreTests.record(id: 14, name: "Girls", weight: 90))
        records += (100..<130).map { CatalogStoreTests.record(id: $0, name: "Other \($0)", weight: 95) }
        let store = try CatalogStoreTests.store(records)
        var query = CatalogQuery(text: "girls")
        query.limit = 3
        let hits = try store.search(query)
        #expect(hits.map(\.id) == [14, 13, 1])
        try Self.expectSame(store, query)
    }

    @Test("other orders and --limit 0 take the full query")
    func otherOrders() throws {
        let store = try CatalogSearchQualityTests.catalogue()
        var query = CatalogQuery(text: "g")
        query.sort = .rating
        let sorted = try store.read("testing") { db in
            try CatalogStore.nameTierHits(db, query: query, match: CatalogMatch(text: "g")!, scoring: "\"g\"*")
        }
        #expect(sorted == nil)
        query = CatalogQuery(text: "g")
        query.limit = 0
        let all = try store.read("testing") { db in
            try CatalogStore.nameTierHits(db, query: query, match: CatalogMatch(text: "g")!, scoring: "\"g\"*")
        }
        #expect(all == nil)
    }
}
