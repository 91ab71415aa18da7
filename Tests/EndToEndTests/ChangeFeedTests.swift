import Foundation
import ReplayServer
import Testing

/// `tvm-fav refresh` recording changes and `tvm-fav changes` printing them (issue 19), against a replay server
/// serving version A of Under the Dome, then version B.
@Suite("Change feed", .serialized)
struct ChangeFeedTests {
    /// Version A: status Running; season 1 whole and season 2 up to episode 12 (25 episodes).
    static func versionA(_ world: ChangesWorld) throws {
        let (show, episodes) = try ChangesWorld.underTheDome()
        var running = show
        running["status"] = "Running"
        running["updated"] = 1_400_000_000
        world.shows[1] = running
        world.episodes[1] = episodes.filter { season($0) == 1 || (season($0) == 2 && number($0) <= 12) }
        world.updates = [1: 1_400_000_000]
    }

    /// Version B: status Ended; S01E13 (id 13) removed, S02E05 (id 18) a week later, S02E13 (id 26) added, and
    /// S03E01 (id 142270), the first episode of a new season.
    static func versionB(_ world: ChangesWorld) throws {
        let (show, episodes) = try ChangesWorld.underTheDome()
        var ended = show
        ended["updated"] = 1_409_650_000
        world.shows[1] = ended
        world.episodes[1] = episodes.compactMap { episode in
            var episode = episode
            switch episode["id"] as? Int {
            case 13: return nil
            case 18:
                episode["airdate"] = "2014-08-04"
                episode["airstamp"] = "2014-08-05T03:00:00+00:00"
                return episode
            case 142270: return episode
            default: return season(episode) == 1 || season(episode) == 2 ? episode : nil
            }
        }
        world.updates = [1: 1_409_650_000, 2: 1_409_600_000]
    }

    static func season(_ episode: [String: Any]) -> Int { episode["season"] as? Int ?? 0 }
    static func number(_ episode: [String: Any]) -> Int { episode["number"] as? Int ?? 0 }

