import Foundation
import ReplayServer
import Testing

/// Runs the sqlite3 CLI on a database file.
@discardableResult
func sqlite(_ path: String, _ sql: String) async throws -> String {
    let result = try await Sandbox.run(
        executable: URL(fileURLWithPath: "/usr/bin/sqlite3"),
        arguments: [path, sql],
        stdin: nil,
        environment: ProcessInfo.processInfo.environment,
        directory: URL(fileURLWithPath: "/"),
        timeout: 30
    )
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("The HTTP response cache: offline first")
struct CacheTests {
    private func cacheFile(_ sandbox: Sandbox) -> String {
        sandbox.cacheHome.appendingPathComponent("tvm/http.sqlite").path
    }

    @Test("after a fetch, the same command works with the server stopped and exits 0")
    func servesWhenServerStopped() async throws {
        let (server, sandbox) = try await startReplay()
        let online = try await sandbox.run("tvm-fetch", ["shows", "--page", "1"])
        #expect(online.status == 0)
        await server.stop()
        let offline = try await sandbox.run("tvm-fetch", ["shows", "--page", "1"])
        #expect(offline.status == 0)
        #expect(offline.stdout == online.stdout)
        #expect(offline.stderr.isEmpty)
    }

    @Test("a fresh repeat makes zero requests, counted at the server")
    func freshRepeatIsFree() async throws {
        try await withReplay { server, sandbox in
            let first = try await sandbox.run("tvm-fetch", ["shows", "--all"])
            #expect(first.status == 0)
            #expect(server.log.count == 4)  // pages 0, 1, 2 and the 404 that ends the index
            let second = try await sandbox.run("tvm-fetch", ["shows", "--all"])
            #expect(second.status == 0)
            #expect(second.stdout == first.stdout)
            #expect(server.log.count == 4)
            _ = try await sandbox.run("tvm-fetch", ["show", "1", "--embed", "cast"])
            _ = try await sandbox.run("tvm-fetch", ["show", "1", "--embed", "cast"])
            #expect(server.log.count == 5)
        }
    }

    @Test("a stale entry is fetched again; with the server down the stale copy is served with a warning")
    func staleFallback() async throws {
        let (server, sandbox) = try await startReplay()
        let online = try await sandbox.run("tvm-fetch", ["show", "1"])
        #expect(online.status == 0)
        try await sqlite(cacheFile(sandbox), "UPDATE response SET fetched_at = fetched_at - 7200")
        let refetched = try await sandbox.run("tvm-fetch", ["show", "1"])
        #expect(refetched.status == 0)
        #expect(server.log.count == 2)
        try await sqlite(cacheFile(sandbox), "UPDATE response SET fetched_at = fetched_at - 7200")
        await server.stop()
        let stale = try await sandbox.run("tvm-fetch", ["show", "1", "--retries", "1"])
        #expect(stale.status == 0)
        #expect(stale.stdout == online.stdout)
        #expect(stale.stderr.contains("tvm-fetch: warning: network unavailable, showing data cached 2 hours ago"))
        #expect(stale.stderr.components(separatedBy: "warning: network unavailable").count == 2)
    }

    @Test("--offline serves fresh and stale copies without a request, and a miss exits 69")
    func offline() async throws {
        try await withReplay { server, sandbox in
            _ = try await sandbox.run("tvm-fetch", ["show", "1"])
            try await sqlite(cacheFile(sandbox), "UPDATE response SET fetched_at = fetched_at - 86400")
            let hit = try await sandbox.run("tvm-fetch", ["show", "1", "--offline", "--jq", ".name"])
            #expect(hit.status == 0)
            #expect(hit.lines == ["Under the Dome"])
            let miss = try await sandbox.run("tvm-fetch", ["show", "139", "--offline"])
            #expect(miss.status == 69)
            #expect(miss.stderr.contains("not in the local cache (offline)"))
            #expect(server.log.count == 1)
        }
    }

    @Test("--refresh asks the network for a fresh entry, and falls back to it when the network fails")
    func refresh() async throws {
        let (server, sandbox) = try await startReplay()
        _ = try await sandbox.run("tvm-fetch", ["show", "1"])
        let refreshed = try await sandbox.run("tvm-fetch", ["show", "1", "--refresh", "--jq", ".id"])
        #expect(refreshed.status == 0)
        #expect(server.log.count == 2)
        await server.stop()
        let fallback = try await sandbox.run("tvm-fetch", ["show", "1", "--refresh", "--retries", "0", "--jq", ".id"])
        #expect(fallback.status == 0)
        #expect(fallback.lines == ["1"])
        #expect(fallback.stderr.contains("warning: network unavailable, showing data cached"))
        let both = try await sandbox.run("tvm-fetch", ["show", "1", "--refresh", "--offline"])
        #expect(both.status == 64)
    }

    @Test("two processes fill the cache at once")
    func concurrentWriters() async throws {
        try await withReplay { _, sandbox in
            async let walk = sandbox.run("tvm-fetch", ["shows", "--all"])
            async let lists = sandbox.run("tvm-fetch", ["show", "1", "139", "424242", "--jq", ".id"])
            async let casts = sandbox.run("tvm-fetch", ["cast", "1"])
            let (a, b, c) = try await (walk, lists, casts)
            #expect(a.status == 0)
            #expect(a.lines.count == 727)
            #expect(b.status == 1)
            #expect(c.status == 0)
            #expect(try await sqlite(cacheFile(sandbox), "SELECT COUNT(*) FROM response") == "8")
            #expect(try await sqlite(cacheFile(sandbox), "PRAGMA integrity_check") == "ok")
        }
    }

    @Test("a corrupt cache file is set aside with a warning, and the request still succeeds")
    func corruptFile() async throws {
        try await withReplay { server, sandbox in
            let directory = sandbox.cacheHome.appendingPathComponent("tvm")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: cacheFile(sandbox)))
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".name"])
            #expect(result.status == 0)
            #expect(result.lines == ["Under the Dome"])
            #expect(result.stderr.contains("tvm-fetch: warning: the HTTP cache"))
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.contains { $0.hasPrefix("http.sqlite.corrupt-") })
            let again = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".name"])
            #expect(again.stderr.isEmpty)
            #expect(server.log.count == 1)
        }
    }

    @Test("an unwritable cache folder turns the cache off with a warning, the request still succeeds")
    func unwritableCache() async throws {
        try await withReplay { _, sandbox in
            let blocker = sandbox.cacheHome.appendingPathComponent("tvm")
            try FileManager.default.createDirectory(at: sandbox.cacheHome, withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: blocker)
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == ["1"])
            #expect(result.stderr.contains("caching is off for this run"))
        }
    }

    @Test("over the cap, least recently used entries are evicted")
    func eviction() async throws {
        try await withReplay { _, sandbox in
            // Compact pages are about 300-450 KB each: a 900 KB cap holds two of them.
            for page in ["0", "1", "2"] {
                let result = try await sandbox.run("tvm-fetch", ["shows", "--page", page, "--cache-max", "900KB"])
                #expect(result.status == 0)
            }
            let keys = try await sqlite(cacheFile(sandbox), "SELECT key FROM response ORDER BY key")
            #expect(!keys.contains("page=0"))
            #expect(keys.contains("page=1"))
            #expect(keys.contains("page=2"))
            let bytes = Int(try await sqlite(cacheFile(sandbox), "SELECT SUM(size) FROM response")) ?? 0
            #expect(bytes <= 900 * 1024)
            let info = try await sandbox.run("tvm-fetch", ["cache", "info"])
            #expect(info.lines.count == 1)
            #expect(info.stdout.contains("\"entries\":2"))
            let cleared = try await sandbox.run("tvm-fetch", ["cache", "clear"])
            #expect(cleared.status == 0)
            #expect(cleared.stderr.contains("removed 2 cached responses"))
            #expect(try await sqlite(cacheFile(sandbox), "SELECT COUNT(*) FROM response") == "0")
        }
    }

    @Test("a search the cache holds is served with the network gone, and still counts as a success")
    func searchServedOffline() async throws {
        let (server, sandbox) = try await startReplay()
        let online = try await sandbox.run("tvm-search", ["girls"])
        #expect(online.status == 0)
        await server.stop()
        let offline = try await sandbox.run("tvm-search", ["girls"])
        #expect(offline.status == 0)
        #expect(offline.stdout == online.stdout)
        let forced = try await sandbox.run("tvm-search", ["girls", "--offline", "--jq", "._tvm.score"])
        #expect(forced.status == 0)
        #expect(forced.lines.count == 10)
        let history = try await sandbox.run("tvm-search", ["--history", "--jq", ".query"])
        #expect(history.lines == ["girls"])
    }
}
