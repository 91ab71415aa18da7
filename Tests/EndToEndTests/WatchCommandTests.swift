import Foundation
import ReplayServer
import Testing

/// `tvm-fav watch`, `unwatch`, `watched` and `next` against the replay server, with the clock fixed by TVM_NOW.
@Suite("tvm-fav watch, unwatch, watched, next")
struct WatchCommandTests {
    /// 2019-01-16: Outlander 4x11 has aired, 4x12 (2019-01-21 01:00 UTC) has not.
    static let now = "2019-01-16T00:00:00Z"

    /// A sandbox whose favorites are Under the Dome (1) and Outlander (43), with their episodes.
    func tracking(_ sandbox: Sandbox) async throws {
        sandbox.extraEnvironment["TVM_NOW"] = Self.now
        let added = try await sandbox.runInProcess("tvm-fav", ["add", "1", "43", "--jq", ".id"])
        #expect(added.status == 0, "\(added.stderr)")
    }

    func count(_ sql: String, _ sandbox: Sandbox) async throws -> String {
        try await FavSupport.sqlite(sandbox.favoritesDatabase, sql, in: sandbox).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("add keeps each favorite's episodes with one request per show, specials included")
    func addKeepsEpisodes() async throws {
        try await withReplay { server, sandbox in
            try await tracking(sandbox)
            #expect(
                server.log.requests.map(\.target) == [
                    "/shows/1", "/shows/1/episodes?specials=1", "/shows/43", "/shows/43/episodes?specials=1",
                ])
            #expect(
                try await count("SELECT show_id, count(*), sum(regular) FROM episode GROUP BY show_id", sandbox)
                    == "1|39|39\n43|93|91")
        }
    }

    #if os(Linux)
        @Test(
            "on a terminal add and refresh show how far they are, with names that cannot drive the terminal",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        )
        func progressOnATerminal() async throws {
            try await withReplay { server, sandbox in
                let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
                let dome = try #require(page.first { $0.hasPrefix("{\"id\":1,") })
                let outlander = try #require(page.first { $0.hasPrefix("{\"id\":43,") })
                // A record edited on the way: its name tries to retitle the terminal window.
                let hostile = dome.replacingOccurrences(
                    of: #""name":"Under the Dome""#, with: #""name":"Under\u001b]0;pwned\u0007 the Dome""#)
                #expect(hostile != dome)
                let input = sandbox.root.appendingPathComponent("shows.jsonl")
                try Data((hostile + "\n" + outlander + "\n").utf8).write(to: input)
                var environment = sandbox.environment
                environment["COLUMNS"] = "100"
                let fav = Binaries.url("tvm-fav").path
                for (command, steps) in [
                    (
                        "cat '\(input.path)' | '\(fav)' add",
                        ["adding 1 of 2: Under the Dome", "adding 2 of 2: Outlander"]
                    ),
                    ("'\(fav)' refresh", ["refreshing 1 of 2: ", "refreshing 2 of 2: "]),
                ] {
                    let result = try await Sandbox.run(
                        executable: URL(fileURLWithPath: "/usr/bin/script"),
                        arguments: ["-q", "-e", "-c", command, "/dev/null"], stdin: nil, environment: environment,
                        directory: sandbox.root, timeout: 120)
                    #expect(result.status == 0, "\(command): \(result.stdout)")
                    for step in steps { #expect(result.stdout.contains(step), "\(command): \(result.stdout)") }
                    #expect(!result.stdout.contains("\u{1B}]0;"), "\(command): the name reached the terminal raw")
                    #expect(!result.stdout.contains("pwned"))
                }
            }
        }
    #endif

    @Test("--show with --through marks everything aired up to that episode, never what has not aired, idempotently")
    func throughAndUnaired() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let result = try await sandbox.runInProcess(
                "tvm-fav",
                ["watch", "--show", "43", "--through", "S04E12", "--jq", "[.season, .number, ._tvm.watched]"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.count == 53, "seasons 1-3 (16, 13, 13) and 4x01-4x11")
            #expect(result.lines.last == #"[4,11,"2019-01-16T00:00:00.000Z"]"#)
            #expect(result.stderr.contains("episode 1580035 (S04E12 \"Providence\", 2019-01-20) has not aired yet"))
            #expect(!result.stdout.contains("null"), "specials stay out without --specials")
            // Again, later: the same episodes keep their first mark.
            let again = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "43", "--through", "S04E11", "--jq", "._tvm.watched"],
                environment: ["TVM_NOW": "2019-02-01T00:00:00Z"])
            #expect(again.lines.count == 53)
            #expect(Set(again.lines) == ["2019-01-16T00:00:00.000Z"])
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "53")
            // --specials adds the special before 1x01, which aired.
            let specials = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "43", "--season", "1", "--specials", "--jq", ".id"])
            #expect(specials.lines.first == "9900001")
        }
    }

    @Test("--season marks a whole season at --at; a special given by id needs --specials")
    func seasonAndAt() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let result = try await sandbox.runInProcess(
                "tvm-fav",
                ["watch", "--show", "1", "--season", "2", "--at", "2018-12-24T20:30:00Z", "--jq", "._tvm.watched"])
            #expect(result.status == 0)
            #expect(result.lines.count == 13)
            #expect(Set(result.lines) == ["2018-12-24T20:30:00.000Z"])
            let special = try await sandbox.runInProcess("tvm-fav", ["watch", "9900001"])
            #expect(special.stdout.isEmpty)
            #expect(special.stderr.contains("is a special; give --specials"))
            #expect(
                try await sandbox.runInProcess("tvm-fav", ["watch", "9900001", "--specials", "--jq", ".id"]).lines == [
                    "9900001"
                ]
            )
        }
    }

    @Test("bad selectors exit 64 or 1, say why, and change nothing")
    func badSelectors() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let cases: [([String], Int32, String)] = [
                (["--show", "43", "--through", "S9E99"], 1, "show 43 has no episode S09E99 (its last is S07E16)"),
                (["--show", "43", "--through", "9-99"], 64, "--through takes an episode as S02E05"),
                (["--show", "43", "--season", "12"], 1, "show 43 has no season 12"),
                (["1", "424242424"], 1, "episode 424242424 not found; nothing was changed"),
                (["1", "--at", "2019-01-17"], 64, "is in the future"),
                (["1", "--at", "yesterday"], 64, "--at takes an ISO 8601 time"),
                (["--season", "1"], 64, "--season and --through need --show"),
            ]
            for (arguments, status, message) in cases {
                let result = try await sandbox.runInProcess("tvm-fav", ["watch"] + arguments)
                #expect(result.status == status, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "0")
            let clock = try await sandbox.runInProcess("tvm-fav", ["watch", "1"], environment: ["TVM_NOW": "soon"])
            #expect(clock.status == 64)
            #expect(clock.stderr.contains("TVM_NOW='soon' is not an ISO 8601 time"))
        }
    }

    @Test("episode records on stdin are marked; a bad line is reported with its number and the others are marked")
    func stdinLines() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let episodes = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "1"])
            var lines = episodes.lines
            lines.insert("{not json", at: 2)
            lines.insert(#"{"id":1,"name":"Under the Dome","genres":["Drama"]}"#, at: 5)
            lines.insert("424242424", at: 7)
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--jq", ".id"], stdin: lines.joined(separator: "\n") + "\n")
            #expect(result.status == 65)
            #expect(result.lines.count == 13)
            #expect(result.stderr.contains("stdin line 3:"))
            #expect(result.stderr.contains("stdin line 6: this is a show record, not an episode"))
            #expect(result.stderr.contains("stdin line 8: episode 424242424 not found"))
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "13")
        }
    }

    @Test("tvm-fav watched exports the marks, and watch reads them back into another database with their times")
    func exportImport() async throws {
        try await withReplay { server, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "1", "--season", "1", "--at", "2019-01-02T03:04:05Z"])
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "1955"])
            let exported = try await sandbox.runInProcess("tvm-fav", ["watched"])
            #expect(exported.lines.count == 14)
            #expect(exported.lines.first == #"{"episode":1,"show":1,"watched_at":"2019-01-02T03:04:05.000Z"}"#)
            #expect(exported.lines.last == #"{"episode":1955,"show":43,"watched_at":"2019-01-16T00:00:00.000Z"}"#)
            // A favorite's name will do for --show, as everywhere an id is asked (it took only an id).
            let outlander = try await sandbox.runInProcess("tvm-fav", ["watched", "--show", "outlander"])
            #expect(outlander.status == 0, "\(outlander.stderr)")
            #expect(outlander.lines == [exported.lines.last!])
            #expect(try await sandbox.runInProcess("tvm-fav", ["watched", "--show", "43"]).lines == outlander.lines)
            // The other machine has no favorites: the shows are added first, with a note.
            let other = sandbox.root.appendingPathComponent("other.sqlite").path
            let imported = try await sandbox.runInProcess("tvm-fav", ["watch", "--db", other], stdin: exported.stdout)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stderr.contains("show 1 (\"Under the Dome\") was not a favorite: it is now one"))
            #expect(imported.stderr.contains("show 43 (\"Outlander\") was not a favorite"))
            let again = try await sandbox.runInProcess("tvm-fav", ["watched", "--db", other])
            #expect(again.stdout == exported.stdout)
            _ = server
        }
    }

    @Test("a mark line with watched_at null is restored without a time: watched prints null, next still counts it")
    func markWithoutTime() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let line = #"{"episode":1,"show":1,"watched_at":null}"#
            let restored = try await sandbox.runInProcess("tvm-fav", ["watch"], stdin: line + "\n")
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout.contains(#""_tvm":{"show":{"id":1,"name":"Under the Dome"},"watched":true}"#))
            let watched = try await sandbox.runInProcess("tvm-fav", ["watched"])
            #expect(watched.lines == [line])
            #expect(try await count("SELECT count(*) FROM watched WHERE watched_at IS NULL", sandbox) == "1")
            let next = try await sandbox.runInProcess(
                "tvm-fav", ["next", "--jq", "[.id, ._tvm.progress.watched] | @tsv"])
            #expect(next.status == 0, "\(next.stderr)")
            #expect(next.lines.contains("2\t1"))
        }
    }

    @Test("unwatch removes marks with the same selectors; a mark whose episode TVMaze removed goes by id")
    func unwatch() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "1"])
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["unwatch", "--show", "1", "--season", "3", "--jq", "._tvm.watched"])
            #expect(result.lines.count == 13)
            #expect(Set(result.lines) == ["null"])
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "26")
            _ = try await count("DELETE FROM episode WHERE id = 1", sandbox)
            let orphan = try await sandbox.runInProcess("tvm-fav", ["unwatch", "1", "--jq", ".id"])
            #expect(orphan.status == 0)
            #expect(orphan.lines == ["1"])
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "25")
            let unknown = try await sandbox.runInProcess("tvm-fav", ["unwatch", "--show", "139"])
            #expect(unknown.status == 1)
        }
    }

    @Test("unwatch names only the episodes it unmarked, and counts the others in a note")
    func unwatchNamesOnlyUnmarked() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.run("tvm-fav", ["watch", "--show", "1", "--season", "1"])
            let result = try await sandbox.run(
                "tvm-fav", ["unwatch", "--show", "1", "--through", "S02E02", "--jq", ".season"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines == Array(repeating: "1", count: 13), "season 1 only: \(result.lines)")
            #expect(result.stderr.contains("2 episodes were not marked watched; left as they were"), "\(result.stderr)")
            #expect(try await count("SELECT count(*) FROM watched WHERE show_id = 1", sandbox) == "0")
            let again = try await sandbox.run("tvm-fav", ["unwatch", "1", "2"])
            #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
            #expect(again.stderr.contains("2 episodes were not marked watched"), "\(again.stderr)")
        }
    }

    @Test("unwatch --show still finds the marks of a show removed from the favorites, without adding it back")
    func unwatchFormerFavorite() async throws {
        try await withReplay { server, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "1", "--season", "1"])
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "43", "--season", "1"])
            let removed = try await sandbox.runInProcess("tvm-fav", ["rm", "1", "--yes"])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(try await count("SELECT count(*) FROM watched WHERE show_id = 1", sandbox) == "13")
            let before = server.log.requests.count
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["unwatch", "--show", "1", "--through", "S01E03", "--jq", "[.id, ._tvm.watched]"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines == ["[1,null]", "[2,null]", "[3,null]"])
            // The list comes from the HTTP cache (add fetched it) or TVMaze; nothing else is asked.
            #expect(server.log.requests.dropFirst(before).allSatisfy { $0.target == "/shows/1/episodes?specials=1" })
            #expect(try await count("SELECT count(*) FROM watched WHERE show_id = 1", sandbox) == "10")
            #expect(try await count("SELECT count(*) FROM watched WHERE show_id = 43", sandbox) == "16")
            // The show is not a favorite again, and its list was not kept.
            #expect(try await count("SELECT count(*) FROM favorite WHERE id = 1", sandbox) == "0")
            #expect(try await count("SELECT count(*) FROM episode WHERE show_id = 1", sandbox) == "0")
            // Once its marks are gone, the show is refused as before.
            _ = try await sandbox.runInProcess("tvm-fav", ["unwatch", "--show", "1"])
            #expect(try await count("SELECT count(*) FROM watched WHERE show_id = 1", sandbox) == "0")
            let none = try await sandbox.runInProcess("tvm-fav", ["unwatch", "--show", "1"])
            #expect(none.status == 1)
            #expect(none.stderr.contains("show 1 is not a favorite and has no marks"), "\(none.stderr)")
        }
    }

    @Test("refresh drops removed episodes and keeps their marks; a show whose refresh fails keeps its episodes")
    func refreshKeepsMarks() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "2"])
            // An episode TVMaze no longer lists, watched: the refresh drops it and keeps the mark.
            _ = try await count(
                "INSERT INTO episode (id, show_id, position, regular, record) VALUES (99, 1, 99, 1, '{\"id\":99}');"
                    + "INSERT INTO watched VALUES (99, 1, '2019-01-01 00:00:00.000')", sandbox)
            let faults = [FaultRule(.serverError(status: 503), matching: .prefix("/shows/43/episodes"))]
            try await withReplay(faults: faults) { failing, _ in
                sandbox.apiURL = failing.baseURL
                // --full: add stamped the shows it fetched, so a plain refresh would only ask the updates list.
                let refreshed = try await sandbox.runInProcess(
                    "tvm-fav", ["refresh", "--full", "--retries", "0", "--jq", ".id"])
                #expect(refreshed.status == 3)
                #expect(refreshed.lines == ["1", "43"])
                #expect(refreshed.stderr.contains("show 43 (\"Outlander\"): HTTP 503"))
                #expect(refreshed.stderr.contains("1 favorite was not refreshed in full"))
            }
            #expect(try await count("SELECT count(*) FROM episode WHERE show_id = 1", sandbox) == "39")
            #expect(try await count("SELECT count(*) FROM episode WHERE show_id = 43", sandbox) == "93")
            #expect(try await count("SELECT episode_id FROM watched ORDER BY 1", sandbox) == "1\n2\n99")
        }
    }

    @Test(
        "a database locked past --lock-timeout: watch exits 74 with the original app specification's message and marks nothing"
    )
    func lockedDatabase() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            let failed = try await sandbox.whileFavoritesLocked {
                try await sandbox.runInProcess(
                    "tvm-fav", ["watch", "--show", "1", "--season", "1", "--lock-timeout", "0.3"])
            }
            #expect(failed.status == 74)
            #expect(failed.stderr.contains("There was a problem saving/deleting this TV Show."))
            #expect(failed.stderr.contains("locked"))
            #expect(failed.stdout.isEmpty)
            #expect(try await count("SELECT count(*) FROM watched", sandbox) == "0")
        }
    }

    @Test("watched as a table names the show, the episode code and title, and the time; JSON Lines stay as they were")
    func watchedTable() async throws {
        try await withReplay { _, sandbox in
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "43", "--through", "S01E02", "--at", "2019-01-01T12:00:00Z"])
            let table = try await sandbox.runInProcess("tvm-fav", ["watched", "--format", "csv"])
            #expect(table.status == 0, "\(table.stderr)")
            let rows = table.lines.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            #expect(rows.first == ["show", "episode", "title", "watched"])
            #expect(
                rows.dropFirst().map { Array($0.prefix(3)) } == [
                    ["Outlander", "S01E01", "Sassenach"], ["Outlander", "S01E02", "Castle Leoch"],
                ])
            #expect(rows.dropFirst().allSatisfy { $0.last?.hasPrefix("2019-01-01 ") == true }, "\(rows)")
            let lines = try await sandbox.runInProcess("tvm-fav", ["watched"])
            #expect(lines.lines.count == 2)
            #expect(
                lines.lines.allSatisfy {
                    $0.hasPrefix(#"{"episode":"#)
                        && $0.hasSuffix(#","show":43,"watched_at":"2019-01-01T12:00:00.000Z"}"#)
                })
        }
    }

    @Test("the episode view marks the watched episodes with ✓, and has no mark column without a database")
    func episodeViewMarks() async throws {
        try await withReplay { _, sandbox in
            let before = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "1", "--format", "table"])
            #expect(before.status == 0, "\(before.stderr)")
            #expect(before.lines.contains { $0.hasPrefix("   1  Pilot") }, "\(before.stdout)")
            try await tracking(sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "2", "--at", "2019-01-01T00:00:00Z"])
            let result = try await sandbox.runInProcess(
                "tvm-episodes", ["1", "--season", "1", "--format", "table", "--offline"])
            #expect(result.status == 0, "\(result.stderr)")
            let rows = result.lines.filter { $0.range(of: #"^ +\d+ "#, options: .regularExpression) != nil }
            #expect(rows.count == 13, "\(result.stdout)")
            #expect(rows.prefix(2).allSatisfy { $0.contains(" ✓ ") }, "\(rows)")
            #expect(rows.dropFirst(2).allSatisfy { !$0.contains("✓") }, "\(rows)")
        }
    }
}
