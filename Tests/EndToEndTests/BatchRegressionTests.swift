import Foundation
import ReplayServer
import Testing

/// Regressions of batches that stopped at the first record they could not get, or lost records to a rate limit
/// stricter than TVMaze promises (issue 15, item 3).
@Suite("regressions: a batch goes on past a record it cannot get")
struct BatchRegressionTests {
    /// The stdin of a three-show batch whose second line is the show that fails.
    private static let threeShows = "1\n{\"id\":139,\"name\":\"Girls\"}\n43\n"

    // tvm-fetch show stopped at the first id whose retries ran out: the later ids were never requested or named.
    @Test(
        "tvm-fetch show reports the show that failed with its line and id, prints the others, and keeps it for --failed"
    )
    func fetchShowGoesOn() async throws {
        try await withReplay(faults: [FaultRule(.serverError(status: 503), matching: .exact("/shows/139"))]) {
            server, sandbox in
            let failed = sandbox.root.appendingPathComponent("failed.jsonl")
            let result = try await sandbox.runInProcess(
                "tvm-fetch", ["show", "--jq", ".name", "--retries", "1", "--failed", failed.path],
                stdin: Self.threeShows)
            #expect(result.status == 69)
            #expect(result.stdout == "Under the Dome\nOutlander\n")
            #expect(result.stderr.contains("tvm-fetch: error: stdin line 2: show 139: HTTP 503"), "\(result.stderr)")
            #expect(
                result.stderr.contains("tvm-fetch: error: 1 of 3 records failed (ids 139); their input lines are in"))
            #expect(try String(contentsOf: failed, encoding: .utf8) == "{\"id\":139,\"name\":\"Girls\"}\n")
            #expect(server.log.count(matching: .exact("/shows/43")) == 1, "the id after the failure was requested")

            // Piped back in once the server answers again, the failed line gives its show.
            server.removeAllFaults()
            let again = try await sandbox.runInProcess(
                "tvm-fetch", ["show", "--jq", ".name", "--failed", failed.path],
                stdin: try String(contentsOf: failed, encoding: .utf8))
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout == "Girls\n")
            #expect(try String(contentsOf: failed, encoding: .utf8).isEmpty, "--failed is emptied when nothing failed")
        }
    }

    @Test("tvm-episodes and tvm-fav add go on past a show that fails, with the same report")
    func episodesAndFavGoOn() async throws {
        try await withReplay(faults: [
            FaultRule(.serverError(status: 503), matching: .prefix("/shows/1/episodes")),
            FaultRule(.serverError(status: 503), matching: .exact("/shows/139")),
        ]) { _, sandbox in
            let episodes = try await sandbox.runInProcess(
                "tvm-episodes", ["--retries", "0", "--jq", "._tvm.show.id"],
                stdin: "{\"id\":1,\"name\":\"Under the Dome\"}\n{\"id\":43,\"name\":\"Outlander\"}\n")
            #expect(episodes.status == 69)
            #expect(Set(episodes.lines) == ["43"], "Outlander's episodes are printed")
            #expect(
                episodes.stderr.contains("tvm-episodes: error: stdin line 1: show 1: HTTP 503"), "\(episodes.stderr)")
            #expect(episodes.stderr.contains("tvm-episodes: error: 1 of 2 records failed (ids 1)"))

            let added = try await sandbox.runInProcess(
                "tvm-fav", ["add", "--no-episodes", "--retries", "0", "--jq", ".name"], stdin: "43\n139\n1\n")
            #expect(added.status == 69)
            #expect(added.stdout == "Outlander\nUnder the Dome\n")
            #expect(added.stderr.contains("tvm-fav: error: stdin line 2: show 139: HTTP 503"), "\(added.stderr)")
            #expect(added.stderr.contains("tvm-fav: error: 1 of 3 records failed (ids 139)"))
            #expect(try await sandbox.favoriteIDs() == [43, 1])
        }
    }

    @Test("a host that cannot be reached is asked once; every id skipped for it is counted and kept for --failed")
    func unreachableHost() async throws {
        let sandbox = try Sandbox(apiURL: "http://127.0.0.1:9")
        let failed = sandbox.root.appendingPathComponent("failed.txt")
        let result = try await sandbox.runInProcess(
            "tvm-fetch", ["show", "--retries", "0", "--failed", failed.path], stdin: "1\n139\n43\n")
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("3 of 3 records failed (ids 1, 139, 43)"), "\(result.stderr)")
        #expect(try String(contentsOf: failed, encoding: .utf8) == "1\n139\n43\n")
    }

    @Test("--failed in a folder that does not exist fails before anything is fetched, exit 74")
    func unwritableFailedFile() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["show", "1", "--failed", "missing/failed.txt"])
            #expect(result.status == 74)
            #expect(result.stderr.hasPrefix("tvm-fetch: error: --failed missing/failed.txt: "))
            #expect(server.log.count == 0)
        }
    }
}
