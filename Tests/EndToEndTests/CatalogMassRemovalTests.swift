import Foundation
import ReplayServer
import Testing

/// One bad answer must not empty the catalogue (issue 30 #3): an unusable updates list changes nothing, and a
/// sync that would remove more than a bounded share of the shows stops before removing any, unless told
/// `--allow-mass-removal`.
@Suite("tvm-fetch catalog sync never removes most of the catalogue on one answer")
struct CatalogMassRemovalTests {
    /// Syncs a catalogue world, then makes its last sync 40 days old, so the next one asks the full updates list.
    private func syncedMonthAgo() async throws -> (CatalogWorld, ReplayServer, Sandbox) {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        let first = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(first.status == 0, "\(first.stderr)")
        try await sqlite(sandbox.catalog.path, "UPDATE sync_state SET last_sync = last_sync - 40 * 86400")
        return (world, server, sandbox)
    }

    // Regression: after more than 30 days, an updates answer of `{}` made the sync report "9600 removed", exit 0.
    @Test(
        "one bad /updates/shows answer deleted the catalogue: {} or invalid values now exit 65, removing nothing",
        arguments: [
            ("{}", "full updates list is empty"), (#"{"1":"soon","2":1700000000}"#, #"the member "1": "soon""#),
            (#"{"abc":1700000000}"#, #""abc": 1700000000"#),
        ])
    func invalidUpdates(body: String, message: String) async throws {
        let (world, server, sandbox) = try await syncedMonthAgo()
        defer { Task { await server.stop() } }
        try Data(body.utf8).write(to: world.root.appendingPathComponent("updates/shows.json"))
        server.reloadFixtures()
        server.log.removeAll()
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 65, "\(sync.stderr)")
        #expect(sync.stderr.contains(message), "\(sync.stderr)")
        #expect(sync.stderr.contains("nothing was changed"), "\(sync.stderr)")
        #expect(server.log.requests.filter(\.isAPI).map(\.target) == ["/updates/shows"])
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    @Test("a full updates list that lacks more shows than one sync may remove removes none, exit 65")
    func incompleteUpdates() async throws {
        let (world, server, sandbox) = try await syncedMonthAgo()
        defer { Task { await server.stop() } }
        let gone = Array(world.ids.suffix(150))
        for id in gone { world.remove(id) }
        try world.write()
        server.reloadFixtures()
        let refused = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "this sync would remove 150 of the \(gone.count + world.ids.count) shows in the catalogue, more "
                    + "than the 100 one sync may remove"), "\(refused.stderr)")
        #expect(refused.stderr.contains("tvm-fetch catalog sync --allow-mass-removal"), "\(refused.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == gone.count + world.ids.count)

        let allowed = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--allow-mass-removal"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("150 removed"), "\(allowed.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    @Test("a few shows gone from the full updates list are removed without --allow-mass-removal")
    func boundedRemoval() async throws {
        let (world, server, sandbox) = try await syncedMonthAgo()
        defer { Task { await server.stop() } }
        for id in world.ids.suffix(5) { world.remove(id) }
        try world.write()
        server.reloadFixtures()
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("5 removed"), "\(sync.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    /// Syncs a new catalogue world, then has TVMaze drop the shows `gone` picks: a `--full` pass, and the sync
    /// that goes on after it, must each stop with exit 65 and the catalogue whole, until `--allow-mass-removal`
    /// removes them all.
    private func expectFullPassRefused(removing gone: (CatalogWorld) throws -> [Int]) async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let stored = world.ids.count
        let gone = try gone(world)
        for id in gone { world.remove(id) }
        try world.write()
        server.reloadFixtures()
        let full = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--full"])
        #expect(full.status == 65, "\(full.stderr)")
        #expect(full.stderr.contains("would remove \(gone.count) of the \(stored) shows"), "\(full.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == stored)
        // The next sync goes on where the pass stopped, and stops again: nothing is removed until told.
        let again = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(again.status == 65, "\(again.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == stored)
        let allowed = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--allow-mass-removal"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("\(gone.count) removed"), "\(allowed.stderr)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == stored - gone.count)
    }

    // Regression: `sync --full` against an index that ended after 3 pages where 40 were stored removed 93%.
    @Test("a full pass over an index that ends far below the stored last page removes nothing, exit 65")
    func indexEndsEarly() async throws {
        try await expectFullPassRefused { world in world.ids.filter { $0 >= 250 } }
    }

    // Regression: each page's missing shows were removed as the page was stored, so a full pass stopped at the
    // limit having removed up to it and said "nothing was removed", and the next run counted afresh.
    @Test("a full pass whose pages each lack some shows, more than one sync may remove in all, removes none, exit 65")
    func removalsSpreadOverPages() async throws {
        try await expectFullPassRefused { world in
            let gone = Dictionary(grouping: world.ids, by: { $0 / 250 }).sorted { $0.key < $1.key }
                .flatMap { $0.value.sorted().prefix(45) }
            try #require(gone.count > 100 && Set(gone.map { $0 / 250 }).count > 2, "the world has too few pages")
            return gone
        }
    }
}
