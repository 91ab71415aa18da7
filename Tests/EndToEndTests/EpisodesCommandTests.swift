import Foundation
import ReplayServer
import Testing

@Suite("tvm-episodes: episode lines, stdin, errors")
struct EpisodesCommandTests {
    @Test("an id argument costs one request (embed=episodes), and each line is the recorded episode plus _tvm.show")
    func byIDIsByteExact() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-episodes", ["1"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let recorded = try EpisodeFixtures.embedded(
                "episodes", in: "shows/1/embed=episodes.json", baseURL: server.baseURL)
            #expect(recorded.count == 39)
            #expect(result.lines == recorded.map { EpisodeFixtures.labelled($0, id: 1, name: "Under the Dome") })
            #expect(server.log.requests.map(\.target) == ["/shows/1?embed=episodes"])

            let squid = try await sandbox.runInProcess("tvm-episodes", ["43687"])
            let squidRecorded = try EpisodeFixtures.embedded(
                "episodes", in: "shows/43687/embed=episodes.json", baseURL: server.baseURL)
            #expect(squidRecorded.count == 9)
            #expect(squid.lines == squidRecorded.map { EpisodeFixtures.labelled($0, id: 43687, name: "Squid Game") })
        }
    }

    @Test("several shows on stdin: named records fetch only their episode lists; counts per season match")
    func severalShowsOnStdin() async throws {
        try await withReplay { server, sandbox in
            let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let shows = try [1, 2, 43].map { id in
                try #require(page.first { $0.hasPrefix("{\"id\":\(id),") })
            }
            let result = try await sandbox.runInProcess("tvm-episodes", [], stdin: shows.joined(separator: "\n") + "\n")
            #expect(result.status == 0)
            #expect(
                server.log.requests.map(\.target) == ["/shows/1/episodes", "/shows/2/episodes", "/shows/43/episodes"])
            let counts = try EpisodeFixtures.seasonCounts(lines: result.lines)
            #expect(counts[1] == (try EpisodeFixtures.seasonCounts("shows/1/episodes.json")))
            #expect(counts[2] == (try EpisodeFixtures.seasonCounts("shows/2/episodes.json")))
            #expect(counts[43] == (try EpisodeFixtures.seasonCounts("shows/43/episodes.json")))
            #expect(counts[1] == [1: 13, 2: 13, 3: 13])
            #expect(counts[2]?.count == 5)
            #expect(counts[43]?.count == 7)
            #expect(result.lines.count == 39 + 103 + 91)
            // Byte for byte: the minified recording (show 2) and the pretty-printed one (show 43).
            let expected =
                try EpisodeFixtures.elements("shows/1/episodes.json", baseURL: server.baseURL).map {
                    EpisodeFixtures.labelled($0, id: 1, name: "Under the Dome")
                }
                + EpisodeFixtures.elements("shows/2/episodes.json", baseURL: server.baseURL).map {
                    EpisodeFixtures.labelled($0, id: 2, name: "Person of Interest")
                }
                + EpisodeFixtures.elements("shows/43/episodes.json", baseURL: server.baseURL).map {
                    EpisodeFixtures.labelled($0, id: 43, name: "Outlander")
                }
            #expect(result.lines == expected)
        }
    }

    @Test("a search result names its show; a bare id on stdin fetches the show with its episodes")
    func stdinForms() async throws {
        try await withReplay { server, sandbox in
            let stdin = "{\"score\":17.5,\"show\":{\"id\":1,\"name\":\"Under the Dome\"}}\n\"43687\"\n"
            let result = try await sandbox.runInProcess("tvm-episodes", ["--jq", "._tvm.show.name"], stdin: stdin)
            #expect(result.status == 0)
            #expect(
                result.lines == Array(repeating: "Under the Dome", count: 39) + Array(repeating: "Squid Game", count: 9)
            )
            #expect(server.log.requests.map(\.target) == ["/shows/1/episodes", "/shows/43687?embed=episodes"])
        }
    }

    @Test("a show that does not exist is reported, the others still print, and the run exits 1")
    func missingShowInTheMiddle() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess(
                "tvm-episodes", ["1", "424242", "43687", "--jq", "._tvm.show.id"])
            #expect(result.status == 1)
            #expect(result.lines == Array(repeating: "1", count: 39) + Array(repeating: "43687", count: 9))
            #expect(result.stderr.contains("tvm-episodes: error: show 424242 not found"))
            #expect(server.log.count(matching: .exact("/shows/424242?embed=episodes")) == 1)
        }
    }

    @Test("a bad stdin line is reported with its number, the good lines still run, and the run exits 65")
    func badStdinLine() async throws {
        try await withReplay { _, sandbox in
            let stdin = "1\n{\"id\":\n424242\n{\"id\":9,\"season\":1,\"number\":1,\"airdate\":\"2013-06-24\"}\n43687\n"
            let result = try await sandbox.runInProcess("tvm-episodes", ["--jq", "._tvm.show.id"], stdin: stdin)
            #expect(result.status == 65)  // the most serious of 65 (bad lines) and 1 (show 424242)
            #expect(result.lines == Array(repeating: "1", count: 39) + Array(repeating: "43687", count: 9))
            #expect(result.stderr.contains("stdin line 2"))
            #expect(result.stderr.contains("stdin line 4"))
            #expect(result.stderr.contains("show 424242 not found"))
            #expect(!result.stderr.contains("line 5"))
        }
    }

    @Test("--season keeps only the given seasons; a season the show lacks prints nothing, says so and exits 1")
    func seasonFilter() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "2", "--season", "3"])
            #expect(result.status == 0)
            #expect(try EpisodeFixtures.seasonCounts(lines: result.lines) == [1: [2: 13, 3: 13]])
            let recorded = try EpisodeFixtures.embedded(
                "episodes", in: "shows/1/embed=episodes.json", baseURL: server.baseURL)
            #expect(
                result.lines
                    == recorded.dropFirst(13).map { EpisodeFixtures.labelled($0, id: 1, name: "Under the Dome") })
            let none = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "9"])
            #expect(none.status == 1)
            #expect(none.stdout.isEmpty)
            #expect(none.stderr.contains("show 1 (Under the Dome) has no episodes matching --season 9"))
            let bad = try await sandbox.runInProcess("tvm-episodes", ["1", "--season", "0"])
            #expect(bad.status == 64)
        }
    }

    @Test("--since keeps episodes whose airstamp falls on or after the day in UTC, not the local air date")
    func sinceIsUTC() async throws {
        try await withReplay { _, sandbox in
            let stdin = "{\"id\":2,\"name\":\"Person of Interest\"}\n"
            let result = try await sandbox.runInProcess(
                "tvm-episodes", ["--since", "2016-06-15", "--jq", ".id"], stdin: stdin)
            #expect(result.status == 0)
            // Independent oracle: Foundation's ISO 8601 parser against the recorded airstamps.
            let formatter = ISO8601DateFormatter()
            let cutoff = try #require(formatter.date(from: "2016-06-15T00:00:00Z"))
            let list = try #require(
                try JSONSerialization.jsonObject(with: Data(try Fixtures.data("shows/2/episodes.json")))
                    as? [[String: Any]])
            let expected = list.filter { episode in
                (episode["airstamp"] as? String).flatMap(formatter.date(from:)).map { $0 >= cutoff } ?? false
            }.map { "\($0["id"] as? Int ?? 0)" }
            #expect(result.lines == expected)
            // 5x12 aired 2016-06-14 at 22:00 in New York, which is 2016-06-15 02:00 UTC.
            #expect(result.lines == ["659371", "659372"])
            let bad = try await sandbox.runInProcess("tvm-episodes", ["2", "--since", "2016-02-30"])
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("--since takes a date as YYYY-MM-DD"))
        }
    }
}