    /// A world in version A, a favorite added and refreshed once on 2014-09-01 (the baseline), with season 1
    /// marked watched; the world then switched to version B on the server.
    static func baseline(_ world: ChangesWorld, _ server: ReplayServer, _ sandbox: Sandbox) async throws {
        sandbox.extraEnvironment["TVM_NOW"] = "2014-09-01T12:00:00Z"
        let added = try await sandbox.run("tvm-fav", ["add", "1"])
        #expect(added.status == 0, "\(added.stderr)")
        // add stamped the show it fetched (issue 25): the first refresh asks the updates list only, and finds it
        // unchanged.
        let first = try await sandbox.run("tvm-fav", ["refresh", "--jq", ".status"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.isEmpty)
        let watched = try await sandbox.run("tvm-fav", ["watch", "--show", "1", "--season", "1"])
        #expect(watched.status == 0, "\(watched.stderr)")
        let none = try await sandbox.run("tvm-fav", ["changes"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        try versionB(world)
        try world.write()
        server.reloadFixtures()
        sandbox.extraEnvironment["TVM_NOW"] = "2014-09-02T12:00:00Z"
    }

    /// Runs `body` with a server and sandbox past ``baseline(_:_:_:)``: version B served, not refreshed yet.
    static func withBaseline(_ body: (ChangesWorld, ReplayServer, Sandbox) async throws -> Void) async throws {
        let world = try ChangesWorld()
        try versionA(world)
        try world.write()
        try await world.serve { server, sandbox in
            try await baseline(world, server, sandbox)
            try await body(world, server, sandbox)
        }
    }

    static func events(_ result: ToolResult) throws -> [[String: Any]] {
        try result.lines.map { try EpisodeFixtures.object($0) }
    }

    static func sql(_ query: String, _ sandbox: Sandbox) async throws -> String {
        try await FavSupport.sqlite(sandbox.favoritesDatabase, query, in: sandbox).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // Regression: add of a show already a favorite replaced its record and episodes without recording what
    // changed, and the next refresh found nothing to compare: the news was lost.
    @Test("add of a favorite records what changed, as a refresh would; the refresh after it records nothing twice")
    func addRecordsChanges() async throws {
        try await Self.withBaseline { _, _, sandbox in
            // --refresh: the copy cached by the baseline's add is still fresh.
            let added = try await sandbox.run("tvm-fav", ["add", "1", "--refresh"])
            #expect(added.status == 0, "\(added.stderr)")
            let result = try await sandbox.run("tvm-fav", ["changes"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                try Self.events(result).map { $0["event"] as? String ?? "" } == [
                    "status_changed", "season_announced", "episode_announced", "episode_announced",
                    "airdate_changed", "episode_removed",
                ])
            #expect(try await sandbox.run("tvm-fav", ["refresh", "--full"]).status == 0)
            #expect(try await Self.sql("SELECT count(*) FROM change_event", sandbox) == "6")
        }
    }

    // Regression: a member that is not a show id and a time was skipped, every favorite was stamped as checked
    // (exit 0), and a change older than the next window was never fetched.
    @Test("an updates list with a member that is not an id and a time changes nothing (65)")
    func unusableUpdates() async throws {
        try await Self.withBaseline { world, server, sandbox in
            for window in ["day", "week", "month"] {
                try Data(#"{"1":"1409650000","2":1409600000}"#.utf8).write(
                    to: world.root.appendingPathComponent("updates/shows/since=\(window).json"))
            }
            server.reloadFixtures()
            let checked = "SELECT id, checked_at FROM favorite"
            let before = try await Self.sql(checked, sandbox)
            let bad = try await sandbox.run("tvm-fav", ["refresh"])
            #expect(bad.status == 65, "\(bad.stderr)")
            #expect(
                bad.stderr.contains(
                    #"TVMaze's updates list is not usable: the member "1": "1409650000" is not a show id and a "#
                        + "time; nothing was refreshed"), "\(bad.stderr)")
            #expect(try await Self.sql(checked, sandbox) == before)
            try world.write()
            server.reloadFixtures()
            #expect(try await sandbox.run("tvm-fav", ["refresh", "--jq", ".status"]).lines == ["Ended"])
        }
    }

    @Test("version A then B: exactly the expected events, in two requests, each with its from, to and summary")
    func versionsAThenB() async throws {
        try await Self.withBaseline { world, server, sandbox in
            let before = server.targets.count
            let refreshed = try await sandbox.run("tvm-fav", ["refresh", "--jq", ".status"])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(refreshed.lines == ["Ended"])
            // One day since the last refresh, plus the hour's margin: the week's list, then the one changed show.
            #expect(Array(server.targets[before...]) == ["/updates/shows?since=week", "/shows/1?embed=episodes"])
            let result = try await sandbox.run("tvm-fav", ["changes"])
            #expect(result.status == 0, "\(result.stderr)")
            let events = try Self.events(result)
            #expect(
                events.map { $0["event"] as? String ?? "" } == [
                    "status_changed", "season_announced", "episode_announced", "episode_announced",
                    "airdate_changed", "episode_removed",
                ])
            #expect(
                events.map { ($0["episode"] as? [String: Any])?["id"] as? Int } == [nil, 142270, 26, 142270, 18, 13])
            #expect(Set(events.map { $0["at"] as? String ?? "" }) == ["2014-09-02T12:00:00.000Z"])
            #expect(events.allSatisfy { ($0["show"] as? [String: Any])?["name"] as? String == "Under the Dome" })
            #expect(events.allSatisfy { ($0["show"] as? [String: Any])?["id"] as? Int == 1 })
            #expect(events[0]["from"] as? String == "Running")
            #expect(events[0]["to"] as? String == "Ended")
            #expect(events[0]["summary"] as? String == "Status changed from Running to Ended.")
            #expect(events[1]["to"] as? Int == 3)
            #expect(events[1]["summary"] as? String == "Season 3 announced, starting 2015-06-26 02:00 UTC.")
            #expect(events[2]["to"] as? String == "2014-09-23T03:00:00+00:00")
            #expect(
                events[2]["summary"] as? String == "New episode S02E13 \"Go Now\" announced for 2014-09-23 03:00 UTC.")
            #expect(events[4]["from"] as? String == "2014-07-29T03:00:00+00:00")
            #expect(events[4]["to"] as? String == "2014-08-05T03:00:00+00:00")
            #expect(
                events[4]["summary"] as? String
                    == "S02E05 \"Reconciliation\" moved from 2014-07-29 03:00 UTC to 2014-08-05 03:00 UTC.")
            #expect(events[5]["summary"] as? String == "S01E13 \"Curtains\" was removed from TVMaze.")
            #expect(events[5].keys.sorted() == ["at", "episode", "event", "from", "show", "summary", "to"])
            #expect(events[5]["from"] is NSNull)
            // The removed episode's watched mark is kept.
            #expect(try await Self.sql("SELECT count(*) FROM watched WHERE episode_id = 13", sandbox) == "1")
            #expect(try await Self.sql("SELECT count(*) FROM episode WHERE show_id = 1", sandbox) == "26")
            // --event, --since and the shared output options.
            let moved = try await sandbox.run("tvm-fav", ["changes", "--event", "airdate_changed", "--jq", ".to"])
            #expect(moved.lines == ["2014-08-05T03:00:00+00:00"])
            let two = try await sandbox.run(
                "tvm-fav", ["changes", "--event", "renamed", "--event", "episode_removed", "--jq", ".episode.id"])
            #expect(two.lines == ["13"])
            let nextDay = ["TVM_NOW": "2014-09-03T12:00:00Z"]
            let recent = try await sandbox.run("tvm-fav", ["changes", "--since", "1h"], environment: nextDay)
            #expect(recent.status == 1)
            #expect(recent.stdout.isEmpty)
            let twoDays = try await sandbox.run("tvm-fav", ["changes", "--since", "2d"], environment: nextDay)
            #expect(twoDays.lines.count == 6)
            let sinceDay = try await sandbox.run("tvm-fav", ["changes", "--since", "2014-09-02", "--jq", ".event"])
            #expect(sinceDay.lines.count == 6)
            let csv = try await sandbox.run("tvm-fav", ["changes", "--format", "csv", "--fields", "event,summary"])
            #expect(csv.lines.first == "event,summary")
            #expect(csv.lines.count == 7)
            // --full fetches the favorite whole, whatever the updates list says; nothing new to record.
            let start = server.targets.count
            let full = try await sandbox.run("tvm-fav", ["refresh", "--full", "--quiet"])
            #expect(full.status == 0, "\(full.stderr)")
            #expect(full.stdout.isEmpty)
            #expect(Array(server.targets[start...]) == ["/shows/1", "/shows/1/episodes?specials=1"])
            #expect(try await Self.sql("SELECT count(*) FROM change_event", sandbox) == "6")
        }
    }

