import Foundation
import GRDB
import Testing

@testable import TVMStore

/// `CatalogStore.damage()`, which `catalog sync --full` runs to move a damaged catalogue aside (issue 30 #13).
@Suite("CatalogStore.damage: a damaged record or full-text index is found")
struct CatalogIntegrityTests {
    private func catalogue() throws -> (DatabaseQueue, CatalogStore) {
        let queue = try DatabaseQueue()
        let store = try CatalogStore(writer: queue)
        let records = (1...40).map { CatalogStoreTests.record(id: $0, name: "Show \($0)", summary: "words \($0)") }
        try store.store(try records.map { try CatalogEntry(json: $0) })
        return (queue, store)
    }

    @Test("a whole catalogue has no damage")
    func whole() throws {
        let (_, store) = try catalogue()
        #expect(try store.damage() == nil)
    }

    @Test("a stored record with a control byte is damage that names the show")
    func record() throws {
        let (queue, store) = try catalogue()
        try queue.write { db in
            try db.execute(sql: "UPDATE show_record SET record = '{\"id\":7,' || char(1) || '}' WHERE id = 7")
        }
        #expect(try store.damage() == "show 7's record is not compact JSON")
    }

    @Test("a full-text index that lost its rows fails FTS5's integrity-check")
    func index() throws {
        let (queue, store) = try catalogue()
        try queue.write { db in try db.execute(sql: "DELETE FROM show_search_data WHERE id > 10") }
        let damage = try #require(try store.damage())
        #expect(damage.hasPrefix("the full-text index: ") || damage.contains("malformed"), "\(damage)")
    }
}
