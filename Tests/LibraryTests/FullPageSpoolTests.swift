import Foundation
import GRDB
import Testing

@testable import TVMCatalog
@testable import TVMRecords
@testable import TVMStore
@testable import TVMazeAPI

/// Issue 30, #9: a page of valid records that fills the answer cap (eight 3.9 MB shows) took 195 MB to print and
/// 175 MB to sync: the page was held as pieces, as a compact body for the cache, as the cache's copies, as the
/// records printed, and for a sync as entries with their search text.
@Suite("regressions: a page of valid records filling the answer cap is spooled, not held")
struct FullPageSpoolTests {
    /// Eight valid shows of about 700 KB each (5.6 MB in all: past the spool's 4 MiB and the cache's 4 MiB).
    static let records: [String] = (1...8).map { id in
        String(
            decoding: CatalogStoreTests.record(
                id: id, name: "Show \(id)",
                summary: String(repeating: Character(UnicodeScalar(UInt8(96 + id))), count: 700_000)),
            as: UTF8.self)
    }

    static let page = "[" + records.joined(separator: ",\n") + "]"

    @Test(
        "a page of valid records filling the answer cap was held several times: fetchArray hands back every record in order from a spool, caches nothing past 4 MiB, and leaves no file"
    )
    func showsPrintsFromSpool() async throws {
        let folder = try SpooledElementsTests.folder()
        // The first attempt is cut short after most of the page has gone to the spool: it is retried, and its
        // spool dropped.
        let cut = String(Self.page.prefix(Self.page.utf8.count - 1_000))
        let transport = ScriptedTransport([.json(cut), .json(Self.page)])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache, spoolDirectory: folder)
        do {
            let answer = try await client.fetchArray(.showIndex(page: 0))
            #expect(answer.leftOut.isEmpty)
            #expect(answer.elements.isSpilled)
            #expect(SpooledElementsTests.openFiles(under: folder).count == 1, "only the accepted attempt's spool")
            #expect(try RecordSizeCapTests.elements(answer) == Self.records)
        }
        #expect(SpooledElementsTests.openFiles(under: folder).isEmpty, "the spool's file goes with the answer")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(transport.callCount == 2)
        #expect(cache.stores.isEmpty, "a page over 4 MiB is not cached")
        _ = try await client.fetchArray(.showIndex(page: 0))
        #expect(transport.callCount == 3, "not cached: asked again")
    }

    @Test(
        "a page of valid records filling the answer cap was held several times: catalog sync stores every record from the spool in one transaction, and leaves no file"
    )
    func syncStoresFromSpool() async throws {
        let folder = try SpooledElementsTests.folder()
        let cut = String(Self.page.prefix(Self.page.utf8.count - 1_000))
        let transport = ScriptedTransport([.json(cut), .json(Self.page), .status(404)])
        let client = try ClientFactory.client(transport, spoolDirectory: folder)
        let store = try CatalogStore(writer: try DatabaseQueue())
        let summary = try await CatalogSync(store: store, client: client).run(full: false)
        #expect(summary.pages == 1)
        #expect(summary.written == 8)
        #expect(summary.invalidRecords == 0)
        #expect(transport.callCount == 3)
        let stored = try store.records(ids: Array(1...8))
        #expect((1...8).map { stored[$0].map { String(decoding: $0, as: UTF8.self) } } == Self.records)
        #expect(SpooledElementsTests.openFiles(under: folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a spool folder that cannot be written is a local failure (cannotSpool), not retried like the network")
    func unwritableSpool() async throws {
        let transport = ScriptedTransport([.json(Self.page)])
        let folder = "/nonexistent-\(UUID().uuidString)"
        let client = try ClientFactory.client(transport, spoolDirectory: folder)
        let error = await #expect(throws: APIError.self) { try await client.fetchArray(.showIndex(page: 0)) }
        guard case .cannotSpool(let url, let reason) = error else {
            Issue.record("expected cannotSpool, got \(String(describing: error))")
            return
        }
        #expect(url == ClientFactory.baseURL + "/shows?page=0")
        #expect(reason.hasPrefix("cannot spool the answer to a temporary file in \(folder)"))
        #expect(error?.isFetchFailure == false)
        #expect(error?.localizedDescription.contains("set TMPDIR to a writable folder") == true)
        #expect(transport.callCount == 1)
    }

    @Test("the index reads a summary's first 64 Ki characters: a 4 MB summary costs no more to index than that")
    func indexedSummaryIsCapped() throws {
        let summary = "<p>" + String(repeating: "word ", count: 800_000) + "tail</p>"
        let entry = try CatalogEntry(json: CatalogStoreTests.record(id: 1, name: "Long", summary: summary))
        #expect(entry.searchText.summary.hasPrefix("word word"))
        #expect(entry.searchText.summary.count <= CatalogEntry.indexedSummaryCharacters)
        #expect(entry.searchText.summary.count > CatalogEntry.indexedSummaryCharacters - 10)
        #expect(!entry.searchText.summary.contains("tail"))
        #expect(entry.json.count > 4_000_000, "the record itself is kept whole")
    }

    @Test("a page whose spool cannot be read back stores nothing of it: the page's transaction is all or nothing")
    func storeIsAllOrNothing() throws {
        let store = try CatalogStore(writer: try DatabaseQueue())
        let entries = try Self.records.prefix(3).map { try CatalogEntry(json: Array($0.utf8)) }
        var handed = 0
        struct Broken: Error {}
        #expect(throws: CatalogError.self) {
            try store.storePage(0, mode: .replacingRange, advancesFullSync: true) {
                handed += 1
                guard handed <= 2 else { throw Broken() }
                return entries[handed - 1]
            }
        }
        #expect(try store.info().shows == 0)
        #expect(try store.syncState().fullNextPage == nil)
    }
}
