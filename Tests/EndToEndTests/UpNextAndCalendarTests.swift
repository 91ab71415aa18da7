import Foundation
import ReplayServer
import Testing

/// `tvm-fav next`, `tvm-episodes`' tracking options, and `--format ics` parsed by a real calendar library.
@Suite("tvm-fav next, tvm-episodes --upcoming and --watched, calendars")
struct UpNextAndCalendarTests {
    let watch = WatchCommandTests()

    @Test("next: one line per show with something left, recent shows first, progress without specials; --all")
    func next() async throws {
        try await withReplay { _, sandbox in
            try await watch.tracking(sandbox)
            let none = try await sandbox.runInProcess("tvm-fav", ["next", "--jq", "._tvm.show.name"])
            #expect(none.status == 0)
            #expect(none.lines.isEmpty, "no marks yet: the shows never watched are left out")
            #expect(none.stderr.isEmpty, "the note is for a terminal")
            let unstarted = try await sandbox.runInProcess("tvm-fav", ["next", "--all", "--jq", "._tvm.show.name"])
            #expect(unstarted.lines == ["Outlander", "Under the Dome"], "--all lists them, by name")
            _ = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "1", "--through", "S01E06", "--at", "2019-01-01"])
            _ = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "43", "--through", "S04E11", "--at", "2019-01-02"])
            let result = try await sandbox.runInProcess("tvm-fav", ["next", "--all"])
            #expect(result.status == 0)
            let lines = try result.lines.map(EpisodeFixtures.object)
            let shows = lines.map { (($0["_tvm"] as? [String: Any])?["show"] as? [String: Any])?["name"] as? String }
            #expect(shows == ["Outlander", "Under the Dome"])
            let outlander = try #require(lines.first?["_tvm"] as? [String: Any])
            #expect(outlander["progress"] as? [String: Int] == ["watched": 53, "aired": 53, "total": 91])
            #expect(lines[0]["id"] == nil, "with --all, a show with everything aired watched has no episode")
            #expect(lines[1]["id"] as? Int == 7)
            #expect(((lines[1]["_tvm"] as? [String: Any])?["progress"] as? [String: Int])?["watched"] == 6)
            let plain = try await sandbox.runInProcess("tvm-fav", ["next", "--jq", ".id"])
            #expect(plain.lines == ["7"])
            // CSV has the episode columns of every list of episodes, then the progress counts.
            let csv = try await sandbox.runInProcess("tvm-fav", ["next", "--all", "--format", "csv"])
            #expect(
                csv.lines == [
                    "show,id,season,number,episode,airdate,airtime,runtime,title,watched,aired,total",
                    "Outlander,,,,,,,,,53,53,91",
                    "Under the Dome,7,1,7,S01E07,2013-08-05,22:00,60,Imperfect Circles,6,39,39",
                ], "\(csv.stdout)")
            // Regression: --fields was checked against the first line alone, a caught-up show's "_tvm" (64).
            let fields = try await sandbox.runInProcess(
                "tvm-fav", ["next", "--all", "--format", "csv", "--fields", "name,season"])
            #expect(fields.status == 0, "\(fields.stderr)")
            #expect(fields.lines == ["name,season", ",", "Imperfect Circles,1"], "\(fields.stdout)")
            let misspelt = try await sandbox.runInProcess("tvm-fav", ["next", "--all", "--fields", "nmae"])
            #expect(misspelt.status == 64)
            #expect(misspelt.stderr.contains("'nmae'"), "\(misspelt.stderr)")
        }
    }

    #if os(Linux)
        @Test(
            "on a real terminal next is a table with the air time in TZ and progress as 6/39 with a bar",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        )
        func nextOnATerminal() async throws {
            try await withReplay { _, sandbox in
                try await watch.tracking(sandbox)
                _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "1", "--through", "S01E06"])
                let screen = try await sandbox.onTerminal("tvm-fav", "next", environment: ["TZ": "Europe/Paris"])
                let rows = screen.lines
                #expect(rows.first?.hasPrefix("SHOW") == true, "\(rows)")
                #expect(
                    screen.text.contains("1 favorite with nothing watched yet left out; --all lists it"),
                    "Outlander, never watched, is left out and counted: \(rows)")
                #expect(!rows.contains { $0.hasPrefix("Outlander") })
                // 1x07 "Imperfect Circles": 2013-08-06 03:00 UTC is 05:00 in Paris.
                #expect(
                    rows.contains {
                        $0.wholeMatch(
                            of: /Under the Dome\s+S01E07\s+Imperfect Circles\s+2013-08-06 05:00\s+6\/39 ██░░░░░░░░/)
                            != nil
                    }, "\(rows)")
            }
        }

        @Test(
            "at 40 columns next keeps the episode code, air date and progress, and cuts the show's name",
            Sandbox.scriptRequired)
        func nextOnANarrowTerminal() async throws {
            try await withReplay { _, sandbox in
                try await watch.tracking(sandbox)
                _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "1", "--through", "S01E06"])
                let screen = try await sandbox.onTerminal(
                    "tvm-fav", "next --all", columns: 40, environment: ["TZ": "Europe/Paris"])
                #expect(screen.status == 0)
                let rows = screen.lines.filter { !$0.hasPrefix("tvm-fav:") }
                #expect(rows.first?.wholeMatch(of: /SHOW\s+EPISODE\s+AIRED\s+PROGRESS/) != nil, "\(rows)")
                #expect(rows.contains("Under th…  S01E07   2013-08-06  6/39"), "\(rows)")
                #expect(rows.contains("Outlander  S01E01   2014-08-10  0/53"), "\(rows)")
                #expect(rows.allSatisfy { $0.count <= 40 }, "\(rows)")
                #expect(!screen.text.contains("Imperfect Circles"), "the title gives way first")
            }
        }

        @Test("at 40 columns --upcoming keeps the air time and the episode code", Sandbox.scriptRequired)
        func upcomingOnANarrowTerminal() async throws {
            try await withReplay { server, sandbox in
                let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
                let shows = try [43, 2].map { id in try #require(page.first { $0.hasPrefix("{\"id\":\(id),") }) }
                try (shows.joined(separator: "\n") + "\n").write(
                    to: sandbox.root.appendingPathComponent("shows.jsonl"), atomically: true, encoding: .utf8)
                let screen = try await sandbox.onTerminal(
                    "tvm-episodes", "--upcoming --days 21 < shows.jsonl", columns: 40,
                    environment: ["TVM_NOW": "2016-04-20T00:00:00Z", "TZ": "UTC"])
                #expect(screen.status == 0)
                let rows = screen.lines
                #expect(rows.first?.wholeMatch(of: /AIRS\s+SHOW\s+EPISODE/) != nil, "\(rows)")
                #expect(rows.count > 2, "\(rows)")
                #expect(
                    rows.dropFirst().allSatisfy {
                        $0.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d  (Outlander    |Person of In…)  S0\dE\d\d/) != nil
                    }, "\(rows)")
                #expect(rows.contains { $0.contains("Person of In…") }, "\(rows)")
            }
        }
    #endif

    @Test("tvm-episodes annotates _tvm.watched and filters with --watched and --unwatched")
    func watchedAnnotation() async throws {
        try await withReplay { _, sandbox in
            try await watch.tracking(sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "2", "--at", "2019-01-01T00:00:00Z"])
            let all = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "1", "--jq", "._tvm.watched"])
            #expect(
                Array(all.lines.prefix(3)) == ["2019-01-01T00:00:00.000Z", "2019-01-01T00:00:00.000Z", "null"])
            let watched = try await sandbox.runInProcess("tvm-episodes", ["1", "--watched", "--jq", ".id"])
            #expect(watched.lines == ["1", "2"])
            let unwatched = try await sandbox.runInProcess("tvm-episodes", ["1", "--unwatched", "--jq", ".id"])
            #expect(unwatched.lines.count == 37)
            // --group: each episode of a season record carries the mark; the show is named once, at the top.
            let grouped = try await sandbox.runInProcess(
                "tvm-episodes", ["1", "--group", "--season", "1", "--jq", #".episodes[:3][] | ._tvm"#])
            #expect(grouped.status == 0, "\(grouped.stderr)")
            #expect(
                grouped.lines == [
                    #"{"watched":"2019-01-01T00:00:00.000Z"}"#, #"{"watched":"2019-01-01T00:00:00.000Z"}"#,
                    #"{"watched":null}"#,
                ])
        }
    }

    @Test("offline, or with the host unreachable, a favorite's episodes come from the favorites database")
    func offlineFallback() async throws {
        try await withReplay { _, sandbox in
            try await watch.tracking(sandbox)
            let offline = try await sandbox.runInProcess("tvm-episodes", ["43", "--offline", "--jq", ".id"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.lines.count == 91)
            #expect(offline.stderr.contains("1 show was answered from the episodes kept in the favorites database"))
            let unreachable = try await sandbox.runInProcess(
                "tvm-episodes", ["43", "1", "--specials", "--retries", "0", "--jq", ".id"],
                environment: ["TVM_API_URL": "http://127.0.0.1:9"])
            #expect(unreachable.status == 0, "\(unreachable.stderr)")
            #expect(unreachable.lines.count == 93 + 39)
            let notFavorite = try await sandbox.runInProcess("tvm-episodes", ["139", "--offline"])
            #expect(notFavorite.status != 0)
        }
    }

    @Test("--upcoming merges the shows' episodes airing in the next N days, ordered by air time")
    func upcoming() async throws {
        try await withReplay { server, sandbox in
            let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let shows = try [43, 2].map { id in try #require(page.first { $0.hasPrefix("{\"id\":\(id),") }) }
            let result = try await sandbox.runInProcess(
                "tvm-episodes", ["--upcoming", "--days", "21", "--jq", "\"\\(.airstamp) \\(._tvm.show.id)\""],
                stdin: shows.joined(separator: "\n") + "\n", environment: ["TVM_NOW": "2016-04-20T00:00:00Z"])
            #expect(result.status == 0, "\(result.stderr)")
            let from = try #require(ISO8601DateFormatter().date(from: "2016-04-20T00:00:00Z"))
            let to = from.addingTimeInterval(21 * 86_400)
            var expected: [(Date, String)] = []
            for (id, file) in [(43, "shows/43/episodes.json"), (2, "shows/2/episodes.json")] {
                for element in try Fixtures.elements(file, baseURL: server.baseURL) {
                    let stamp = try EpisodeFixtures.object(element)["airstamp"] as? String ?? ""
                    guard let date = ISO8601DateFormatter().date(from: stamp), date >= from, date <= to else {
                        continue
                    }
                    expected.append((date, "\(stamp) \(id)"))
                }
            }
            #expect(result.lines == expected.sorted { $0.0 < $1.0 }.map(\.1))
            let order = result.lines.map { String($0.split(separator: " ")[1]) }
            #expect(order.contains("2") && order.contains("43") && order != order.sorted(), "merged: \(order)")
        }
    }

    @Test(
        "--upcoming offline: favorites come from the database together, other shows from the HTTP cache, merged by air time; a show neither has fails"
    )
    func upcomingFromCacheAndDatabase() async throws {
        try await withReplay { server, sandbox in
            try await watch.tracking(sandbox)
            let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let line = { (id: Int) in try #require(page.first { $0.hasPrefix("{\"id\":\(id),") }) }
            let window = ["--upcoming", "--days", "21"]
            let now = ["TVM_NOW": "2016-04-20T00:00:00Z"]
            // Person of Interest (2) is no favorite: an online run leaves its episode list in the HTTP cache.
            let online = try await sandbox.runInProcess(
                "tvm-episodes", window, stdin: try line(2) + "\n", environment: now)
            #expect(online.status == 0, "\(online.stderr)")
            // Outlander (43) is a favorite the HTTP cache never saw; 999 is neither.
            let result = try await sandbox.runInProcess(
                "tvm-episodes", window + ["--offline", "--jq", "\"\\(.airstamp) \\(._tvm.show.id)\""],
                stdin: [try line(43), try line(2), "999"].joined(separator: "\n") + "\n", environment: now)
            #expect(result.status == 69, "\(result.stderr)")
            let merged = result.lines.map { String($0.split(separator: " ")[1]) }
            #expect(merged.contains("2") && merged.contains("43") && merged != merged.sorted(), "\(merged)")
            let stamps = result.lines.compactMap {
                ISO8601DateFormatter().date(from: String($0.split(separator: " ")[0]))
            }
            #expect(stamps.count == result.lines.count && stamps == stamps.sorted())
            let expected = try await sandbox.runInProcess(
                "tvm-episodes", window + ["--jq", "\"\\(.airstamp) \\(._tvm.show.id)\""],
                stdin: [try line(43), try line(2)].joined(separator: "\n") + "\n", environment: now)
            #expect(result.lines == expected.lines, "the same week as online")
            #expect(result.stderr.contains("stdin line 3: show 999: not in the local cache"), "\(result.stderr)")
            #expect(result.stderr.contains("1 show was answered from the episodes kept in the favorites database"))
        }
    }

    @Test("--format ics is an RFC 5545 calendar that python3-icalendar reads back field by field")
    func calendar() async throws {
        try await withReplay { server, sandbox in
            try await watch.tracking(sandbox)
            let result = try await sandbox.runInProcess(
                "tvm-episodes", ["43", "--specials", "--season", "1", "--format", "ics"],
                environment: ["TVM_NOW": "2019-01-16T00:00:00Z"])
            #expect(result.status == 0, "\(result.stderr)")
            let raw = result.stdout
            // Every line ends in CRLF and holds at most 75 octets; folded lines go on with a space.
            let lines = raw.components(separatedBy: "\r\n")
            #expect(lines.last == "")
            #expect(lines.dropLast().allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") })
            #expect(lines.contains { $0.hasPrefix(" ") })
            let file = sandbox.root.appendingPathComponent("s1.ics")
            try Data(raw.utf8).write(to: file)
            let parsed = try await Self.parse(file, in: sandbox)
            #expect(
                parsed["calendar"] as? [String: String] == [
                    "VERSION": "2.0", "CALSCALE": "GREGORIAN", "X-WR-CALNAME": "tvm: episodes",
                    "PRODID": "-//tvm//tvm 0.2.0//EN",
                ])
            let events = try #require(parsed["events"] as? [[String: String]])
            let recorded = try Fixtures.elements("shows/43/episodes/specials=1.json", baseURL: server.baseURL)
                .map(EpisodeFixtures.object).filter { $0["season"] as? Int == 1 }
            #expect(events.count == recorded.count)
            for (event, episode) in zip(events, recorded) {
                let id = try #require(episode["id"] as? Int)
                #expect(event["UID"] == "tvmaze-episode-\(id)@tvm")
                #expect(event["DTSTAMP"] == "2019-01-16T00:00:00+00:00")
                let start = try #require(ISO8601DateFormatter().date(from: episode["airstamp"] as? String ?? ""))
                #expect(
                    event["DTSTART"]
                        == ISO8601DateFormatter().string(from: start).replacingOccurrences(of: "Z", with: "+00:00"))
                let minutes = episode["runtime"] as? Int ?? 60
                let end = start.addingTimeInterval(Double(minutes * 60))
                #expect(
                    event["DTEND"]
                        == ISO8601DateFormatter().string(from: end).replacingOccurrences(of: "Z", with: "+00:00"))
                let code =
                    episode["number"] is Int
                    ? String(format: "S%02dE%02d", episode["season"] as? Int ?? 0, episode["number"] as? Int ?? 0)
                    : "S01 special"
                #expect(event["SUMMARY"] == "Outlander \(code) \(episode["name"] as? String ?? "")")
                #expect(event["URL"] == episode["url"] as? String)
                let description = try #require(event["DESCRIPTION"])
                #expect(Self.words(description) == Self.words(Self.plainText(episode["summary"] as? String ?? "")))
            }
            #expect(events.contains { $0["DESCRIPTION"]?.contains(",") == true }, "commas are escaped and read back")
            let again = try await sandbox.runInProcess(
                "tvm-episodes", ["43", "--specials", "--season", "1", "--format", "ics"],
                environment: ["TVM_NOW": "2019-01-16T00:00:00Z"])
            #expect(again.stdout == raw, "the same run gives the same calendar: UIDs are stable")
        }
    }

    @Test("an episode without an air time is an all-day event; next --format ics holds the next episodes")
    func allDayAndNext() async throws {
        try await withReplay { _, sandbox in
            try await watch.tracking(sandbox)
            // Make 1x07 an episode whose air time is unknown.
            _ = try await FavSupport.sqlite(
                sandbox.favoritesDatabase,
                "UPDATE episode SET record = json_set(record, '$.airtime', '') WHERE id = 7", in: sandbox)
            _ = try await sandbox.runInProcess("tvm-fav", ["watch", "--show", "1", "--through", "S01E06"])
            let result = try await sandbox.runInProcess("tvm-fav", ["next", "--all", "--format", "ics"])
            #expect(result.status == 0, "\(result.stderr)")
            let started = try await sandbox.runInProcess("tvm-fav", ["next", "--format", "ics"])
            #expect(started.stdout.components(separatedBy: "BEGIN:VEVENT").count == 2, "without --all: Under the Dome")
            let file = sandbox.root.appendingPathComponent("next.ics")
            try Data(result.stdout.utf8).write(to: file)
            let parsed = try await Self.parse(file, in: sandbox)
            let events = try #require(parsed["events"] as? [[String: String]])
            // Under the Dome was watched last, so it comes first.
            #expect(
                events.map { $0["SUMMARY"] ?? "" } == [
                    "Under the Dome S01E07 Imperfect Circles", "Outlander S01E01 Sassenach",
                ])
            let dome = try #require(events.first)
            #expect(dome["DTSTART"] == "2013-08-05" && dome["DTEND"] == "2013-08-06", "\(dome)")
            #expect(try await sandbox.runInProcess("tvm-fav", ["list", "--format", "ics"]).status == 64)
            #expect(try await sandbox.runInProcess("tvm-fav", ["next", "--format", "ics", "--jq", "."]).status == 64)
        }
    }

    /// An obviously correct oracle for the summaries' plain text: tags dropped, the entities they use decoded.
    static func plainText(_ html: String) -> String {
        html.replacing(/<[^>]*>/, with: " ").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }

    /// Parses a calendar with Debian's python3-icalendar; returns the calendar's properties and each event's.
    static func parse(_ file: URL, in sandbox: Sandbox) async throws -> [String: Any] {
        let script = """
            import icalendar, json, sys, datetime
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            def text(value):
                value = value.dt if hasattr(value, 'dt') else value
                return value.isoformat() if isinstance(value, (datetime.date, datetime.datetime)) else str(value)
            out = {'calendar': {k: text(cal[k]) for k in ('VERSION', 'PRODID', 'CALSCALE', 'X-WR-CALNAME')},
                   'events': [{k: text(e[k]) for k in ('UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'DESCRIPTION', 'URL') if k in e}
                              for e in cal.walk('VEVENT')]}
            print(json.dumps(out))
            """
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/python3"), arguments: ["-c", script, file.path], stdin: nil,
            environment: sandbox.environment, directory: sandbox.root, timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }
}
