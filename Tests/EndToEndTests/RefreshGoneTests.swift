import Foundation
import ReplayServer
import Testing

/// `tvm-fav refresh` with a favorite TVMaze deleted (issue 28): the other favorites' changes are recorded, the
/// exit status stays 0 so that `refresh; changes` goes on, and the show is reported the first day and the day it
/// is marked gone (after 7 days of 404), not every day.
@Suite("Refresh with a deleted favorite", .serialized)
struct RefreshGoneTests {
    @Test("a show answering 404 is reported on the first day and once when marked gone after 7 days; exit 0 daily")
    func goneAfterSevenDays() async throws {
        let world = try ChangesWorld()
        try ChangeFeedTests.versionA(world)
        var doomed = world.shows[1] ?? [:]
        doomed["id"] = 2
        doomed["name"] = "Doomed"
        world.shows[2] = doomed
        world.episodes[2] = []
        world.updates[2] = 1_400_000_000
        try world.write()
        try await world.serve { server, sandbox in
            try await ChangeFeedTests.baseline(world, server, sandbox)
            let added = try await sandbox.run("tvm-fav", ["add", "2"])
            #expect(added.status == 0, "\(added.stderr)")
            // TVMaze deletes show 2; its updates entry moves on, so every daily refresh asks for it.
            world.shows[2] = nil
            world.episodes[2] = nil
            world.updates[2] = 1_409_700_000
            try world.write()
            server.reloadFixtures()
            func refresh(on day: String, _ options: [String] = ["--jq", "empty"]) async throws -> ToolResult {
                try await sandbox.run("tvm-fav", ["refresh"] + options, environment: ["TVM_NOW": day + "T12:00:00Z"])
            }
            let first = try await refresh(on: "2014-09-02")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stderr
                    == "tvm-fav: warning: show 2 (\"Doomed\") was not found at TVMaze (HTTP 404); its saved record is "
                    + "kept, and it is marked gone if it still answers 404 on 2014-09-09\n")
            // The other favorite's changes were recorded.
            let events = try await sandbox.run("tvm-fav", ["changes", "--jq", ".show.id"])
            #expect(events.lines == Array(repeating: "1", count: 6))
            #expect(server.targets.contains("/shows/2?embed=episodes"))
            let quiet = try await refresh(on: "2014-09-05")
            #expect(quiet.status == 0)
            #expect(quiet.stderr.isEmpty)
            let listedBefore = try await sandbox.run("tvm-fav", ["list", "--jq", "._tvm.gone_at"])
            #expect(listedBefore.lines == ["null", "null"])
            // Said even with --quiet, so that cron's mail carries it.
            let gone = try await refresh(on: "2014-09-09", ["--quiet"])
            #expect(gone.status == 0)
            #expect(
                gone.stderr
                    == "tvm-fav: error: show 2 (\"Doomed\") has answered 404 for 7 days: TVMaze no longer has it; "
                    + "tvm-fav list marks it gone, tvm-fav rm 2 removes it\n")
            let listed = try await sandbox.run("tvm-fav", ["list", "--jq", #""\(.id) \(._tvm.gone_at)""#])
            #expect(listed.lines == ["1 null", "2 2014-09-09T12:00:00.000Z"])
            let after = try await refresh(on: "2014-09-10")
            #expect(after.status == 0)
            #expect(after.stderr.isEmpty)
            // The chain of the recipes goes on.
            let chained = try await sandbox.run(
                "tvm-fav", ["refresh", "--quiet"], environment: ["TVM_NOW": "2014-09-11T12:00:00Z"])
            #expect(chained.status == 0)
        }
    }
}
