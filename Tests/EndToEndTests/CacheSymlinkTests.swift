import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: the HTTP cache followed a symbolic link into another SQLite file.
@Suite("regressions: a symlinked HTTP cache file is refused")
struct CacheSymlinkTests {
    @Test(
        "http.sqlite symlinked to another SQLite file got our tables and a VACUUM: refused, the target untouched")
    func symlinkedCacheIsRefused() async throws {
        try await withReplay { server, sandbox in
            let folder = sandbox.cacheHome.appendingPathComponent("tvm")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let precious = sandbox.root.appendingPathComponent("precious.sqlite").path
            try await sqlite(precious, "CREATE TABLE mine(x); INSERT INTO mine VALUES (42);")
            let before = try Data(contentsOf: URL(fileURLWithPath: precious))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("http.sqlite").path, withDestinationPath: precious)

            let fetched = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".name"])
            #expect(fetched.status == 0, "\(fetched.stderr)")
            #expect(fetched.lines == ["Under the Dome"])
            #expect(
                fetched.stderr.contains("it is a symbolic link; give the path of a file); caching is off for this run"),
                "\(fetched.stderr)")
            // Nothing was cached: the same request goes to the server again.
            _ = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".name"])
            #expect(server.log.count == 2)

            let cleared = try await sandbox.run("tvm-fetch", ["cache", "clear"])
            #expect(cleared.status == 74)
            #expect(cleared.stdout.isEmpty)
            #expect(cleared.stderr.hasPrefix("tvm-fetch: error: refusing the HTTP cache "), "\(cleared.stderr)")
            #expect(cleared.stderr.contains("it is a symbolic link"))
            let info = try await sandbox.run("tvm-fetch", ["cache", "info"])
            #expect(info.status == 74)

            #expect(try Data(contentsOf: URL(fileURLWithPath: precious)) == before)
            #expect(try await sqlite(precious, "SELECT name FROM sqlite_master ORDER BY name") == "mine")
            #expect(!FileManager.default.fileExists(atPath: precious + "-wal"))
        }
    }
}
