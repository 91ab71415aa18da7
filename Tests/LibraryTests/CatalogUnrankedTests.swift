import Foundation
import GRDB
import Synchronization
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("Catalogue search: a query that matches most of the catalogue is ordered without bm25")
struct CatalogUnrankedTests {
    /// The page a query should give when bm25 is left out, worked out apart from the store's SQL: the shows with
    /// every word in their name (fewest words, most popular, lowest id), then the other matches (most popular,
    /// lowest id); scores, and the order of ties in the tier, are those bm25 gives the same shows for every word as a
    /// prefix only (`"gir"*`). The tier is read with the scoring form of the words (`("gir" OR "gir"*)`) from the
    /// name column of `show_search`, where the store finds shows with the filter form in `show_name`.
    static func expectedPage(_ store: CatalogStore, _ query: CatalogQuery) throws -> [CatalogHit] {
        var everything = query
        everything.limit = 0
        everything.offset = 0
        let all = try store.search(everything, nameTierFirst: false, maxRanked: .max)
        let match = try #require(CatalogMatch(text: query.text ?? ""))
        let (tier, shows, prefixScores) = try store.read("testing") { db in
            let tier = Set(
                try Int.fetchAll(
                    db, sql: "SELECT rowid FROM show_search WHERE show_search MATCH ?",
                    arguments: ["name : (\(match.all))"]))
            let shows = try CatalogShow.filter(keys: all.map(\.id)).fetchAll(db)
            let scores = try Row.fetchAll(
                db, sql: "SELECT rowid, -rank FROM show_search WHERE show_search MATCH ?", arguments: [match.allFilter])
            return (
                tier, Dictionary(uniqueKeysWithValues: shows.map { ($0.id, $0) }),
                Dictionary(uniqueKeysWithValues: scores.map { ($0[0] as Int, $0[1] as Double) })
            )
        }
        #expect(Set(prefixScores.keys) == Set(all.map(\.id)), "both forms find the same shows")
        let scores: [Int: Double?] = prefixScores
        let ordered = all.map(\.id).sorted { left, right in
            let (l, r) = (shows[left]!, shows[right]!)
            let (lTier, rTier) = (tier.contains(left), tier.contains(right))
            if lTier != rTier { return lTier }
            if lTier, l.nameWords != r.nameWords { return l.nameWords < r.nameWords }
            if l.weight != r.weight { return l.weight > r.weight }
            // In the name tier, bm25 orders shows tied on word count and popularity (as below the bound).
            if lTier, let ls = scores[left] ?? nil, let rs = scores[right] ?? nil, ls != rs { return ls > rs }
            return left < right
        }
        let end = query.limit > 0 ? min(ordered.count, query.offset + query.limit) : ordered.count
        guard query.offset < end else { return [] }
        return ordered[query.offset..<end].map { CatalogHit(id: $0, score: scores[$0] ?? nil) }
    }

    @Test("past the bound, the name tier comes first, then popularity, with bm25's prefix-only scores for the page")
    func unrankedOrder() throws {
        let store = try CatalogSearchQualityTests.catalogue()
        var differs = 0
        for text in ["a", "e", "the", "girls", "th an", "love island", "s"] {
            for (limit, offset) in [(1, 0), (10, 0), (25, 0), (10, 10), (0, 0)] {
                var query = CatalogQuery(text: text)
                query.limit = limit
                query.offset = offset
                let unranked = try store.search(query, nameTierFirst: false, maxRanked: 0)
                let expected = try Self.expectedPage(store, query)
                #expect(unranked.map(\.id) == expected.map(\.id), "\(text) limit \(limit) offset \(offset)")
                // Searching fewer popular shows first than the page needs (none, or three) walks every match.
                for reach in [0, 3] {
                    let walked = try store.search(query, nameTierFirst: false, maxRanked: 0, popularReach: reach)
                    #expect(walked == unranked, "\(text) limit \(limit) offset \(offset), reach \(reach)")
                }
                // The name tier's shortcut, taken first as a search takes it, gives the same page.
                let shortcut = try store.search(query, nameTierFirst: true, maxRanked: 0)
                #expect(shortcut.map(\.id) == expected.map(\.id), "\(text) limit \(limit) offset \(offset), shortcut")
                for (hit, want) in zip(unranked, expected) {
                    #expect(abs((hit.score ?? 0) - (want.score ?? 0)) < 1e-9, "\(text): score of \(hit.id)")
                }
                let ranked = try store.search(query, nameTierFirst: false, maxRanked: .max)
                if ranked.map(\.id) != unranked.map(\.id) { differs += 1 }
            }
        }
        // bm25 must really reorder some of these pages, or the comparison above says nothing about the bound.
        #expect(differs > 3)
    }

