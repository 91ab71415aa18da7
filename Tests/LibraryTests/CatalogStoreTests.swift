import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("CatalogStore: the full-text index, filters and orders, on in-memory databases")
struct CatalogStoreTests {
    typealias Fixtures = RawJSONFixtures

    /// A show record with the given fields (and nothing else of note).
    static func record(
        id: Int, name: String, summary: String = "", genres: [String] = [], weight: Int = 50, rating: Double? = nil,
        premiered: String? = nil, network: String? = "HBO", country: String = "US", updated: Int = 1_700_000_000,
        status: String = "Running"
    ) -> [UInt8] {
        let object: [String: Any] = [
            "id": id, "url": "https://www.tvmaze.com/shows/\(id)", "name": name, "type": "Scripted",
            "language": "English", "genres": genres, "status": status,
            "premiered": premiered.map { $0 as Any } ?? NSNull(),
            "rating": ["average": rating.map { $0 as Any } ?? NSNull()], "weight": weight,
            "network": network.map { ["id": 1, "name": $0, "country": ["code": country]] } ?? NSNull(),
            "webChannel": NSNull(), "summary": summary, "updated": updated, "_links": [:] as [String: Any],
        ]
        return Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func store(_ records: [[UInt8]]) throws -> CatalogStore {
        let store = try CatalogStore(writer: try DatabaseQueue())
        try store.store(try records.map { try CatalogEntry(json: $0) })
        return store
    }

    static func names(_ store: CatalogStore, _ query: CatalogQuery) throws -> [String] {
        let records = try store.scoredRecords(try store.search(query))
        return try records.map { try #require(try Show(json: $0).name) }
    }

    static func names(_ store: CatalogStore, _ text: String) throws -> [String] {
        try names(store, CatalogQuery(text: text))
    }

    @Test("the migration creates show, show_record, the FTS5 index, sync_state, pending_page and removal_candidate")
    func schema() throws {
        let queue = try DatabaseQueue()
        _ = try CatalogStore(writer: queue)
        let tables = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        for table in ["show", "show_record", "show_search", "sync_state", "pending_page", "removal_candidate"] {
            #expect(tables.contains(table))
        }
        let applied = try queue.read { try CatalogStore.migrator.appliedMigrations($0) }
        #expect(applied == ["v1-catalog", "v2-prefix-index", "v3-name-index", "v4-removal-candidate"])
    }

    @Test("a prefix finds the show as it is typed: gir finds Girls")
    func prefix() throws {
        let store = try Self.store([Self.record(id: 139, name: "Girls"), Self.record(id: 1, name: "Under the Dome")])
        #expect(try Self.names(store, "gir") == ["Girls"])
        #expect(try Self.names(store, "under th") == ["Under the Dome"])
    }

    @Test("case and diacritics do not matter: pokemon finds Pokémon, krod mandoon finds Kröd Mändoon")
    func diacritics() throws {
        let store = try Self.store([
            Self.record(id: 590, name: "Pokémon"),
            Self.record(id: 2, name: "Kröd Mändoon and the Flaming Sword of Fire"),
        ])
        #expect(try Self.names(store, "pokemon") == ["Pokémon"])
        #expect(try Self.names(store, "POKÉMON") == ["Pokémon"])
        #expect(try Self.names(store, "krod mandoon") == ["Kröd Mändoon and the Flaming Sword of Fire"])
    }

    @Test("a match in the name outranks any match in the summary, even a popular show's repeated word")
    func nameOutranksSummary() throws {
        let store = try Self.store([
            Self.record(id: 1, name: "Lost", summary: "<p>Dragons, dragons and more dragons.</p>", weight: 100),
            Self.record(id: 2, name: "The Dragon Prince", summary: "<p>An adventure.</p>", weight: 10),
        ])
        #expect(try Self.names(store, "dragon") == ["The Dragon Prince", "Lost"])
    }

    @Test("equal matches are ordered by popularity (weight)")
    func tiesByPopularity() throws {
        let store = try Self.store([
            Self.record(id: 1, name: "Girls", weight: 20), Self.record(id: 2, name: "Girls", weight: 90),
            Self.record(id: 3, name: "Girls", weight: 50),
        ])
        let hits = try store.search(CatalogQuery(text: "girls"))
        #expect(hits.map(\.id) == [2, 3, 1])
    }

    @Test("genres, the network and the summary as plain text are searched; HTML tags are not words")
    func fieldsSearched() throws {
        let store = try Self.store([
            Self.record(id: 1, name: "A", summary: "<p>A <b>submarine</b> story</p>", genres: ["Thriller"]),
            Self.record(id: 2, name: "B", genres: ["Anime"], network: "Fuji TV"),
        ])
        #expect(try Self.names(store, "submarine") == ["A"])
        #expect(try Self.names(store, "thriller") == ["A"])
        #expect(try Self.names(store, "anime") == ["B"])
        #expect(try Self.names(store, "fuji") == ["B"])
        #expect(try Self.names(store, "p").isEmpty, "the tag <p> is not indexed")
    }

    @Test(
        "FTS syntax in a query is searched as plain words, never an SQL error",
        arguments: [
            "\"", "*", "AND(", "girls AND(", "\"girls", "girls*", "NEAR(girls", "name:girls", "(", "-girls", "^girls",
            "'",
            "girls OR", "{name}: x", "\u{0}", "NOT",
        ])
    func malformedSyntax(query: String) throws {
        let store = try Self.store([
            Self.record(id: 1, name: "Girls"), Self.record(id: 2, name: "And Then There Were None"),
        ])
        let hits = try store.search(CatalogQuery(text: query))
        if query.lowercased().contains("girls") { #expect(hits.first?.id == 1) }
    }

    @Test("when no show has every word, shows with any of them are found")
    func anyWordFallback() throws {
        let store = try Self.store([Self.record(id: 1, name: "Girls"), Self.record(id: 2, name: "Boys")])
        #expect(try Self.names(store, "girls xyzzy") == ["Girls"])
        #expect(try Self.names(store, "xyzzy plugh").isEmpty)
    }

    @Test("a newer record replaces the old one in the index; an older one is ignored; a removed show is gone")
    func updatesKeepTheIndexInStep() throws {
        let store = try Self.store([Self.record(id: 1, name: "Old Name", updated: 100)])
        try store.store([try CatalogEntry(json: Self.record(id: 1, name: "New Name", updated: 200))])
        #expect(try Self.names(store, "old").isEmpty)
        #expect(try Self.names(store, "new") == ["New Name"])
        try store.store([try CatalogEntry(json: Self.record(id: 1, name: "Stale Name", updated: 150))])
        #expect(try Self.names(store, "stale").isEmpty, "an older record never overwrites a newer one")
        #expect(try store.remove(ids: [1]) == 1)
        #expect(try Self.names(store, "new").isEmpty)
        #expect(try store.info().shows == 0)
        // The contentless index holds no ghost of the removed show: a new one with the same words is alone.
        try store.store([try CatalogEntry(json: Self.record(id: 2, name: "New Name"))])
        #expect(try store.search(CatalogQuery(text: "new name")).map(\.id) == [2])
        #expect(try store.damage() == nil, "both full-text indexes pass FTS5's integrity-check")
    }

    @Test("filters: genre (repeatable, any case), status, language, type, network, country, rating, years")
    func filters() throws {
        let store = try Self.store([
            Self.record(id: 1, name: "A", genres: ["Anime", "Drama"], rating: 8.5, premiered: "2011-04-17"),
            Self.record(
                id: 2, name: "B", genres: ["Anime"], rating: 7.0, premiered: "2019-01-01", network: "BBC One",
                country: "GB", status: "Ended"),
            Self.record(id: 3, name: "C", genres: ["Drama"], rating: nil, premiered: nil),
        ])
        var query = CatalogQuery()
        query.genres = ["anime"]
        #expect(try store.search(query).map(\.id).sorted() == [1, 2])
        query.genres = ["Anime", "Drama"]
        #expect(try store.search(query).map(\.id) == [1])
        query = CatalogQuery()
        query.status = "ended"
        #expect(try store.search(query).map(\.id) == [2])
        query = CatalogQuery()
        query.network = "bbc one"
        query.country = "gb"
        #expect(try store.search(query).map(\.id) == [2])
        query = CatalogQuery()
        query.minRating = 8
        #expect(try store.search(query).map(\.id) == [1])
        query = CatalogQuery()
        query.premiered = 2010...2012
        #expect(try store.search(query).map(\.id) == [1])
        query.premiered = 2019...2019
        #expect(try store.search(query).map(\.id) == [2])
        query = CatalogQuery()
        query.genres = ["Drama%"]
        #expect(try store.search(query).isEmpty, "LIKE wildcards in a genre are literal")
    }

    @Test("orders: rating with unrated last, premiered latest first, name, popularity; limit 0 means all")
    func orders() throws {
        let store = try Self.store([
            Self.record(id: 1, name: "b", weight: 10, rating: 7, premiered: "2001-01-01"),
            Self.record(id: 2, name: "C", weight: 30, rating: nil, premiered: "2020-01-01"),
            Self.record(id: 3, name: "a", weight: 20, rating: 9, premiered: nil),
        ])
        var query = CatalogQuery()
        query.sort = .rating
        #expect(try store.search(query).map(\.id) == [3, 1, 2])
        query.sort = .premiered
        #expect(try store.search(query).map(\.id) == [2, 1, 3])
        query.sort = .name
        #expect(try store.search(query).map(\.id) == [3, 1, 2])
        query.sort = nil
        #expect(try store.search(query).map(\.id) == [2, 3, 1], "browsing lists the most popular first")
        query.limit = 2
        #expect(try store.search(query).count == 2)
        query.limit = 0
        #expect(try store.search(query).count == 3)
    }

    @Test("records come back byte for byte as stored, with _tvm.score added to search hits only")
    func recordsPassThrough() throws {
        let page = try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-0.json"))
        let store = try CatalogStore(writer: try DatabaseQueue())
        try store.store(try page.map { try CatalogEntry(json: $0) })
        let girls = try #require(page.first { (try? ShowRecord(json: $0))??.name == "Girls" })
        let hit = try #require(try store.scoredRecords(try store.search(CatalogQuery(text: "girls"))).first)
        let score = try #require(try RawJSON.value(atPath: ["_tvm", "score"], in: hit))
        #expect(hit == (try RawJSON.addingTVM([(key: "score", value: score)], to: girls)))
        var browse = CatalogQuery()
        browse.limit = 0
        let all = try store.scoredRecords(try store.search(browse))
        #expect(Set(all.map { $0 }) == Set(page.map { Array($0) }), "browsing adds nothing")
    }

    // Issue 30 #13: a search used to move the file aside and say there was no catalogue; it now says it is damaged
    // and leaves the file for the user to clear.
    @Test("a file that is not a database is moved aside and made anew for a sync; a search is told it is damaged")
    func corruptFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("catalog.sqlite").path
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        let events = LockedBox<[CatalogStore.Event]>([])
        let error = #expect(throws: CatalogError.self) {
            try CatalogStore.open(path: path, access: .readOnly) { event in events.withLock { $0.append(event) } }
        }
        guard case .damaged(path, _)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(events.snapshot.isEmpty)
        #expect(FileManager.default.fileExists(atPath: path), "a reader leaves the damaged file where it is")
        let store = try CatalogStore.open(path: path, access: .readWrite) { event in
            events.withLock { $0.append(event) }
        }
        #expect(events.snapshot.count == 1)
        #expect(try store.info().shows == 0)
        let pageSize = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA page_size") }
        #expect(pageSize == CatalogStore.pageSize, "a new file gets 16 KiB pages")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".corrupt-") }
        #expect(!aside.isEmpty)
    }
}
