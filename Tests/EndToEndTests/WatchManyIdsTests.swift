import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: `tvm-fav watch` with many unknown episode ids cost one paced request each.
@Suite("regressions: watch resolves many episodes of a show with one list request")
struct WatchManyIdsTests {
    @Test(
        "tvm-fav watch with many unknown episode ids cost one paced request each: marks of one show cost the show and its list"
    )
    func manyUnknownIdsOfOneShow() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let ids = Array(1...13)
            let marks = ids.map { #"{"episode":\#($0),"show":1,"watched_at":null}"# }.joined(separator: "\n")
            let result = try await sandbox.runInProcess("tvm-fav", ["watch", "--jq", ".id"], stdin: marks + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines == ids.map(String.init))
            // The show's list resolves all thirteen: no request per episode.
            let targets = server.log.requests.map(\.target)
            #expect(server.log.count(matching: .prefix("/episodes/")) == 0, "\(targets)")
            #expect(server.log.count(matching: .exact("/shows/1")) == 1, "\(targets)")
            #expect(server.log.count(matching: .prefix("/shows/1/episodes")) == 1, "\(targets)")
            // Stored now: the same marks again ask nothing.
            let again = try await sandbox.runInProcess("tvm-fav", ["watch", "--jq", ".id"], stdin: marks + "\n")
            #expect(again.status == 0)
            #expect(server.log.count == targets.count)
        }
    }

    /// The requests a run of bare ids of shows 1, 2 and 43 (none a favorite) makes: one lookup that carries the
    /// show, and one list, a show (fixtures `episodes/{id}/embed=show.json`, see CONSTRUCTED.md).
    static let perShow = [
        "/episodes/1?embed=show", "/shows/1/episodes?specials=1",
        "/episodes/28?embed=show", "/shows/2/episodes?specials=1",
        "/episodes/1954?embed=show", "/shows/43/episodes?specials=1",
    ]

    @Test(
        "tvm-fav watch with many unknown episode ids cost one paced request each: bare ids of three other shows cost one lookup and one list a show"
    )
    func bareIdsOfSeveralShows() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let ids = ["1", "28", "2", "1954", "29", "3", "1955", "4"]
            let result = try await sandbox.runInProcess("tvm-fav", ["watch"] + ids + ["--jq", ".id"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines == ids)
            // Never /shows/{id}: the lookup's embed is the show's record.
            #expect(server.log.requests.map(\.target) == Self.perShow)
            for (show, name) in [(1, "Under the Dome"), (2, "Person of Interest"), (43, "Outlander")] {
                #expect(
                    result.stderr.contains("show \(show) (\"\(name)\") was not a favorite: it is now one"),
                    "\(result.stderr)")
            }
            let list = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".id"])
            #expect(list.lines.sorted() == ["1", "2", "43"], "\(list.stdout)")
            let marked = try await sandbox.runInProcess("tvm-fav", ["watched", "--jq", ".episode"])
            #expect(marked.lines.sorted() == ids.sorted(), "\(marked.stdout)")
        }
    }

    @Test(
        "a watch run that fails on one unknown id changes nothing, and its rerun asks TVMaze nothing it was answered"
    )
    func failedRunThenRerun() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let failed = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "28", "1954", "99999999"])
            #expect(failed.status == 1, "\(failed.stderr)")
            #expect(failed.stderr.contains("episode 99999999 not found; nothing was changed"), "\(failed.stderr)")
            #expect(failed.stdout.isEmpty)
            let list = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".id"])
            #expect(list.lines.isEmpty, "\(list.stdout)")
            #expect(server.log.requests.map(\.target) == Self.perShow + ["/episodes/99999999?embed=show"])
            // The HTTP cache kept every answer: the rerun, without the bad id and with more ids of the same shows,
            // asks nothing again.
            let ids = ["1", "28", "1954", "2", "29", "1955"]
            let rerun = try await sandbox.runInProcess("tvm-fav", ["watch"] + ids + ["--jq", ".id"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.lines == ids)
            #expect(server.log.count == Self.perShow.count + 1, "\(server.log.requests.map(\.target))")
        }
    }

    @Test("a watch run killed midway changes nothing, and its rerun asks again only what was never answered")
    func killedRunThenRerun() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            // The third show's lookup is never answered, once: the run is killed -9 while it waits for it.
            server.addFault(.stall, matching: .exact("/episodes/1954?embed=show"), times: 1)
            let process = Process()
            process.executableURL = Binaries.url("tvm-fav")
            // A timeout longer than the test: the stalled lookup can only end by the kill. With the default 30 s, a
            // loaded machine that woke this test late saw the run time out, retry and finish before it was killed.
            process.arguments = ["watch", "1", "28", "1954", "--timeout", "600"]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runAlone()
            let deadline = ContinuousClock.now + .seconds(300)
            while server.log.count(matching: .exact("/episodes/1954?embed=show")) == 0, process.isRunning,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(process.isRunning, "the run ended before it was killed")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let list = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".id"])
            #expect(list.lines.isEmpty, "\(list.stdout)")
            let rerun = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "28", "1954", "2", "--jq", ".id"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.lines == ["1", "28", "1954", "2"])
            // Shows 1 and 2 were answered before the kill and come from the cache; only show 43 is asked twice.
            let targets = server.log.requests.map(\.target)
            #expect(
                targets == Self.perShow.prefix(4) + ["/episodes/1954?embed=show"] + Self.perShow.suffix(2), "\(targets)"
            )
        }
    }
}
