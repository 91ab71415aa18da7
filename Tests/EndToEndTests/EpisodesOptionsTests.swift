import Foundation
import ReplayServer
import Testing

@Suite("tvm-episodes: --group, --next, --specials and the terminal view")
struct EpisodesOptionsTests {
    @Test("--group prints one line per season: the episodes' own bytes, and the season record under info")
    func groupWithInfo() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-episodes", ["1", "--group"])
            #expect(result.status == 0)
            #expect(server.log.requests.map(\.target) == ["/shows/1?embed=episodes", "/shows/1/seasons"])
            let episodes = try EpisodeFixtures.embedded(
                "episodes", in: "shows/1/embed=episodes.json", baseURL: server.baseURL)
            let seasons = try EpisodeFixtures.elements("shows/1/seasons.json", baseURL: server.baseURL)
            let expected = (0..<3).map { index -> String in
                let head = "{\"show\":{\"id\":1,\"name\":\"Under the Dome\"},\"season\":\(index + 1),\"episodes\":["
                let list: String = episodes[(index * 13)..<(index * 13 + 13)].joined(separator: ",")
                return head + list + "],\"info\":" + seasons[index] + "}"
            }
            #expect(result.lines == expected)
            for (index, line) in result.lines.enumerated() {
                let object = try EpisodeFixtures.object(line)
                let info = try #require(object["info"] as? [String: Any])
                #expect(info["number"] as? Int == index + 1)
                #expect(info["episodeOrder"] as? Int == (object["episodes"] as? [Any])?.count)
                #expect(info["premiereDate"] is String && info["endDate"] is String)
            }
        }
    }

    @Test("--group leaves info out when TVMaze has no seasons list, and keeps filters")
    func groupWithoutInfo() async throws {
        try await withReplay { server, sandbox in
            let stdin = "{\"id\":43,\"name\":\"Outlander\"}\n"
            let result = try await sandbox.run(
                "tvm-episodes", ["--group", "--season", "6", "--season", "7"], stdin: stdin)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let objects = try result.lines.map(EpisodeFixtures.object)
            #expect(objects.map { $0["season"] as? Int } == [6, 7])
            #expect(objects.map { ($0["episodes"] as? [Any])?.count } == [8, 16])
            #expect(objects.allSatisfy { $0["info"] == nil })
            #expect(server.log.requests.map(\.target) == ["/shows/43/episodes", "/shows/43/seasons"])
        }
    }

    @Test("--next prints the next episode of a running show and skips an ended one (constructed fixture)")
    func nextEpisode() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-episodes", ["43", "1", "--next"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)  // stderr is not a terminal: no note
            let next = try #require(
                try EpisodeFixtures.elements("shows/43/episodes.json", baseURL: server.baseURL).first {
                    $0.hasPrefix("{\"id\":1580035,")
                })
            #expect(result.lines == [EpisodeFixtures.labelled(next, id: 43, name: "Outlander")])
            #expect(server.log.requests.map(\.target) == ["/shows/43?embed=nextepisode", "/shows/1?embed=nextepisode"])
        }
    }

    @Test("--specials asks for specials=1 and adds them, number null, among the recorded episodes (constructed)")
    func specials() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-episodes", ["43", "--specials"])
            #expect(result.status == 0)
            #expect(server.log.requests.map(\.target) == ["/shows/43", "/shows/43/episodes?specials=1"])
            let withSpecials = try EpisodeFixtures.elements(
                "shows/43/episodes/specials=1.json", baseURL: server.baseURL)
            #expect(result.lines == withSpecials.map { EpisodeFixtures.labelled($0, id: 43, name: "Outlander") })
            let objects = try result.lines.map(EpisodeFixtures.object)
            let specials = objects.filter { $0["number"] is NSNull }
            #expect(specials.map { $0["season"] as? Int } == [1, 7])
            let regular = result.lines.filter { !$0.contains("\"number\":null") }
            #expect(
                regular
                    == (try EpisodeFixtures.elements("shows/43/episodes.json", baseURL: server.baseURL)).map {
                        EpisodeFixtures.labelled($0, id: 43, name: "Outlander")
                    })
            let named = try await sandbox.run(
                "tvm-episodes", ["--specials", "--group", "--season", "1"],
                stdin: "{\"id\":43,\"name\":\"Outlander\"}\n")
            #expect(named.status == 0)
            #expect(
                server.log.requests.suffix(2).map(\.target) == ["/shows/43/episodes?specials=1", "/shows/43/seasons"])
            let group = try EpisodeFixtures.object(try #require(named.lines.first))
            #expect((group["episodes"] as? [[String: Any]])?.count == 17)
            #expect((group["episodes"] as? [[String: Any]])?.first?["number"] is NSNull)
        }
    }

    @Test("the terminal view: a heading per show and per season, rows of number, title, air date, runtime")
    func terminalView() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.run(
                "tvm-episodes", ["1", "43687", "--format", "table"],
                environment: ["COLUMNS": "100", "TZ": "America/New_York"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                Array(lines.prefix(4)) == [
                    "Under the Dome", "══════════════", "", "Season 1 · 13 episodes · 2013-06-24 – 2013-09-16",
                ])
            #expect(lines.contains("Season 3 · 13 episodes · 2015-06-25 – 2015-09-10"))
            // Air times are the airstamp in the user's zone (TZ), not airdate + airtime: the recorded airstamp of 1x01
            // is 03:00 UTC, 23:00 the day before in New York (its airtime says 22:00).
            #expect(lines.contains { $0.wholeMatch(of: /\s+1  Pilot\s+2013-06-24 23:00  60 min/) != nil })
            #expect(lines.allSatisfy { $0.count <= 100 })
            let squid = try #require(lines.firstIndex(of: "Squid Game"))
            #expect(lines[squid - 1].isEmpty)
            #expect(lines[squid + 3] == "Season 1 · 9 episodes · 2021-09-17")
            #expect(!result.stdout.contains("<p>"))
            #expect(!result.stdout.contains("When the residents"))

            let summaries = try await sandbox.run(
                "tvm-episodes", ["1", "--season", "1", "--summary", "--format", "table"], environment: ["COLUMNS": "60"]
            )
            let summaryLines = summaries.stdout.split(separator: "\n").map(String.init)
            #expect(summaryLines.allSatisfy { $0.count <= 60 })
            #expect(!summaries.stdout.contains("<p>") && !summaries.stdout.contains("</"))
            let recorded = try #require(
                try JSONSerialization.jsonObject(with: Data(try Fixtures.data("shows/1/episodes.json")))
                    as? [[String: Any]]
            )
            let firstWords = try #require((recorded[0]["summary"] as? String)?.replacing(/<[^>]+>/, with: ""))
                .split(separator: " ").prefix(3).joined(separator: " ")
            // The summary sits under the title column.
            #expect(summaryLines.contains { $0.hasPrefix("      " + firstWords) })
        }
    }

    @Test("the terminal view shows specials as SP, counts them apart, and uses a season's episode order")
    func terminalSpecialsAndOrder() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.run(
                "tvm-episodes", ["43", "--specials", "--season", "1", "--format", "table"],
                environment: ["COLUMNS": "90", "TZ": "America/New_York"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Season 1 · 16 episodes, 1 special · 2014-08-02 – 2015-05-30"))
            let rows = result.stdout.split(separator: "\n").map(String.init)
            #expect(
                rows.contains {
                    $0.wholeMatch(of: /\s+SP  Inside Outlander: Season 1\s+2014-08-02 20:00  30 min/) != nil
                })
            let grouped = try await sandbox.run(
                "tvm-episodes", ["1", "--group", "--since", "2015-09-01", "--format", "table"],
                environment: ["COLUMNS": "90"])
            #expect(grouped.status == 0)
            // The heading spans the dates of its rows, in the viewer's zone: here after midnight.
            #expect(grouped.stdout.contains("Season 3 · 2 of 13 episodes · 2015-09-04 – 2015-09-11"))
        }
    }

    #if os(Linux)
        @Test(
            "on a real terminal the view is the default, and a show with no next episode gets a note",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        )
        func realTerminal() async throws {
            try await withReplay { _, sandbox in
                // util-linux script(1) runs the command on a pseudo-terminal: stdout and stderr are both terminals.
                let command = "'\(Binaries.url("tvm-episodes").path)' 1 43 --next"
                var environment = sandbox.environment
                environment["COLUMNS"] = "80"
                environment["TZ"] = "America/New_York"
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/usr/bin/script"),
                    arguments: ["-q", "-e", "-c", command, "/dev/null"],
                    stdin: nil, environment: environment, directory: sandbox.root, timeout: 60)
                #expect(result.status == 0)
                let text = result.stdout.replacingOccurrences(of: "\r", with: "")
                #expect(
                    text.contains("tvm-episodes: note: show 1 (Under the Dome) has no next episode announced; skipped"))
                #expect(
                    text.contains(
                        "Outlander\n═════════\n\nSeason 4 · 1 episode · 2019-01-20\n  12  Providence  2019-01-20 20:00  60 min"
                    ))
                #expect(!text.contains("{\"id\""))
            }
        }
    #endif
}
