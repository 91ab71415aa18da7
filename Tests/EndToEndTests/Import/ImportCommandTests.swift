import Foundation
import ReplayServer
import Testing

/// `tvm-fav import` end to end against the replay server, from the export fixtures in Tests/Fixtures/imports.
@Suite("tvm-fav import: TV Time, Trakt, Simkl, Sonarr and CSV exports")
struct ImportCommandTests {
    func count(_ sql: String, _ sandbox: Sandbox) async throws -> String {
        try await FavSupport.sqlite(sandbox.favoritesDatabase, sql, in: sandbox).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the TV Time sample holds: Under the Dome 1-5 (1 rewatched), Person of Interest 1-2, Outlander 1-2
    /// (seen_episode.csv, joined by name), and a show TVMaze lacks.
    static let tvtimeMarks = [
        #"{"episode":1954,"show":43,"watched_at":"2018-06-02T21:00:00.000Z"}"#,
        #"{"episode":1955,"show":43,"watched_at":"2018-06-03T21:00:00.000Z"}"#,
        #"{"episode":152,"show":2,"watched_at":"2018-11-11T22:00:00.000Z"}"#,
    ]

    @Test(
        "a TV Time folder: favorites, marks at their first time, what is missing reported, exit 1, ≤ 3 requests a show")
    func tvtimeFolder() async throws {
        try await withImportReplay { server, sandbox in
            let result = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("tvtime")])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(try await sandbox.favoriteIDs() == [1, 2, 43])
            let watched = try await sandbox.run("tvm-fav", ["watched"])
            #expect(watched.lines.count == 9)
            // The rewatch of 1x01 (2019-03-01) folds into the first watch.
            #expect(watched.lines.contains(#"{"episode":1,"show":1,"watched_at":"2019-01-01T21:11:00.000Z"}"#))
            #expect(watched.lines.contains(#"{"episode":1954,"show":43,"watched_at":"2018-06-02T21:00:00.000Z"}"#))
            #expect(
                result.stderr.contains(
                    "tracking-prod-records-v2.csv line 11: no such episode: Under the Dome has no episode S09E01"))
            #expect(
                result.stderr.contains(#"show not on TVMaze: "A Show TVMaze Lacks" (TheTVDB 999999) is not on TVMaze"#))
            #expect(
                result.stderr.contains(
                    "imported 4 files: 3 shows found (3 new), 1 not found; 9 episodes marked (9 new or earlier); "
                        + "1 rewatch folded; 3 rows skipped: 1 no such episode, 2 shows not on TVMaze"))
            // A lookup, the record and the episode list: 3 requests a show (the lacking one: its lookup).
            let targets = server.log.requests.map(\.target)
            #expect(targets.count == 10)
            #expect(targets.filter { $0.hasPrefix("/lookup/shows?thetvdb=") }.count == 4)
            #expect(
                Set(targets.filter { !$0.hasPrefix("/lookup") }) == [
                    "/shows/1", "/shows/1/episodes?specials=1", "/shows/2", "/shows/2/episodes?specials=1",
                    "/shows/43", "/shows/43/episodes?specials=1",
                ])

            // Again: nothing changes, and it says so. The favorites are placed without a request; only the show
            // TVMaze lacks is looked up again.
            let before = server.log.requests.count
            let again = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("tvtime")])
            #expect(again.status == 1)
            #expect(server.log.requests[before...].map(\.target) == ["/lookup/shows?thetvdb=999999"])
            #expect(again.stderr.contains("9 episodes marked (0 new or earlier)"))
            #expect(again.stderr.contains("nothing changed: every show and mark was already saved"))
            #expect(try await sandbox.run("tvm-fav", ["watched"]).stdout == watched.stdout)
        }
    }

    @Test("prefixed names, a BOM, CRLF and quoted commas are read; a bad date and an open quote name file and line")
    func tvtimeHarder() async throws {
        try await withImportReplay { _, sandbox in
            let folder = ImportFixtures.path("variants/tvtime-prefixed")
            let result = try await sandbox.run("tvm-fav", ["import", folder])
            #expect(result.status == 1, "\(result.stderr)")
            let file = folder + "/3f9a1c_tracking-prod-records-v2.csv"
            #expect(
                result.stderr.contains(#"\#(file) line 5: unreadable row: created_at "01/03/2019 21:13" is not a time"#)
            )
            #expect(result.stderr.contains("\(file) line 6: unreadable row: a quoted field is never closed"))
            #expect(result.stderr.contains(#"show 43 ("Outlander") is archived in TV Time: imported as a favorite"#))
            #expect(try await sandbox.favoriteIDs() == [1, 43, 2])
            // The rewatch dated before the first watch: the earliest time wins. Line 7 (after the bad ones) came.
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":32,"show":2,"watched_at":"2018-11-15T22:00:00.000Z"}"#,
                    #"{"episode":1,"show":1,"watched_at":"2018-12-31T20:00:00.000Z"}"#,
                    #"{"episode":2,"show":1,"watched_at":"2019-01-02T21:12:00.000Z"}"#,
                ])
        }
    }

    @Test("a Trakt export split across history files: every file read, the movie counted, exit 0")
    func traktSplit() async throws {
        try await withImportReplay { server, sandbox in
            let result = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("variants/trakt-split")])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("imported 3 files: 2 shows found (2 new)"))
            #expect(result.stderr.contains("1 row skipped: 1 movie"))
            #expect(try await sandbox.favoriteIDs() == [2, 43])
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":1956,"show":43,"watched_at":"2018-06-04T20:00:00.000Z"}"#,
                    #"{"episode":1957,"show":43,"watched_at":"2018-06-05T20:00:00.000Z"}"#,
                    #"{"episode":30,"show":2,"watched_at":"2018-11-13T21:30:00.000Z"}"#,
                    #"{"episode":31,"show":2,"watched_at":"2018-11-14T21:30:00.000Z"}"#,
                ])
            #expect(server.log.requests.count <= 6)
        }
    }

    @Test("Simkl's backup and Sonarr's series list; Sonarr's show without a TVMaze id is reported")
    func simklAndSonarr() async throws {
        try await withImportReplay { _, sandbox in
            let simkl = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("simkl/SimklBackup.json")])
            #expect(simkl.status == 0, "\(simkl.stderr)")
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":6,"show":1,"watched_at":"2019-01-06T21:00:00.000Z"}"#,
                    #"{"episode":7,"show":1,"watched_at":"2019-01-07T21:00:00.000Z"}"#,
                ])
            let sonarr = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("sonarr/series.json")])
            #expect(sonarr.status == 1, "\(sonarr.stderr)")
            #expect(sonarr.stderr.contains(#"show not on TVMaze: "Not On TVMaze" (TheTVDB 999998) is not on TVMaze"#))
            #expect(try await sandbox.favoriteIDs() == [1, 43])
            // Regression: the same list saved by PowerShell (UTF-16 with its byte order mark) was read as a CSV
            // header and refused (65).
            let text = try String(contentsOfFile: ImportFixtures.path("sonarr/series.json"), encoding: .utf8)
            let wide = sandbox.root.appendingPathComponent("series16.json")
            try ([0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)).withUnsafeBytes {
                try Data($0).write(to: wide)
            }
            let utf16 = try await sandbox.run("tvm-fav", ["import", wide.path])
            #expect(utf16.status == 1, "\(utf16.stderr)")
            #expect(utf16.stderr.contains(#""Not On TVMaze" (TheTVDB 999998) is not on TVMaze"#))
        }
    }

    @Test("the plain CSV: each kind of id, a mark with no time, --unmatched rows fixed and imported again")
    func plainCSV() async throws {
        try await withImportReplay { _, sandbox in
            let unmatched = sandbox.root.appendingPathComponent("unmatched.csv").path
            let result = try await sandbox.run(
                "tvm-fav", ["import", ImportFixtures.path("variants/history-quoted.csv"), "--unmatched", unmatched])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains(#"history-quoted.csv line 5: unreadable row: season "one" is not a number"#))
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":1957,"show":43,"watched_at":null}"#,
                    #"{"episode":1956,"show":43,"watched_at":"2018-06-04T00:00:00.000Z"}"#,
                    #"{"episode":32,"show":2,"watched_at":"2018-11-15T20:00:00.000Z"}"#,
                    #"{"episode":1,"show":1,"watched_at":"2019-01-01T21:00:00.000Z"}"#,
                ])
            let text = try String(contentsOfFile: unmatched, encoding: .utf8)
            let lines = text.split(separator: "\r\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines[0] == "tvmaze_id,thetvdb_id,imdb_id,show,season,episode,watched_at,file,line,reason,original")
            #expect(
                lines[1].hasSuffix(
                    #",5,"unreadable row: season ""one"" is not a number","43,,,Outlander,one,2,2018-06-06T21:00:00Z""#)
            )
            // The user fixes the row by hand and imports the file again as CSV.
            let fixed = "tvmaze_id,season,episode,watched_at\n43,1,2,2018-06-06T21:00:00Z\n"
            let again = try await sandbox.run("tvm-fav", ["import", "--from", "csv", "-"], stdin: fixed)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(
                try await count("SELECT watched_at FROM watched WHERE episode_id = 1955", sandbox)
                    == "2018-06-06 21:00:00.000")
        }
    }

    // Regression: a row's TVMaze id lost to its TheTVDB id when another row (or a favorite) had placed that id:
    // Outlander's S01E05 was marked on Under the Dome, exit 0; and an IMDb id a favorite held beat a TheTVDB id.
    @Test("the TVMaze id wins over a TheTVDB id another show holds, and TheTVDB's over a favorite's IMDb id")
    func idPrecedence() async throws {
        try await withImportReplay { _, sandbox in
            let rows = """
                tvmaze_id,thetvdb_id,show,season,episode,watched_at
                ,264492,Under the Dome,1,1,2019-01-01T21:00:00Z
                43,264492,Outlander,1,5,2019-01-01T21:00:00Z
                ,264492,Under the Dome,1,2,2019-01-01T21:00:00Z

                """
            let first = try await sandbox.run("tvm-fav", ["import", "--from", "csv", "-"], stdin: rows)
            #expect(first.status == 0, "\(first.stderr)")
            let marks = ["watched", "--jq", "[.show, .episode] | @csv"]
            #expect(try await sandbox.run("tvm-fav", marks).lines == ["1,1", "1,2", "43,1958"])
            // Under the Dome (IMDb tt1553656) is a favorite now; TheTVDB 270408 is Outlander's.
            let mixed = """
                thetvdb_id,imdb_id,show,season,episode,watched_at
                270408,tt1553656,Outlander,1,6,2019-01-02T21:00:00Z

                """
            let second = try await sandbox.run("tvm-fav", ["import", "--from", "csv", "-"], stdin: mixed)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(try await sandbox.run("tvm-fav", marks).lines == ["1,1", "1,2", "43,1958", "43,1959"])
        }
    }

    // Regression: import marked episodes that had not aired, which tvm-fav watch never does (found by a red-team
    // pass: Outlander's S07E15 and S07E16, watched "2024-05-01" and with no time, in June 2024).
    @Test("an episode that has not aired yet is reported and not marked; the aired ones are")
    func notAiredYet() async throws {
        try await withImportReplay { _, sandbox in
            let rows = """
                tvmaze_id,season,episode,watched_at
                43,7,1,2024-05-01T21:00:00Z
                43,7,15,2024-05-01T21:00:00Z
                43,7,16,

                """
            let result = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-"], stdin: rows,
                environment: ["TVM_NOW": "2024-06-01T00:00:00Z"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("stdin line 3: not aired yet: Outlander S07E15 has not aired yet; not marked"))
            #expect(result.stderr.contains("2 rows skipped: 2 not aired yet"))
            let marked = try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"])
            #expect(marked.lines.count == 1)
        }
    }

    // Regression: Simkl's and Trakt's episode times that were no time (another format, a number) were dropped
    // without a word, and the marks imported without a time; a CSV row with a bad time was reported.
    @Test("a JSON episode time that is not a time is named and its episode skipped; a null time is no time")
    func oddJSONTimes() async throws {
        try await withImportReplay { _, sandbox in
            let result = try await sandbox.run(
                "tvm-fav", ["import", ImportFixtures.path("variants/simkl-odd-times.json")])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains(#"unreadable row: S1E6 watched_at "06/01/2019 21:00" is not an ISO 8601"#))
            #expect(result.stderr.contains(#"unreadable row: S1E7 watched_at "1546808400" is not an ISO 8601 time"#))
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":8,"show":1,"watched_at":null}"#,
                    #"{"episode":9,"show":1,"watched_at":"2019-01-09T21:00:00.000Z"}"#,
                ])
        }
    }

    // Regression: a show named by its title alone was said to be "not on TVMaze" though nothing was asked, and an
    // import that found no show said "every show and mark was already saved".
    @Test("a title alone is named as such without --match-titles, and looked for with it")
    func titleOnly() async throws {
        try await withImportReplay { server, sandbox in
            let rows = "show,season,episode\nUnder the Dome,1,1\n"
            let plain = try await sandbox.run("tvm-fav", ["import", "--from", "csv", "-"], stdin: rows)
            #expect(plain.status == 1, "\(plain.stderr)")
            #expect(
                plain.stderr.contains(
                    #"title without an id: "Under the Dome" has no TVMaze, TheTVDB or IMDb id: --match-titles looks it"#
                ))
            #expect(plain.stderr.contains("1 row skipped: 1 title without an id"))
            #expect(plain.stderr.contains("nothing changed: no show was found"))
            #expect(server.log.count == 0)
            let matched = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "--match-titles", "-"], stdin: rows)
            #expect(matched.status == 1, "\(matched.stderr)")
            #expect(server.log.requests.map(\.target).contains { $0.hasPrefix("/singlesearch/shows?q=Under") })
            #expect(matched.stderr.contains(#"show not on TVMaze: "Under the Dome" is not on TVMaze"#))
        }
    }

    // Regression: a path that could not be read among others exited 0, and scripts took the import for whole.
    @Test("one of several paths that cannot be read is named; the others are imported, and the exit status is 65")
    func unreadablePathAmongOthers() async throws {
        try await withImportReplay { _, sandbox in
            let good = sandbox.root.appendingPathComponent("good.csv")
            try Data("tvmaze_id,season,episode,watched_at\n1,1,1,2019-01-01T21:00:00Z\n".utf8).write(to: good)
            let missing = sandbox.root.appendingPathComponent("missing.csv").path
            let result = try await sandbox.run("tvm-fav", ["import", good.path, missing])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.contains("cannot read \(missing)"))
            #expect(try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"]).lines == ["1"])
        }
    }

    @Test("an earlier time wins over a stored mark, a later one does not; a time known wins over none")
    func earlierWins() async throws {
        try await withImportReplay { _, sandbox in
            let first =
                "tvmaze_id,season,episode,watched_at\n1,1,1,2019-01-05T00:00:00Z\n1,1,2,\n1,1,3,2019-01-01T00:00:00Z\n"
            #expect(try await sandbox.run("tvm-fav", ["import", "-", "--from", "csv"], stdin: first).status == 0)
            let second =
                "tvmaze_id,season,episode,watched_at\n1,1,1,2019-01-01T00:00:00Z\n1,1,2,2019-01-02T00:00:00Z\n1,1,3,2019-02-01T00:00:00Z\n"
            let result = try await sandbox.run("tvm-fav", ["import", "-", "--from", "csv"], stdin: second)
            #expect(result.stderr.contains("3 episodes marked (2 new or earlier)"), "\(result.stderr)")
            #expect(
                try await sandbox.run("tvm-fav", ["watched"]).lines == [
                    #"{"episode":1,"show":1,"watched_at":"2019-01-01T00:00:00.000Z"}"#,
                    #"{"episode":3,"show":1,"watched_at":"2019-01-01T00:00:00.000Z"}"#,
                    #"{"episode":2,"show":1,"watched_at":"2019-01-02T00:00:00.000Z"}"#,
                ])
        }
    }

    @Test("--dry-run prints the shows and the marks with show_name and code, and creates no database")
    func dryRun() async throws {
        try await withImportReplay { _, sandbox in
            let result = try await sandbox.run(
                "tvm-fav", ["import", "--dry-run", ImportFixtures.path("generic/history.csv")])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.lines == [
                    #"{"show":2,"name":"Person of Interest","new":true,"archived":false}"#,
                    #"{"show":43,"name":"Outlander","new":true,"archived":false}"#,
                    #"{"show":1,"name":"Under the Dome","new":true,"archived":false}"#,
                    #"{"episode":32,"show":2,"watched_at":"2018-11-15T21:00:00.000Z","show_name":"Person of Interest","code":"S01E05"}"#,
                    #"{"episode":1957,"show":43,"watched_at":"2018-06-05T21:00:00.000Z","show_name":"Outlander","code":"S01E04"}"#,
                    #"{"episode":8,"show":1,"watched_at":null,"show_name":"Under the Dome","code":"S01E08"}"#,
                ])
            #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
        }
    }

    @Test("--dry-run names the rows it would skip and sums up, as an import does, and still saves nothing")
    func dryRunReports() async throws {
        try await withImportReplay { _, sandbox in
            let input = sandbox.root.appendingPathComponent("history.csv")
            let rows = "tvmaze_id,show,season,episode,watched_at\n1,UTD,1,1,2019-01-02\n1,UTD,1,2,02/01/2019\n"
            try Data(rows.utf8).write(to: input)
            let result = try await sandbox.run("tvm-fav", ["import", "--dry-run", input.path])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.lines.count == 2, "the show and its one readable mark")
            #expect(
                result.stderr == """
                    tvm-fav: warning: \(input.path) line 3: unreadable row: watched_at "02/01/2019" is not a time such \
                    as 2019-01-02 21:00:00 or 2019-01-02T21:00:00Z
                    tvm-fav: note: --dry-run, nothing saved: would import 1 file: 1 show found (1 new), 0 not found; \
                    1 episode to mark; 0 rewatches folded; 1 row skipped: 1 unreadable row

                    """)
            #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
            // -n shortens the list, not the report: the same summary and exit status (once, they were lost).
            let limited = try await sandbox.run("tvm-fav", ["import", "--dry-run", "-n", "1", input.path])
            #expect(limited.status == 1)
            #expect(limited.lines.count == 1)
            #expect(limited.stderr == result.stderr)
        }
    }

    #if os(Linux)
        @Test(
            "on a terminal import shows how far it is, with titles from the file that cannot drive the terminal",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
        func progressOnATerminal() async throws {
            try await withImportReplay { _, sandbox in
                let input = sandbox.root.appendingPathComponent("history.csv")
                let hostile = "tvmaze_id,show,season,episode\n1,\"Dome\u{1B}]0;pwned\u{07}\",1,1\n43,Outlander,1,1\n"
                try Data(hostile.utf8).write(to: input)
                var environment = sandbox.environment
                environment["COLUMNS"] = "100"
                let command = "'\(Binaries.url("tvm-fav").path)' import '\(input.path)'"
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/usr/bin/script"),
                    arguments: ["-q", "-e", "-c", command, "/dev/null"], stdin: nil, environment: environment,
                    directory: sandbox.root, timeout: 120)
                #expect(result.status == 0, "\(result.stdout)")
                #expect(result.stdout.contains("importing 1 of 2: Dome"), "\(result.stdout)")
                #expect(result.stdout.contains("importing 2 of 2: Outlander"), "\(result.stdout)")
                #expect(result.stdout.contains("s left)"))
                #expect(!result.stdout.contains("\u{1B}]0;"), "the title reached the terminal raw")
            }
        }
    #endif

    @Test("an empty export exits 1 and says so; a JSON file that is not an array exits 65 naming the file")
    func emptyAndNotArray() async throws {
        try await withImportReplay { server, sandbox in
            let empty = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-"], stdin: "tvmaze_id,season,episode\n")
            #expect(empty.status == 1)
            #expect(empty.stderr.contains("nothing to import: - holds no show"))
            let object = sandbox.root.appendingPathComponent("watched-history.json")
            try Data(#"{"id":1}"#.utf8).write(to: object)
            let bad = try await sandbox.run("tvm-fav", ["import", object.path])
            #expect(bad.status == 65)
            #expect(bad.stderr.contains("\(object.path): not a JSON array"))
            let missing = sandbox.root.appendingPathComponent("history.csv")
            try Data("what,when\nx,y\n".utf8).write(to: missing)
            let renamed = try await sandbox.run("tvm-fav", ["import", "--from", "csv", missing.path])
            #expect(renamed.status == 65)
            #expect(renamed.stderr.contains("the header (what,when) names no show column"))
            #expect(server.log.requests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
        }
    }
}