    @Test("season_complete is derived against TVM_NOW, once per season, for seasons ending after the add")
    func seasonComplete() async throws {
        try await Self.withBaseline { world, server, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let early = try await sandbox.run("tvm-fav", ["changes", "--event", "season_complete"])
            #expect(early.status == 1)
            let later = ["TVM_NOW": "2014-10-01T00:00:00Z"]
            let complete = try await sandbox.run(
                "tvm-fav", ["changes", "--event", "season_complete"], environment: later)
            #expect(complete.status == 0, "\(complete.stderr)")
            let events = try Self.events(complete)
            #expect(events.count == 1)
            #expect(events.first?["to"] as? Int == 2)
            #expect(events.first?["at"] as? String == "2014-09-23T03:00:00.000Z")
            #expect(((events.first?["episode"] as? [String: Any])?["id"] as? Int) == 26)
            #expect(events.first?["summary"] as? String == "Season 2 has finished airing: every episode is out.")
            let seen = try await sandbox.runIntoFile(
                "tvm-fav", ["changes", "--unseen", "--mark-seen", "--event", "season_complete"], environment: later)
            #expect(seen.lines.count == 1)
            let again = try await sandbox.run(
                "tvm-fav", ["changes", "--unseen", "--event", "season_complete"], environment: later)
            #expect(again.status == 1)
            #expect(again.stdout.isEmpty)
        }
    }