    @Test("a catalogue read without the indexes of v2 and v3 (show_popularity, show_name) gives the same pages")
    func olderIndexes() throws {
        let current = try CatalogSearchQualityTests.catalogue()
        let older = try CatalogSearchQualityTests.catalogue()
        try older.write("testing") { db in try db.execute(sql: "DROP INDEX show_popularity; DROP TABLE show_name") }
        for text in ["a", "the", "girls", "th an", "s", "love zebra"] {
            for (reach, language) in [(nil, nil), (0, nil), (nil, "english"), (0, "english")] as [(Int?, String?)] {
                var query = CatalogQuery(text: text)
                query.language = language
                for nameTierFirst in [true, false] {
                    let page = try current.search(
                        query, nameTierFirst: nameTierFirst, maxRanked: 0, popularReach: reach)
                    #expect(!page.isEmpty, "\(text)")
                    #expect(
                        try older.search(query, nameTierFirst: nameTierFirst, maxRanked: 0, popularReach: reach)
                            == page, "\(text), reach \(String(describing: reach)), \(language ?? "")")
                }
            }
        }
    }

    @Test("the popular shows searched first: enough for the page eight times over at the share that matches")
    func reach() {
        #expect(CatalogStore.reach(wanted: 20, share: 1) == 160)
        #expect(CatalogStore.reach(wanted: 20, share: 0.1) == 1_600)
        #expect(CatalogStore.reach(wanted: 10, share: 0.9) == 100, "at least 100")
        #expect(CatalogStore.reach(wanted: 20, share: 0.01) == CatalogStore.popularReach, "at most popularReach")
        #expect(CatalogStore.reach(wanted: 20, share: nil) == CatalogStore.popularReach, "filters: the most")
        #expect(CatalogStore.reach(wanted: 100, share: 0.01) == 10_000, "or a hundred per show wanted")
        #expect(CatalogStore.reach(wanted: .max, share: 0.5) == .max, "no overflow")
        #expect(CatalogStore.reach(wanted: .max / 50, share: 0.5) > 1 << 61, "16 per show wanted, no overflow")
    }

    @Test("filters and the other orders apply past the bound as below it")
    func unrankedFiltersAndSorts() throws {
        let store = try CatalogSearchQualityTests.catalogue()
        for sort in [CatalogSort.score, .rating, .premiered, .name, .id, .popularity] {
            var query = CatalogQuery(text: "a")
            query.sort = sort
            query.language = "english"
            query.limit = 15
            let unranked = try store.search(query, nameTierFirst: false, maxRanked: 0)
            var all = query
            all.limit = 0
            let allowed = Set(try store.search(all, nameTierFirst: false, maxRanked: .max).map(\.id))
            #expect(unranked.count == min(15, allowed.count), "\(sort)")
            #expect(unranked.allSatisfy { allowed.contains($0.id) }, "\(sort): a show the filter leaves out")
            if sort == .name || sort == .id || sort == .popularity {
                // No relevance in these orders: the same page either way.
                #expect(unranked.map(\.id) == (try store.search(query, nameTierFirst: false)).map(\.id), "\(sort)")
            }
        }
    }

    @Test("a page past the end of the shows with every word is empty; it did turn to the shows with any word")
    func pagePastTheEnd() throws {
        var records = [CatalogStoreTests.record(id: 1, name: "Love Island")]
        records += (2...30).map { CatalogStoreTests.record(id: $0, name: "Love \($0)", weight: $0) }
        let store = try CatalogStoreTests.store(records)
        for maxRanked in [0, Int.max] {
            var query = CatalogQuery(text: "love island")
            query.limit = 5
            #expect(try store.search(query, nameTierFirst: true, maxRanked: maxRanked).map(\.id) == [1])
            query.offset = 5
            #expect(try store.search(query, nameTierFirst: true, maxRanked: maxRanked).isEmpty)
            // No show has both words: every page lists the shows with either, page 2 included.
            query = CatalogQuery(text: "love zebra")
            query.limit = 10
            let both = try store.search(query, nameTierFirst: true, maxRanked: maxRanked).map(\.id)
            (query.limit, query.offset) = (5, 5)
            #expect(both.count == 10)
            #expect(try store.search(query, nameTierFirst: true, maxRanked: maxRanked).map(\.id) == Array(both[5...]))
        }
    }

    @Test(
        "a catalogue of the first schema gets its index made again once, with prefixes and names, and finds the same shows"
    )
    func prefixIndexMigration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-unranked-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/catalog.sqlite"
        let source = try CatalogSearchQualityTests.catalogue()
        let records = try source.read("testing") { db in try CatalogRecord.fetchAll(db) }
        // A file as the first version made it: the v1 schema, its shows stored and indexed as that version did.
        let queue = try DatabaseQueue(path: path)
        try CatalogStore.migrator.migrate(queue, upTo: "v1-catalog")
        try queue.write { db in
            for record in records {
                let entry = try CatalogEntry(json: Array(record.record.utf8))
                try entry.show.save(db)
                try record.save(db)
                try CatalogStore.indexText(id: record.id, entry.searchText, db)
            }
        }
        try queue.close()

        let events = Mutex<[CatalogStore.Event]>([])
        let store = try CatalogStore.open(path: path, access: .readOnly) { event in events.withLock { $0.append(event) }
        }
        #expect(events.withLock { $0 } == [.reindexing(shows: records.count)])
        let definition = try store.read("testing") { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'show_search'")
        }
        #expect(definition?.contains("prefix='1 2 3'") == true)
        #expect(try store.read("testing") { db in try db.tableExists("show_name") }, "v3-name-index follows")
        for text in ["a", "gi", "the office", "girls", "pok", "drama", "zzz"] {
            var query = CatalogQuery(text: text)
            query.limit = 25
            #expect(try store.search(query) == source.search(query), "\(text)")
        }
        events.withLock { $0 = [] }
        _ = try CatalogStore.open(path: path, access: .readOnly) { event in events.withLock { $0.append(event) } }
        #expect(events.withLock { $0 }.isEmpty, "the index is made again once")
    }
}
