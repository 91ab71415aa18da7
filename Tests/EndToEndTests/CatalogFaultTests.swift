import Foundation
import ReplayServer
import Testing

@Suite("tvm-fetch catalog sync: faults, bad records, two syncs at once, database problems")
struct CatalogFaultTests {
    @Test("a page that fails after its retries is reported, the rest is stored, and the next sync fetches it")
    func failedPageIsRetriedNextTime() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        server.addFault(.serverError(status: 503), matching: .exact("/shows?page=1"))
        let first = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--retries", "0"])
        #expect(first.status == 69)
        #expect(first.stderr.contains("page 1 failed"))
        #expect(first.stderr.contains("fetched again by the next sync"))
        var info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count - world.ids(onPage: 1).count)
        #expect(info["pending_pages"] as? [Int] == [1])
        server.removeAllFaults()
        server.log.removeAll()
        let second = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(server.log.requests.map(\.target) == ["/shows?page=1", "/updates/shows?since=day", "/shows?page=3"])
        info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count)
        #expect(info["pending_pages"] as? [Int] == [])
    }

    @Test("a page cut short stores nothing of it; a 429 storm is paced and loses nothing")
    func truncatedAndRateLimited() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        server.addFault(.truncatedBody(keepingBytes: 5000), matching: .exact("/shows?page=1"))
        let cut = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--retries", "0"])
        #expect(cut.status == 69)
        let info = try await sandbox.catalogInfo()
        #expect(info["shows"] as? Int == world.ids.count - world.ids(onPage: 1).count)

        let storm = try Sandbox(apiURL: server.baseURL)
        server.removeAllFaults()
        server.addFault(.tooManyRequests(retryAfter: 1), matching: .prefix("/shows?page="), times: 2)
        let paced = try await storm.run("tvm-fetch", ["catalog", "sync"])
        #expect(paced.status == 0, "\(paced.stderr)")
        #expect(try await storm.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    @Test("a record of invalid JSON in a page is reported with its position and left out; the others are stored")
    func invalidRecord() async throws {
        let world = try CatalogWorld()
        let victim = world.ids(onPage: 2)[3]
        world.replaceOnPage(victim, with: "{\"id\":\(victim),\"name\":}")
        try world.write()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 65)
        #expect(sync.stderr.contains("page 2, record 4: invalid JSON"))
        #expect(sync.stderr.contains("1 invalid record left out"))
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count - 1)
    }

    @Test("three failed pages in a row stop the sync; the next one resumes there without asking page 0 again")
    func resumes() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        for page in 1...3 { server.addFault(.serverError(status: 500), matching: .exact("/shows?page=\(page)")) }
        let stopped = try await sandbox.run("tvm-fetch", ["catalog", "sync", "--retries", "0"])
        #expect(stopped.status == 69)
        #expect(stopped.stderr.contains("the sync stopped at page 1"))
        let info = try await sandbox.catalogInfo()
        #expect(info["resumes_at_page"] as? Int == 1)
        #expect(info["complete"] as? Bool == false)
        #expect(info["shows"] as? Int == world.ids(onPage: 0).count)
        server.removeAllFaults()
        server.log.removeAll()
        let resumed = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming the interrupted sync at page 1"))
        #expect(server.log.requests.map(\.target) == ["/shows?page=1", "/shows?page=2", "/shows?page=3"])
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }

    @Test("with no catalogue --local and info say how to make one and exit 69; clear asks, or takes --yes")
    func missingAndClear() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        for arguments in [
            ["tvm-search", "--local", "girls"], ["tvm-search", "--local", "--genre", "Drama"],
            ["tvm-fetch", "catalog", "info"],
        ] {
            let result = try await sandbox.run(arguments[0], Array(arguments.dropFirst()))
            #expect(result.status == 69)
            #expect(result.stderr.contains("tvm-fetch catalog sync"))
            #expect(result.stderr.contains("95,000 shows"))
        }
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let refused = try await sandbox.run("tvm-fetch", ["catalog", "clear"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--yes"))
        #expect(FileManager.default.fileExists(atPath: sandbox.catalog.path))
        let cleared = try await sandbox.run("tvm-fetch", ["catalog", "clear", "--yes"])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.catalog.path))
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "info"]).status == 69)
    }

    @Test("a damaged catalogue is moved aside and rebuilt; a read-only one exits 74 with the fix")
    func damagedAndReadOnly() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        try FileManager.default.createDirectory(
            at: sandbox.catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 4096).write(to: sandbox.catalog)
        let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stderr.contains("was damaged"))
        #expect(sync.stderr.contains("made anew"))
        let folder = sandbox.catalog.deletingLastPathComponent()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.contains(".corrupt-") })
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.catalog.path)
        // Root ignores file permissions: run the tool as nobody, who then owns the folder and the (0444) file.
        var prefix: [String] = []
        if getuid() == 0 {
            for path in [sandbox.root.path, sandbox.dataHome.path, folder.path, sandbox.catalog.path] {
                chown(path, 65_534, 65_534)
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let readOnly = try await Sandbox.run(
            executable: URL(fileURLWithPath: prefix.first ?? Binaries.url("tvm-fetch").path),
            arguments: Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [Binaries.url("tvm-fetch").path])
                + ["catalog", "sync", "--full"],
            stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 60)
        #expect(readOnly.status == 74)
        #expect(readOnly.stderr.contains("read-only"))
        #expect(readOnly.stderr.contains("chmod u+w"))
    }
}