    @Test("--unseen --mark-seen twice into a file: the second run prints nothing and exits 1")
    func markSeenTwice() async throws {
        try await Self.withBaseline { world, server, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let arguments = ["changes", "--unseen", "--mark-seen", "--jq", #""\(.show.name): \(.summary)""#]
            let first = try await sandbox.runIntoFile("tvm-fav", arguments)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.lines.count == 6)
            #expect(first.lines.first == "Under the Dome: Status changed from Running to Ended.")
            let second = try await sandbox.runIntoFile("tvm-fav", arguments)
            #expect(second.status == 1)
            #expect(second.stdout.isEmpty)
            #expect(second.stderr.isEmpty)
            // Without --unseen, everything is still there.
            let all = try await sandbox.run("tvm-fav", ["changes", "--jq", ".event"])
            #expect(all.lines.count == 6)
        }
    }

    @Test("--mark-seen marks only what reached the output: what --jq dropped and what --limit cut stay unseen")
    func markSeenOnlyPrinted() async throws {
        try await Self.withBaseline { world, server, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let filtered = try await sandbox.runIntoFile(
                "tvm-fav", ["changes", "--mark-seen", "--jq", #"select(.event == "episode_announced") | .episode.id"#])
            #expect(filtered.lines == ["26", "142270"])
            let limited = try await sandbox.runIntoFile(
                "tvm-fav", ["changes", "--unseen", "--mark-seen", "--limit", "1"])
            #expect(limited.lines.count == 1)
            let left = try await sandbox.run("tvm-fav", ["changes", "--unseen", "--jq", ".event"])
            #expect(left.lines == ["season_announced", "airdate_changed", "episode_removed"])
            let nothing = try await sandbox.runIntoFile("tvm-fav", ["changes", "--mark-seen", "--jq", "empty"])
            #expect(nothing.status == 1)
            #expect(try await Self.sql("SELECT count(*) FROM change_event WHERE seen_at IS NULL", sandbox) == "3")
        }
    }

    @Test("a truncated or invalid answer is never compared: no event, episodes kept, the next refresh catches up")
    func invalidAnswersAreNotDiffed() async throws {
        try await Self.withBaseline { world, server, sandbox in
            for fault in [Fault.truncatedBody(keepingBytes: 4_000), .invalidJSON, .serverError(status: 503)] {
                server.addFault(fault, matching: .prefix("/shows/1?"), times: 1)
                let failed = try await sandbox.run("tvm-fav", ["refresh", "--retries", "0"])
                #expect(failed.status == 69, "\(failed.stderr)")
                #expect(failed.stderr.contains("show 1 (\"Under the Dome\")"))
                #expect(failed.stderr.contains("1 favorite was not refreshed in full"))
                #expect(failed.stderr.contains("nothing was refreshed"))
                #expect(failed.stdout.isEmpty)
                #expect(try await sandbox.run("tvm-fav", ["changes"]).status == 1)
                #expect(try await Self.sql("SELECT count(*) FROM episode WHERE show_id = 1", sandbox) == "25")
            }
            let caughtUp = try await sandbox.run("tvm-fav", ["refresh"])
            #expect(caughtUp.status == 0, "\(caughtUp.stderr)")
            let events = try await sandbox.run("tvm-fav", ["changes", "--jq", ".event"])
            #expect(events.lines.count == 6)
            #expect(events.lines.filter { $0 == "episode_removed" }.count == 1)
        }
    }

    @Test("two refreshes at once: the second waits for the first, and no event is recorded twice")
    func concurrentRefreshes() async throws {
        try await Self.withBaseline { world, server, sandbox in
            server.setLatency(.milliseconds(1_000))
            async let first = sandbox.run("tvm-fav", ["refresh", "--jq", ".id"])
            async let second = sandbox.run("tvm-fav", ["refresh", "--jq", ".id"])
            let results = try await [first, second]
            #expect(results.map(\.status) == [0, 0], "\(results.map(\.stderr))")
            #expect(results.filter { $0.stderr.contains("another tvm-fav refresh is running") }.count == 1)
            // One of them fetched the changed show; the other found it up to date.
            #expect(results.flatMap(\.lines) == ["1"])
            #expect(try await Self.sql("SELECT count(*) FROM change_event", sandbox) == "6")
        }
    }

    @Test("without a network refresh changes nothing, says so and exits 69; changes still works")
    func offline() async throws {
        let world = try ChangesWorld()
        try Self.versionA(world)
        try world.write()
        let sandbox: Sandbox = try await world.serve { server, sandbox in
            try await Self.baseline(world, server, sandbox)
            return sandbox
        }
        let checked = try await Self.sql("SELECT checked_at FROM favorite", sandbox)
        let refreshed = try await sandbox.run("tvm-fav", ["refresh", "--retries", "0"])
        #expect(refreshed.status == 69)
        #expect(refreshed.stderr.contains("nothing was refreshed"))
        #expect(refreshed.stdout.isEmpty)
        let flagged = try await sandbox.run("tvm-fav", ["refresh", "--offline"])
        #expect(flagged.status == 69)
        #expect(flagged.stderr.contains("nothing was refreshed"))
        #expect(try await Self.sql("SELECT checked_at FROM favorite", sandbox) == checked)
        #expect(try await Self.sql("SELECT count(*) FROM change_event", sandbox) == "0")
        let changes = try await sandbox.run("tvm-fav", ["changes"])
        #expect(changes.status == 1)
        #expect(changes.stderr.isEmpty)
    }

    @Test("--mark-seen into a closed pipe is refused (exit 64) and marks nothing")
    func markSeenClosedPipe() async throws {
        try await Self.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let closed = try await sandbox.runWithReaderGone("tvm-fav", ["changes", "--unseen", "--mark-seen"])
            #expect(closed.stderr.contains("--exec"))
            #expect(closed.status == 64)
            let unseen = try await sandbox.run("tvm-fav", ["changes", "--unseen", "--jq", ".event"])
            #expect(unseen.lines.count == 6)
        }
    }

    @Test(
        "--mark-seen on a database locked past --lock-timeout: exit 74 with the original app specification's message, nothing marked"
    )
    func markSeenLocked() async throws {
        try await Self.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let failed = try await sandbox.whileFavoritesLocked {
                try await sandbox.runIntoFile(
                    "tvm-fav", ["changes", "--unseen", "--mark-seen", "--lock-timeout", "0.3", "--jq", ".event"])
            }
            #expect(failed.status == 74)
            #expect(failed.stderr.contains("There was a problem saving/deleting this TV Show."))
            #expect(failed.lines.count == 6)
            let unseen = try await sandbox.run("tvm-fav", ["changes", "--unseen", "--jq", ".event"])
            #expect(unseen.lines.count == 6)
        }
    }

