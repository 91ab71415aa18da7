import Foundation
import ReplayServer
import Testing

/// `tvm-fav push`, `pull` and `sync` against the account stand-in, with the requests counted at the server.
@Suite("tvm-fav push, pull, sync")
struct AccountPushPullTests {
    @Test("push sends new marks in batches of 500 with their times, records them, and a second push sends nothing")
    func pushInBatches() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(1_200, sandbox)
            let dry = try await sandbox.run("tvm-fav", ["push", "--dry-run"])
            #expect(dry.status == 0)
            #expect(dry.lines.count == 1_200)
            #expect(dry.stderr.contains("dry run: would send 1200 marks in 3 requests"))
            #expect(AccountWorld.requests(server, "POST", "/v1/scrobble").isEmpty)
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.status == 0, "\(push.stderr)")
            #expect(push.lines.count == 1_200)
            #expect(push.lines.first == #"{"episode":1000001,"show":1,"watched_at":"2020-09-13T12:26:41.000Z"}"#)
            #expect(AccountWorld.requests(server, "POST", "/v1/scrobble/episodes").count == 3)
            #expect(server.account.marks(of: "ada").count == 1_200)
            #expect(server.account.marks(of: "ada")[1_000_001]?.markedAt == 1_600_000_001)
            let before = server.log.count
            let again = try await sandbox.run("tvm-fav", ["push"])
            #expect(again.status == 0)
            #expect(again.stdout.isEmpty)
            #expect(server.log.count == before)
            let account = try await sandbox.run("tvm-fav", ["account", "--jq", ".last_push != null"])
            #expect(account.stdout == "true\n")
        }
    }

    @Test("on a terminal, account is 'label: value' lines: who, the premium level, where the key is, push and pull")
    func accountOnTerminal() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(3, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["push"]).status == 0)
            let result = try await runInTerminal(sandbox, "tvm-fav account --check", environment: ["NO_COLOR": "1"])
            #expect(result.status == 0, "\(result.stdout)")
            let lines = result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
            let level = try #require(
                try await sandbox.run("tvm-fav", ["account", "--check", "--jq", #""\(.premium_level) (\(.premium))""#])
                    .lines.first)
            #expect(
                Array(lines.prefix(3)) == [
                    "Signed in as: ada", "Premium:      \(level)", "Credentials:  the credentials file (tvm-fav login)",
                ], "\(result.stdout)")
            #expect(lines.count == 5)
            #expect(lines.dropFirst(3).first?.wholeMatch(of: /Last push: +\d{4}-\d\d-\d\dT.*Z \(.+ ago\)/) != nil)
            #expect(lines.last == "Last pull:    never")
            #expect(!result.stdout.contains("{"), "no JSON on a terminal")
        }
    }

    @Test("a 207 is read item by item: the failed mark is reported (exit 65) and the next push sends only it")
    func partialFailure() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(3, sandbox)
            server.account.failEpisodes([1_000_002])
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.status == 65)
            #expect(push.stderr.contains("episode 1000002: TVMaze refused the mark (404: Episode not found)"))
            #expect(push.lines.count == 2)
            server.account.stopFailingEpisodes()
            let retry = try await sandbox.run("tvm-fav", ["push"])
            #expect(retry.status == 0)
            let last = try #require(AccountWorld.requests(server, "POST", "/v1/scrobble").last)
            #expect(
                String(decoding: last.body, as: UTF8.self)
                    == #"[{"episode_id":1000002,"marked_at":1600000002,"type":0}]"#)
            #expect(server.account.marks(of: "ada").count == 3)
        }
    }

    // Regression: a push answered by a proxy's page (200, HTML), or through a redirect to another host, counted
    // every mark as confirmed, and the next push sent nothing: TVMaze never had them.
    @Test("a push answer that is no bulk list, or comes from another host, confirms nothing; the next push sends all")
    func untrustedAnswers() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(2, sandbox)
            server.addFault(.htmlBody, matching: .prefix("/v1/scrobble"), times: 1)
            let page = try await sandbox.run("tvm-fav", ["push"])
            #expect(page.status == 65, "\(page.stderr)")
            #expect(page.lines.isEmpty)
            #expect(
                page.stderr.contains(
                    "episode 1000001: TVMaze's answer did not say whether it took the mark; it is sent again by the "
                        + "next push"))
            let other = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: Fixtures.root))
            defer { Task { await other.stop() } }
            server.addFault(
                .redirect(to: "http://localhost:\(other.port)/v1/scrobble/episodes"), matching: .prefix("/v1/scrobble"),
                times: 1)
            let redirected = try await sandbox.run("tvm-fav", ["push"])
            #expect(redirected.status == 65, "\(redirected.stderr)")
            #expect(redirected.lines.isEmpty)
            #expect(other.log.count == 0)
            let retry = try await sandbox.run("tvm-fav", ["push"])
            #expect(retry.status == 0, "\(retry.stderr)")
            #expect(retry.lines.count == 2)
            #expect(server.account.marks(of: "ada").count == 2)
        }
    }

    // Regression: one favorite whose marks kept failing (500) stopped a free pull with nothing saved (69), and a
    // sync then never pushed.
    @Test("a free pull skips a favorite whose marks cannot be read and names it (3); sync still pushes")
    func pullSkipsAFailingShow() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "139", "43"]).status == 0)
            #expect(try await sandbox.run("tvm-fav", ["watch", "3", "--at", "2018-01-01T00:00:00Z"]).status == 0)
            server.account.seedMarks(
                username: "ada",
                [
                    .init(episodeID: 1, showID: 1, markedAt: 1_500_000_000),
                    .init(episodeID: 1954, showID: 43, markedAt: 1_500_000_000),
                ])
            server.addFault(.serverError(status: 500), matching: .exact("/v1/scrobble/shows/139"), times: nil)
            let sync = try await sandbox.run("tvm-fav", ["sync", "--retries", "0"])
            #expect(sync.status == 3, "\(sync.stderr)")
            #expect(sync.stderr.contains("show 139: its marks could not be read ("))
            #expect(sync.stderr.contains("skipped, the next pull asks again"))
            let watched = try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"])
            #expect(Set(watched.lines) == ["1", "3", "1954"])
            #expect(server.account.marks(of: "ada")[3] != nil)
        }
    }

    // Regression: an answer of the wrong shape and a 403 both exited 69 ("service unavailable"); the exit table
    // says 65 for an answer that cannot be right, and 77 for a refusal.
    @Test("a pull answered with a page that is no list exits 65; a push answered 403 exits 77")
    func shapeAndForbidden() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(1, sandbox)
            server.addFault(.htmlBody, matching: .prefix("/v1/scrobble/shows"), times: nil)
            let pull = try await sandbox.run("tvm-fav", ["pull"])
            #expect(pull.status == 65, "\(pull.stderr)")
            #expect(pull.stderr.contains("an answer of an unexpected shape"))
            server.removeAllFaults()
            server.addFault(.serverError(status: 403), matching: .prefix("/v1/scrobble/episodes"), times: nil)
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.status == 77, "\(push.stderr)")
        }
    }

    // -n 1 once cut the work short: push hid a refused mark (exit 0, no error) and sync never pushed.
    @Test("-n shortens what push and sync print, never their work: all is sent, refusals and the summary still said")
    func limitShortensOnlyTheList() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(3, sandbox)
            server.account.failEpisodes([1_000_002])
            let push = try await sandbox.run("tvm-fav", ["push", "-n", "1"])
            #expect(push.status == 65, "\(push.stderr)")
            #expect(push.lines.count == 1)
            #expect(push.stderr.contains("episode 1000002: TVMaze refused the mark"), "\(push.stderr)")
            #expect(push.stderr.contains("pushed to TVMaze: 2 marks confirmed, 1 refused"), "\(push.stderr)")
            server.account.stopFailingEpisodes()
            server.account.seedMarks(
                username: "ada",
                [
                    .init(episodeID: 1_000_010, showID: 1, markedAt: 1_500_000_000),
                    .init(episodeID: 1_000_011, showID: 1, markedAt: 1_500_000_000),
                ])
            let sync = try await sandbox.run("tvm-fav", ["sync", "-n", "1"])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.lines.count == 1)
            #expect(sync.stderr.contains("pulled from TVMaze:"), "\(sync.stderr)")
            #expect(sync.stderr.contains("pushed to TVMaze: 1 marks confirmed"), "\(sync.stderr)")
            #expect(server.account.marks(of: "ada")[1_000_002] != nil, "the refused mark was sent again")
        }
    }

    // `tvm-fav sync | head -1` pulled, lost its reader while printing the pulled marks, and never pushed.
    @Test("sync whose reader goes away still pushes, and says so on stderr", arguments: ["", " --jq ."])
    func syncIntoAClosedPipe(_ filter: String) async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(3, sandbox)
            // 2,000 pulled marks: more than the output's buffer, so writing them meets the closed pipe midway.
            server.account.seedMarks(
                username: "ada",
                (1...2_000).map { .init(episodeID: 2_000_000 + $0, showID: 1, markedAt: 1_500_000_000) })
            // The reader closes its end at once.
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", "tvm-fav sync\(filter) | (exec <&-; sleep 1); echo \"status ${PIPESTATUS[0]}\""],
                stdin: nil, environment: sandbox.shellEnvironment, directory: sandbox.root, timeout: 60)
            #expect(result.stdout == "status 0\n", "\(result.stderr)")
            #expect(result.stderr.contains("pushed to TVMaze: 3 marks confirmed"), "\(result.stderr)")
            #expect(server.account.marks(of: "ada").count == 2_003)
        }
    }

    @Test("a push killed midway records only what TVMaze confirmed, and the rerun completes it without duplicates")
    func killedPush() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(1_200, sandbox)
            server.addFault(.delay(.milliseconds(300)), matching: .prefix("/v1/scrobble/episodes"), times: 1)
            server.addFault(.stall, matching: .prefix("/v1/scrobble/episodes"), times: 1)
            let process = Process()
            process.executableURL = Binaries.url("tvm-fav")
            process.arguments = ["push"]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runAlone()
            let base = server.log.count
            #expect(await server.log.waitForRequests(count: base + 2, timeout: .seconds(30)))
            try await Task.sleep(for: .milliseconds(200))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "500")
            server.removeAllFaults()
            let rerun = try await sandbox.run("tvm-fav", ["push"])
            #expect(rerun.status == 0, "\(rerun.stderr)")
            #expect(rerun.lines.count == 700)
            #expect(server.account.marks(of: "ada").count == 1_200)
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "1200")
        }
    }

    @Test("a push whose answers are lost records nothing, with advice that holds; the rerun resends each mark once")
    func lostAnswers() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(10, sandbox)
            server.addFault(.closeBeforeResponse, matching: .prefix("/v1/scrobble"), times: nil)
            let cut = try await sandbox.run("tvm-fav", ["push", "--retries", "1"])
            #expect(cut.status == 69)
            // Regression: the advice offered --offline, which the account's commands refuse.
            #expect(cut.stderr.contains("what to do: run it again later, or raise --retries or --timeout\n"))
            #expect(!cut.stderr.contains("--offline"), "\(cut.stderr)")
            let pull = try await sandbox.run("tvm-fav", ["pull", "--retries", "1"])
            #expect(pull.status == 69, "\(pull.stderr)")
            #expect(pull.stderr.contains("what to do: run it again later, or raise --retries or --timeout\n"))
            #expect(!pull.stderr.contains("--offline"), "\(pull.stderr)")
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "0")
            server.removeAllFaults()
            let rerun = try await sandbox.run("tvm-fav", ["push"])
            #expect(rerun.status == 0)
            #expect(rerun.lines.count == 10)
            #expect(server.account.marks(of: "ada").count == 10)
        }
    }

    @Test("a 401 from any call exits 77 with one message, and nothing local changes")
    func refusedCredentials() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(3, sandbox)
            server.account.addAccount(username: "ada", key: "a-new-key")
            for command in [["push"], ["pull"], ["sync"], ["account", "--check"]] {
                let result = try await sandbox.run("tvm-fav", command)
                #expect(result.status == 77)
                #expect(result.stderr == AccountWorld.refused)
                #expect(result.stdout.isEmpty)
            }
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "0")
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_state", sandbox) == "0")
        }
    }

    @Test("a free pull asks once per favorite, keeps a mark from either side, earlier time first, skips apart")
    func freePull() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "43"]).status == 0)
            let watch = try await sandbox.run("tvm-fav", ["watch", "1", "--at", "2018-01-01T00:00:00Z"])
            #expect(watch.status == 0, "\(watch.stderr)")
            #expect(try await sandbox.run("tvm-fav", ["watch", "3", "--at", "2018-01-01T00:00:00Z"]).status == 0)
            server.account.seedMarks(
                username: "ada",
                [
                    .init(episodeID: 1, showID: 1, markedAt: 1_500_000_000),
                    .init(episodeID: 2, showID: 1, markedAt: 0),
                    .init(episodeID: 4, showID: 1, markedAt: 1_500_000_000, type: 2),
                    .init(episodeID: 3, showID: 1, markedAt: 1_540_000_000),
                ])
            let before = server.log.count
            let pull = try await sandbox.run("tvm-fav", ["pull"])
            #expect(pull.status == 0, "\(pull.stderr)")
            #expect(
                server.log.requests[before...].map(\.target) == ["/v1/scrobble/shows/1", "/v1/scrobble/shows/43"])
            #expect(
                pull.lines == [
                    #"{"episode":2,"show":1,"watched_at":null}"#,
                    #"{"episode":1,"show":1,"watched_at":"2017-07-14T02:40:00.000Z"}"#,
                    #"{"episode":4,"show":1,"watched_at":null,"_tvm":{"mark":"skipped","marked_at":"2017-07-14T02:40:00.000Z"}}"#,
                ])
            let watched = try await sandbox.run("tvm-fav", ["watched", "--jq", "[.episode, .watched_at] | @csv"])
            #expect(watched.stdout.contains(#"3,"2018-01-01T00:00:00.000Z""#))
            #expect(!watched.stdout.contains("4,"))
            let again = try await sandbox.run("tvm-fav", ["pull"])
            #expect(again.stdout.isEmpty)
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.lines == [#"{"episode":3,"show":1,"watched_at":"2018-01-01T00:00:00.000Z"}"#])
            #expect(server.account.marks(of: "ada")[3]?.markedAt == 1_514_764_800)
        }
    }

    // Regression: a pulled mark whose marked_at was in milliseconds (year 55840) was saved as a date no read could
    // decode: watched, push, pull, export and unwatch then failed with 74 for good.
    @Test("a pulled mark whose time cannot be is named and left out (65); the others come, and reads go on")
    func untimelyPull() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            server.account.seedMarks(
                username: "ada",
                [
                    .init(episodeID: 1, showID: 1, markedAt: 1_500_000_000),
                    .init(episodeID: 2, showID: 1, markedAt: 1_700_000_000_000),
                    .init(episodeID: 3, showID: 1, markedAt: -3_000_000_000),
                ])
            let pull = try await sandbox.run("tvm-fav", ["pull"])
            #expect(pull.status == 65, "\(pull.stderr)")
            #expect(pull.lines == [#"{"episode":1,"show":1,"watched_at":"2017-07-14T02:40:00.000Z"}"#])
            #expect(pull.stderr.contains("episode 2: TVMaze's marked_at 1700000000000 is in the future; not pulled"))
            #expect(
                pull.stderr.contains(
                    "episode 3: TVMaze's marked_at -3000000000 is before 1900-01-01, earlier than any television; "
                        + "not pulled"))
            let watched = try await sandbox.run("tvm-fav", ["watched"])
            #expect(watched.status == 0, "\(watched.stderr)")
            #expect(watched.lines.count == 1)
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.status == 0, "\(push.stderr)")
        }
    }

    // Regression: one listed mark without its episode_id made the whole list unreadable, so no mark came (69).
    @Test("a listed mark without its episode_id is counted and left out (65); the others are pulled")
    func markWithoutEpisode() async throws {
        for premium in [0, 1] {
            try await withReplay { server, sandbox in
                try await AccountWorld.signIn(server, sandbox, premium: premium)
                #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
                server.account.seedMarks(
                    username: "ada",
                    [
                        .init(episodeID: 1, showID: 1, markedAt: 1_500_000_000),
                        .init(episodeID: 2, showID: 1, markedAt: 1_500_000_000),
                    ])
                server.account.listWithoutEpisodeID([2])
                let pull = try await sandbox.run("tvm-fav", ["pull"])
                #expect(pull.status == 65, "\(pull.stderr)")
                #expect(pull.lines == [#"{"episode":1,"show":1,"watched_at":"2017-07-14T02:40:00.000Z"}"#])
                #expect(pull.stderr.contains("1 item of TVMaze's marks named no episode (no episode_id); not pulled"))
                #expect(try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"]).stdout == "1\n")
            }
        }
    }

    @Test("a Premium pull takes two requests; followed shows become favorites with their episodes")
    func premiumPull() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox, premium: 1)
            #expect(try await sandbox.run("tvm-fav", ["add", "43"]).status == 0)
            server.account.seedMarks(username: "ada", [.init(episodeID: 2, showID: 1, markedAt: 1_500_000_000)])
            server.account.seedFollows(username: "ada", [1, 43])
            let before = server.log.count
            let pull = try await sandbox.run("tvm-fav", ["pull"])
            #expect(pull.status == 0, "\(pull.stderr)")
            let account = server.log.requests[before...].filter { $0.target.hasPrefix("/v1/") }.map(\.target)
            #expect(account == ["/v1/user/episodes?embed=episode", "/v1/user/follows/shows?embed=show"])
            #expect(pull.stderr.contains(#"show 1 ("Under the Dome") is now a favorite"#))
            #expect(try await sandbox.favoriteIDs() == [43, 1])
            #expect(try await AccountWorld.query("SELECT count(*) FROM episode WHERE show_id = 1", sandbox) == "39")
            #expect(pull.lines == [#"{"episode":2,"show":1,"watched_at":"2017-07-14T02:40:00.000Z"}"#])
        }
    }

    @Test("unmarks: Premium sends them with DELETE; a free push says once that it cannot")
    func unmarks() async throws {
        for premium in [1, 0] {
            try await withReplay { server, sandbox in
                try await AccountWorld.signIn(server, sandbox, premium: premium)
                #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
                #expect(try await sandbox.run("tvm-fav", ["watch", "1", "2"]).status == 0)
                #expect(try await sandbox.run("tvm-fav", ["push"]).status == 0)
                #expect(try await sandbox.run("tvm-fav", ["unwatch", "1"]).status == 0)
                let push = try await sandbox.run("tvm-fav", ["push"])
                #expect(push.status == 0, "\(push.stderr)")
                if premium > 0 {
                    #expect(AccountWorld.requests(server, "DELETE", "/v1/user/episodes/1").count == 1)
                    #expect(server.account.marks(of: "ada").keys.sorted() == [2])
                } else {
                    #expect(push.stderr.contains("1 unmark cannot be sent"))
                    let again = try await sandbox.run("tvm-fav", ["push"])
                    #expect(!again.stderr.contains("cannot be sent"))
                    let pull = try await sandbox.run("tvm-fav", ["pull"])
                    #expect(pull.stdout.isEmpty)
                    #expect(try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"]).stdout == "2\n")
                }
            }
        }
    }

    @Test("sync is pull then push; with nothing new it asks once per favorite; two syncs at once serialise")
    func syncAndSerialise() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "43"]).status == 0)
            #expect(try await sandbox.run("tvm-fav", ["sync"]).status == 0)
            let before = server.log.count
            #expect(try await sandbox.run("tvm-fav", ["sync"]).status == 0)
            #expect(server.log.count - before == 2)
            server.setLatency(.seconds(1))
            let start = server.log.count
            async let first = sandbox.run("tvm-fav", ["sync"])
            async let second = sandbox.run("tvm-fav", ["sync"])
            let results = try await [first, second]
            #expect(results.allSatisfy { $0.status == 0 })
            let connections = server.log.requests[start...].map(\.connection)
            #expect(connections.count == 4)
            #expect(connections[0] == connections[1] && connections[2] == connections[3])
            #expect(connections[1] != connections[2])
            #expect(results.contains { $0.stderr.contains("another push, pull or sync is running") })
        }
    }
}
