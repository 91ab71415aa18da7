import Foundation
import ReplayServer
import Testing

/// Regressions of the local state the tools keep beside their work: the search history and the HTTP cache.
@Suite("regressions: local state never fails a run, and the HTTP cache keeps to its size")
struct LocalStateRegressionTests {
    private func cacheFile(_ sandbox: Sandbox) -> String {
        sandbox.cacheHome.appendingPathComponent("tvm/http.sqlite").path
    }

    private func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    // tvm-search printed its results and then exited 74 when the history could not be saved (an unwritable
    // $XDG_STATE_HOME, a read-only $HOME), which failed `tvm-search … | tvm-fav add` under pipefail.
    @Test(
        "a search whose history cannot be saved prints its results, warns, and exits 0",
        arguments: ["XDG_STATE_HOME", "HOME"])
    func unsavedHistoryIsAWarning(_ blocked: String) async throws {
        try await withReplay { server, sandbox in
            // A file where the folder should be: no user, root included, can create the state folder below it.
            let blocker = sandbox.root.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let environment: [String: String?] =
                blocked == "HOME" ? ["HOME": blocker.path, "XDG_STATE_HOME": nil] : ["XDG_STATE_HOME": blocker.path]
            let result = try await sandbox.runInProcess("tvm-search", ["squid", "game"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.lines == (try expectedSearchLines("search/shows/q=squid%20game.json", baseURL: server.baseURL)))
            #expect(result.stderr.hasPrefix("tvm-search: warning: cannot create the state folder "))
            #expect(result.stderr.contains("(Not a directory)"))
            #expect(result.stderr.hasSuffix("; the search was not remembered\n"))

            var pipeline = sandbox.environment
            for (key, value) in environment { pipeline[key] = value }
            pipeline["PATH"] = Binaries.directory.path + ":" + (pipeline["PATH"] ?? "/usr/bin:/bin")
            let added = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-o", "pipefail", "-c", "tvm-search squid game | tvm-fav add --db favs.sqlite --jq .id"],
                stdin: nil, environment: pipeline, directory: sandbox.root, timeout: 60)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.lines.count == result.lines.count)
        }
    }

    // `tvm-search girls > /dev/full` exited 74 but remembered "girls" as a successful search.
    @Test("a search whose results cannot be written is not remembered")
    func unwrittenSearchIsNotRemembered() async throws {
        try await withReplay { _, sandbox in
            let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
            let failed = try await Sandbox.run(
                executable: Binaries.url("tvm-search"), arguments: ["girls"], stdin: nil,
                environment: sandbox.environment, directory: sandbox.root, timeout: 60, standardOutput: full)
            #expect(failed.status == 74)
            #expect(failed.stderr.contains("No space left on device"), "\(failed.stderr)")
            let history = sandbox.stateHome.appendingPathComponent("tvm/search-history.jsonl")
            #expect(!FileManager.default.fileExists(atPath: history.path))
            let listed = try await sandbox.runInProcess("tvm-search", ["--history", "--jq", ".query"])
            #expect(listed.status == 0)
            #expect(listed.lines.isEmpty)

            let written = try await sandbox.runInProcess("tvm-search", ["girls", "--jq", ".id"])
            #expect(written.status == 0)
            let remembered = try await sandbox.runInProcess("tvm-search", ["--history", "--jq", ".query"])
            #expect(remembered.lines == ["girls"])
        }
    }

    // After `tvm-fetch cache clear` the WAL held the whole old cache: 20 MB on disk before, 20 MB after.
    @Test("cache clear gives the space back: http.sqlite and http.sqlite-wal end a few pages long")
    func cacheClearGivesTheSpaceBack() async throws {
        try await withReplay(syntheticPages: 12) { _, sandbox in
            let filled = try await sandbox.runInProcess("tvm-fetch", ["shows", "--all", "--jq", ".id"])
            #expect(filled.status == 0, "\(filled.stderr)")
            let path = cacheFile(sandbox)
            let entries = try await sqlite(path, "SELECT COUNT(*) FROM response")
            #expect(fileSize(path) + fileSize(path + "-wal") > 3_000_000)

            let cleared = try await sandbox.runInProcess("tvm-fetch", ["cache", "clear"])
            #expect(cleared.status == 0, "\(cleared.stderr)")
            #expect(cleared.stderr == "tvm-fetch: note: removed \(entries) cached responses\n")
            #expect(fileSize(path) <= 64 * 1024, "http.sqlite: \(fileSize(path)) bytes")
            #expect(fileSize(path + "-wal") <= 64 * 1024, "http.sqlite-wal: \(fileSize(path + "-wal")) bytes")
            let info = try await sandbox.runInProcess(
                "tvm-fetch", ["cache", "info", "--jq", "[.entries, .file_bytes] | @tsv"])
            let figures = info.lines.first?.split(separator: "\t").compactMap { Int($0) } ?? []
            #expect(figures.count == 2 && figures[0] == 0 && figures[1] <= 128 * 1024, "\(info.stdout)")
            #expect(try await sqlite(path, "PRAGMA integrity_check") == "ok")

            let again = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "0", "--jq", ".id"])
            #expect(again.status == 0)
            #expect(try await sqlite(path, "SELECT COUNT(*) FROM response") == "1")
        }
    }

    // With --cache-max 1KiB the newest entry was always kept: a 348 KB index page sat in a 1 KiB cache.
    @Test("--cache-max is a hard cap: a response larger than the cap is printed but not stored")
    func cacheMaxIsAHardCap() async throws {
        try await withReplay { server, sandbox in
            let path = cacheFile(sandbox)
            let stored = { try await sqlite(path, "SELECT COALESCE(SUM(size), 0) FROM response") }

            let page = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "0", "--cache-max", "1KiB"])
            #expect(page.status == 0, "\(page.stderr)")
            #expect(page.lines == (try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)))
            #expect(try await stored() == "0")
            let info = try await sandbox.runInProcess("tvm-fetch", ["cache", "info", "--jq", ".bytes"])
            #expect(info.lines == ["0"])
            let asked = server.log.count(matching: .exact("/shows?page=0"))
            let repeated = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "0", "--cache-max", "1KiB"])
            #expect(repeated.stdout == page.stdout)
            // Nothing was kept, so the repeat asked again (twice, when a loaded machine makes it retry the page).
            #expect(
                server.log.count(matching: .exact("/shows?page=0")) > asked,
                "\(server.log.requests.map { "\($0.target) \($0.outcome)" })")

            // A response that fits is kept; one over the cap also evicts what an earlier, larger cap let in.
            let none = try await sandbox.runInProcess("tvm-search", ["no such show", "--cache-max", "1KiB"])
            #expect(none.status == 1)
            #expect(try await stored() == "2")  // the empty result, []
            _ = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "1"])
            #expect((Int(try await stored()) ?? 0) > 1024)
            let show = try await sandbox.runInProcess(
                "tvm-fetch", ["show", "1", "--cache-max", "1KiB", "--jq", ".name"])
            #expect(show.lines == ["Under the Dome"])
            #expect((Int(try await stored()) ?? .max) <= 1024)
            #expect(try await sqlite(path, "SELECT COUNT(*) FROM response WHERE key LIKE '%/shows/1'") == "0")
        }
    }
}
