import Foundation
import ReplayServer
import Testing

/// The targets of the API requests the server received, in order.
private func targets(_ server: ReplayServer) -> [String] {
    server.log.requests.filter(\.isAPI).map(\.target)
}

@Suite("tvm-fetch catalog sync against the replay server, requests counted at the server")
struct CatalogSyncTests {
    @Test("a first sync pages the index until the 404; later syncs fetch only what changed, within the budget")
    func firstThenIncremental() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        let first = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.isEmpty)
        #expect(first.stderr.contains("full sync: \(world.ids.count) shows"))
        #expect(targets(server) == ["/shows?page=0", "/shows?page=1", "/shows?page=2", "/shows?page=3"])
        var info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count)
        #expect(info["complete"] as? Bool == true)

        // Three shows changed on page 0, a fourth whose page copy is stale, one on page 1, and a new show.
        let now = Int(Date().timeIntervalSince1970)
        let page0 = world.ids(onPage: 0)
        let (a, b, c, stale) = (page0[0], page0[10], page0[20], page0[30])
        let lone = world.ids(onPage: 1)[5]
        world.change(a, name: "Changed Alpha", updated: now - 100)
        world.change(b, name: "Changed Beta", updated: now - 100)
        world.change(c, name: "Changed Gamma", updated: now - 100)
        world.change(stale, name: "Stale Delta", updated: now - 100, staleOnPage: true)
        world.change(lone, name: "Lonely Epsilon", updated: now - 100)
        world.add(760, copying: 139, name: "Brand New Zeta", updated: now - 50)
        try world.write()
        server.reloadFixtures()
        server.log.removeAll()
        let second = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(second.status == 0, "\(second.stderr)")
        // The updates list, page 0 (three fresh changes), the stale show and the lone one alone, the new show
        // alone (its page 3 holds nothing else), and the page past the end: 2 + min(6, 3 pages) + 1 stale.
        #expect(
            targets(server) == [
                "/updates/shows?since=day", "/shows?page=0", "/shows/\(stale)", "/shows/\(lone)", "/shows/760",
                "/shows?page=4",
            ])
        for (name, id) in [
            ("changed alpha", a), ("changed beta", b), ("changed gamma", c), ("stale delta", stale),
            ("lonely epsilon", lone), ("brand new zeta", 760),
        ] {
            let search = try await sandbox.run("tvm-search", ["--local", name, "--jq", ".id"])
            #expect(search.lines.first == String(id), "\(name)")
        }
        info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count)

        // Three days later: the week's list; nothing changed, so only the page past the end is asked.
        try await sqlite(sandbox.catalog.path, "UPDATE sync_state SET last_sync = last_sync - 3 * 86400")
        server.log.removeAll()
        let weekly = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(weekly.status == 0, "\(weekly.stderr)")
        #expect(targets(server) == ["/updates/shows?since=week", "/shows?page=4"])

        // Forty days later: the full list, and a show TVMaze no longer lists is removed.
        let gone = world.ids(onPage: 2)[0]
        let goneName = world.name(of: gone)
        world.remove(gone)
        try world.write()
        server.reloadFixtures()
        try await sqlite(sandbox.catalog.path, "UPDATE sync_state SET last_sync = last_sync - 40 * 86400")
        server.log.removeAll()
        let monthly = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(monthly.status == 0, "\(monthly.stderr)")
        #expect(targets(server) == ["/updates/shows", "/shows?page=4"])
        info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count)
        let removed = try await sandbox.run("tvm-search", ["--local", goneName, "--jq", ".id"])
        #expect(!removed.lines.contains(String(gone)))

        // --full pages everything again.
        server.log.removeAll()
        let full = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--full"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(
            targets(server) == ["/shows?page=0", "/shows?page=1", "/shows?page=2", "/shows?page=3", "/shows?page=4"])
    }

    // Regression: two or more new shows past the index's last page made the sync ask that page, which TVMaze
    // does not serve yet, and stop with "not found" (exit 1) at every run until it did.
    @Test("new shows on an index page not served yet are fetched alone, and the sync completes")
    func newShowsPastTheIndex() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let lastPage = try #require(world.ids.last) / 250
        let (first, second) = ((lastPage + 1) * 250 + 10, (lastPage + 1) * 250 + 11)
        let now = Int(Date().timeIntervalSince1970)
        world.add(first, copying: 139, name: "Unpaged Eta", updated: now - 50, onPage: false)
        world.add(second, copying: 139, name: "Unpaged Theta", updated: now - 50, onPage: false)
        try world.write()
        server.reloadFixtures()
        server.log.removeAll()
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(
            targets(server) == [
                "/updates/shows?since=day", "/shows?page=\(lastPage + 1)", "/shows/\(first)", "/shows/\(second)",
                "/shows?page=\(lastPage + 2)",
            ])
        for (name, id) in [("unpaged eta", first), ("unpaged theta", second)] {
            let search = try await sandbox.run("tvm-search", ["--local", name, "--jq", ".id"])
            #expect(search.lines.first == String(id), "\(name)")
        }
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    @Test("catalog sync takes its time from TVM_NOW: the sync's start is the last sync, and the window follows it")
    func syncFollowsTVMNow() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        sandbox.extraEnvironment["TVM_NOW"] = "2031-05-04T03:02:01Z"
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        #expect(try await sandbox.catalogInfo()["last_sync"] as? String == "2031-05-04T03:02:01Z")
        // Two days later by TVM_NOW: the smallest window covering them is the week.
        server.log.removeAll()
        sandbox.extraEnvironment["TVM_NOW"] = "2031-05-06T03:02:01Z"
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        #expect(targets(server).contains("/updates/shows?since=week"), "\(targets(server))")
        #expect(try await sandbox.catalogInfo()["last_sync"] as? String == "2031-05-06T03:02:01Z")
        sandbox.extraEnvironment["TVM_NOW"] = "yesterday"
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 64)
    }

    @Test("catalog info measures the catalogue's age from TVM_NOW, as every other now")
    func infoAgeFollowsTVMNow() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let last = try #require(try await sandbox.catalogInfo()["last_sync"] as? String)
        let synced = try Date(last, strategy: .iso8601)
        let later = synced.addingTimeInterval(3 * 86_400)
        sandbox.extraEnvironment["TVM_NOW"] = later.formatted(.iso8601)
        // last_sync is shown to the second; the stored time has its fraction.
        let age = try #require(try await sandbox.catalogInfo()["age_seconds"] as? Int)
        #expect((3 * 86_400 - 1...3 * 86_400).contains(age), "\(age)")
        sandbox.extraEnvironment["TVM_NOW"] = "yesterday"
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "info"]).status == 64)
    }

    @Test("after a sync, --local and --offline search with the server stopped, and pipe into tvm-fav add")
    func offline() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let online = try await sandbox.run("tvm-fetch", ["shows", "--page", "0"])
        await server.stop()
        let local = try await sandbox.run("tvm-search", ["--local", "girls"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.lines.count == 10)
        #expect(local.lines.first?.hasPrefix("{\"id\":139,") == true)
        // The record as TVMaze sent it, with _tvm.score appended.
        let sent = try #require(online.lines.first { $0.hasPrefix("{\"id\":139,") })
        let first = try #require(local.lines.first)
        #expect(first.hasPrefix(String(sent.dropLast()) + ",\"_tvm\":{\"score\":"))
        // tvm-fetch shows --local: the same page, byte for byte, and other orders.
        let page = try await sandbox.run("tvm-fetch", ["shows", "--local", "--page", "0"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout == online.stdout)
        let popular = try await sandbox.run(
            "tvm-fetch", ["shows", "--local", "--sort", "popularity", "--limit", "7", "--jq", ".weight"])
        let weights = popular.lines.compactMap(Int.init)
        #expect(weights.count == 7 && weights == weights.sorted(by: >))
        let everything = try await sandbox.run("tvm-fetch", ["shows", "--local", "--all", "--jq", ".id"])
        #expect(everything.lines.map { Int($0) ?? -1 } == world.ids)
        let offline = try await sandbox.run("tvm-search", ["--offline", "girls"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == local.stdout)
        let add = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: local.stdout)
        #expect(add.status == 0, "\(add.stderr)")
        let list = try await sandbox.run("tvm-fav", ["list", "--jq", ".id"])
        #expect(list.lines.count == 10)
        #expect(list.lines.first == "139")
    }

    @Test("filters, orders, limits and browsing; FTS syntax is searched as words; filters need --local")
    func filtersAndSyntax() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let rated = try await sandbox.run(
            "tvm-search",
            [
                "--local", "--genre", "drama", "--min-rating", "8", "--sort", "rating", "--limit", "5",
                "--jq", ".rating.average",
            ])
        #expect(rated.status == 0, "\(rated.stderr)")
        let ratings = rated.lines.compactMap(Double.init)
        #expect(ratings.count == 5)
        #expect(ratings == ratings.sorted(by: >) && ratings.allSatisfy { $0 >= 8 })
        let all = try await sandbox.run("tvm-search", ["--local", "--genre", "Drama", "--limit", "0", "--jq", ".id"])
        let dramas = world.ids.filter {
            world.records[$0]!.contains("\"genres\":[") && world.records[$0]!.contains("\"Drama\"")
        }
        #expect(all.lines.count == dramas.count)
        let years = try await sandbox.run(
            "tvm-search", ["--local", "--premiered", "2010..2012", "--limit", "0", "--jq", ".premiered[:4]"])
        #expect(!years.lines.isEmpty && years.lines.allSatisfy { ["2010", "2011", "2012"].contains($0) })
        for query in ["AND(", "girls\" OR \"", "NEAR(", "name:x"] {
            let result = try await sandbox.run("tvm-search", ["--local", query])
            #expect([0, 1].contains(result.status), "\(query): \(result.stderr)")
            #expect(!result.stderr.contains("error"), "\(query): \(result.stderr)")
        }
        // Punctuation alone has no word to search for: refused like an empty query (issue 30 #14), never an FTS error.
        for query in ["\"", "*"] {
            let result = try await sandbox.run("tvm-search", ["--local", query])
            #expect(result.status == 64, "\(query): \(result.stderr)")
            #expect(result.stderr.contains("has no word to search for"), "\(query): \(result.stderr)")
        }
        let online = try await sandbox.run("tvm-search", ["--genre", "Drama", "girls"])
        #expect(online.status == 64)
        #expect(online.stderr.contains("--genre needs --local"))
        let badYears = try await sandbox.run("tvm-search", ["--local", "--premiered", "2012..2010"])
        #expect(badYears.status == 64)
        // Past 10 different words, the rest are left out, and a warning says which were searched (issue 30 #8).
        let many = try await sandbox.run(
            "tvm-search", ["--local", "girls girls a b c d e f g h i j k", "--jq", ".name"])
        let searched = try await sandbox.run("tvm-search", ["--local", "girls a b c d e f g h i", "--jq", ".name"])
        #expect(many.status == 0 && searched.status == 0, "\(many.stderr)")
        #expect(!searched.stdout.isEmpty && many.stdout == searched.stdout, "the words past the tenth change nothing")
        #expect(
            many.stderr
                == "tvm-search: warning: only the first 10 different words of the query are searched (at most 10 "
                + "words, 200 characters): \"girls a b c d e f g h i\"\n", "\(many.stderr)")
    }
}
