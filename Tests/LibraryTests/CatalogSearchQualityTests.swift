import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

@Suite("Catalogue search quality against TVMaze's recorded searches")
struct CatalogSearchQualityTests {
    typealias Fixtures = RawJSONFixtures

    /// Every show record in the fixtures: the index pages, single shows, and the shows of recorded searches.
    static func catalogue() throws -> CatalogStore {
        var records: [Int: [UInt8]] = [:]
        for path in Fixtures.allPaths() {
            let bytes = try Fixtures.bytes(path)
            if path.hasPrefix("shows/page-") {
                for element in try RawJSON.elements(ofArray: bytes) {
                    if let show = try ShowRecord(json: element) { records[show.id] = show.json }
                }
            } else if path.hasPrefix("search/shows/") {
                for result in try RawJSON.elements(ofArray: bytes) {
                    if let value = try RawJSON.value(forKey: "show", in: result), let show = try ShowRecord(json: value)
                    {
                        records[show.id] = show.json
                    }
                }
            } else if path.hasPrefix("shows/"), path.split(separator: "/").count == 2,
                let show = try? ShowRecord(json: bytes)
            {
                records[show.id] = show.json
            }
        }
        let store = try CatalogStore(writer: try DatabaseQueue())
        try store.store(try records.values.map { try CatalogEntry(json: $0) })
        return store
    }

    @Test("for every recorded search whose top hit is in the catalogue, the local top hit is the same show")
    func topHitsAgree() throws {
        let store = try Self.catalogue()
        var compared = 0
        for path in Fixtures.allPaths() where path.hasPrefix("search/shows/q=") {
            let results = try RawJSON.elements(ofArray: try Fixtures.bytes(path))
            guard let first = results.first, let show = try RawJSON.value(forKey: "show", in: first),
                let top = try ShowRecord(json: show)
            else { continue }
            let name = String(path.dropFirst("search/shows/q=".count).dropLast(".json".count))
            let query = try #require(name.removingPercentEncoding)
            guard try !store.records(ids: [top.id]).isEmpty else { continue }
            let local = try store.search(CatalogQuery(text: query)).first?.id
            #expect(local == top.id, "\(query): TVMaze's top hit is \(top.id) \(top.name)")
            compared += 1
        }
        #expect(compared >= 12, "the recorded searches were compared")
    }
}