    @Test("on a terminal: a table of when, show and what, without the control characters of a hostile name")
    func terminalTable() async throws {
        try await Self.withBaseline { world, server, sandbox in
            world.shows[1]?["name"] = "Under the Dome\u{1B}]0;pwned\u{07}\u{1B}[2J"
            try world.write()
            server.reloadFixtures()
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let session = try sandbox.terminal("tvm-fav changes --no-pager", term: "xterm")
            let (status, screen) = try await session.finish()
            #expect(status == 0)
            #expect(screen.contains("WHEN (UTC)"))
            #expect(screen.contains("2014-09-02 12:00"))
            #expect(screen.contains("Status changed from Running to Ended."))
            #expect(screen.contains("Renamed from \"Under the Dome\" to"))
            #expect(!screen.contains("\u{1B}]0;"))
            #expect(!screen.contains("\u{07}"))
            #expect(!screen.contains("\u{1B}[2J"))
        }
    }

    @Test("a malformed --since or an unknown --event exits 64 with an example")
    func badArguments() async throws {
        let sandbox = try Sandbox()
        for since in ["yesterday", "1y", "2024-13-45", "-1d", "d"] {
            let result = try await sandbox.run("tvm-fav", ["changes", "--since=\(since)"])
            #expect(result.status == 64, "\(since): \(result.stderr)")
            #expect(result.stderr.contains("such as 12h, 1d or 2w (e.g. tvm-fav changes --since 1d)"))
        }
        let event = try await sandbox.run("tvm-fav", ["changes", "--event", "renewed"])
        #expect(event.status == 64)
        #expect(event.stderr.contains("episode_announced, airdate_changed"))
        let empty = try await sandbox.run("tvm-fav", ["changes", "--since", "1w"])
        #expect(empty.status == 1)
        #expect(empty.stderr.isEmpty)
    }
}
