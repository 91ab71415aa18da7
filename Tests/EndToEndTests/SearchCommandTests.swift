import Foundation
import ReplayServer
import Testing

/// What tvm-search should print for a recorded search: each element's `show` text with `_tvm.score` appended.
///
/// An independent oracle: it cuts the compact element text at `"show":`, relying on the recordings' member
/// order (score, then show), which it checks.
func expectedSearchLines(_ fixture: String, baseURL: String) throws -> [String] {
    try Fixtures.elements(fixture, baseURL: baseURL).map { element in
        let prefix = #"{"score":"#
        let separator = #","show":"#
        guard element.hasPrefix(prefix), let cut = element.range(of: separator) else {
            throw FixtureShapeError(element: element)
        }
        let score = element[element.index(element.startIndex, offsetBy: prefix.count)..<cut.lowerBound]
        let show = element[cut.upperBound...].dropLast()
        return show.dropLast() + #","_tvm":{"score":"# + score + "}}"
    }
}

/// A recorded search result that is not `{"score":…,"show":{…}}` in that order.
struct FixtureShapeError: Error {
    let element: String
}

/// The `_tvm.score` of a printed line, parsed by Foundation.
func score(ofLine line: String) -> Double? {
    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return ((object?["_tvm"] as? [String: Any])?["score"] as? NSNumber)?.doubleValue
}

extension SearchEndToEndTests {
    @Suite("tvm-search against the replay server")
    struct SearchCommandTests {
        @Test("girls prints each recorded show byte for byte, with its recorded score as _tvm.score")
        func recordedSearch() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["girls"])
                #expect(result.status == 0)
                #expect(result.stderr.isEmpty)
                let expected = try expectedSearchLines("search/shows/q=girls.json", baseURL: server.baseURL)
                #expect(expected.count == 10)
                #expect(result.lines == expected)
                #expect(server.log.requests.map(\.target) == ["/search/shows?q=girls"])

                let recorded = try JSONSerialization.jsonObject(with: Data(Fixtures.data("search/shows/q=girls.json")))
                let scores = try #require(recorded as? [[String: Any]]).map { ($0["score"] as? NSNumber)?.doubleValue }
                #expect(result.lines.map(score(ofLine:)) == scores)
                #expect(result.lines.first.flatMap(score(ofLine:)) == 17.15518)
            }
        }

        @Test("the words of the query are joined with single spaces and encoded once")
        func multiWordQuery() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["squid", "game"])
                #expect(result.status == 0)
                #expect(
                    result.lines
                        == (try expectedSearchLines("search/shows/q=squid%20game.json", baseURL: server.baseURL)))
                #expect(result.lines.first.flatMap(score(ofLine:)) == 1.2042621)
                // --refresh: the same normalised query would otherwise be answered by the HTTP cache.
                let spaced = try await sandbox.runInProcess("tvm-search", ["  squid  ", "\tgame", "--refresh"])
                #expect(spaced.lines == result.lines)
                #expect(
                    server.log.requests.map(\.target) == [
                        "/search/shows?q=squid%20game", "/search/shows?q=squid%20game",
                    ])
            }
        }

        @Test("no results prints the message, exits 1 and leaves the history as it was")
        func noResults() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.runInProcess("tvm-search", ["girls"])
                let before = try Data(contentsOf: sandbox.historyFile)
                let result = try await sandbox.runInProcess("tvm-search", ["xyzzy", "plugh"])
                #expect(result.status == 1)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr == "tvm-search: no shows found for \"xyzzy plugh\"\n")
                #expect(server.log.requests.last?.target == "/search/shows?q=xyzzy%20plugh")
                #expect(try Data(contentsOf: sandbox.historyFile) == before)

                let fresh = try Sandbox(apiURL: server.baseURL)
                let first = try await fresh.run("tvm-search", ["xyzzy plugh"])
                #expect(first.status == 1)
                #expect(!FileManager.default.fileExists(atPath: fresh.historyFile.path))
            }
        }

        @Test("an empty or blank query is a usage error and sends nothing")
        func emptyQuery() async throws {
            try await withReplay { server, sandbox in
                for arguments in [[], [""], ["  ", "\t"], ["--single"]] {
                    let result = try await sandbox.runInProcess("tvm-search", arguments)
                    #expect(result.status == 64, "\(arguments)")
                    #expect(result.stdout.isEmpty)
                    #expect(result.stderr.contains("query"), "\(arguments)")
                }
                #expect(server.log.count == 0)
            }
        }

        @Test("--single prints the best match as recorded and remembers the search")
        func singleHit() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["--single", "girls"])
                #expect(result.status == 0)
                let expected = Fixtures.rewrite(
                    String(
                        decoding: Fixtures.compact(try Fixtures.data("singlesearch/shows/q=girls.json")), as: UTF8.self),
                    baseURL: server.baseURL)
                #expect(result.lines == [expected])
                #expect(server.log.requests.map(\.target) == ["/singlesearch/shows?q=girls"])
                let history = try await sandbox.runInProcess("tvm-search", ["--history", "--jq", ".query"])
                #expect(history.lines == ["girls"])
            }
        }

        @Test("--single with no match (404 with body null) is the no-results path")
        func singleMiss() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["--single", "xyzzy", "plugh"])
                #expect(result.status == 1)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr == "tvm-search: no shows found for \"xyzzy plugh\"\n")
                #expect(server.log.requests.map(\.status) == [404])
                #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path))
            }
        }

        @Test("--single --embed asks for the embeds and passes _embedded through")
        func singleEmbed() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess(
                    "tvm-search", ["--single", "--embed", "cast", "under", "the", "dome"])
                #expect(result.status == 0)
                let expected = Fixtures.rewrite(
                    String(decoding: Fixtures.compact(try Fixtures.data("shows/1/embed=cast.json")), as: UTF8.self),
                    baseURL: server.baseURL)
                #expect(result.lines == [expected])
                #expect(server.log.requests.last?.target == "/singlesearch/shows?q=under%20the%20dome&embed=cast")

                _ = try await sandbox.runInProcess(
                    "tvm-search", ["--single", "girls", "--embed", "cast,episodes", "--embed", "cast"])
                #expect(
                    server.log.requests.last?.target
                        == "/singlesearch/shows?q=girls&embed%5B%5D=cast&embed%5B%5D=episodes")

                let bogus = try await sandbox.runInProcess("tvm-search", ["--single", "girls", "--embed", "bogus"])
                #expect(bogus.status == 64)
                #expect(bogus.stderr.contains("unknown embed kind 'bogus'"))
            }
        }

        @Test("non-ASCII queries are percent-encoded once, as UTF-8, composed or not")
        func nonASCII() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["Pokémon"])
                #expect(result.status == 0)
                #expect(server.log.requests.last?.target == "/search/shows?q=Pok%C3%A9mon")
                #expect(
                    result.lines
                        == (try expectedSearchLines("search/shows/q=Pok%C3%A9mon.json", baseURL: server.baseURL)))
                #expect(result.lines.first.flatMap(score(ofLine:)) == 0.90609)
                #expect(result.lines.first?.contains(#""id":590,"#) == true)
                #expect(result.lines.first?.contains(#""name":"Pokémon""#) == true)

                // Regression: a decomposed é (as macOS file names carry) must not be sent as Poke%CC%81mon.
                let decomposed = try await sandbox.runInProcess("tvm-search", ["Poke\u{301}mon"])
                #expect(decomposed.status == 0)
                #expect(server.log.requests.last?.target == "/search/shows?q=Pok%C3%A9mon")

                let krod = try await sandbox.runInProcess("tvm-search", ["Kröd", "Mändoon"])
                #expect(server.log.requests.last?.target == "/search/shows?q=Kr%C3%B6d%20M%C3%A4ndoon")
                // No hits (TVMaze's 200 with []): the no-results path, and the query is not remembered.
                #expect(krod.status == 1)
                #expect(krod.stdout.isEmpty)
                #expect(krod.stderr == "tvm-search: no shows found for \"Kröd Mändoon\"\n")
                #expect(server.log.requests.last?.status == 200)

                let history = try await sandbox.runInProcess("tvm-search", ["--history"])
                #expect(history.lines.count == 1)
                #expect(history.lines.first?.hasPrefix(#"{"query":"Pokémon","at":"#) == true)
            }
        }

        @Test("--jq and --format apply to the results")
        func outputOptions() async throws {
            try await withReplay { _, sandbox in
                let names = try await sandbox.runInProcess(
                    "tvm-search", ["girls", "--jq", "select(._tvm.score > 13) | .name"])
                #expect(names.lines == ["Girls", "Good Girls", "Derry Girls"])
                let table = try await sandbox.runInProcess("tvm-search", ["squid", "game", "--format", "table"])
                #expect(table.status == 0)
                let rows = table.lines.map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                }
                #expect(
                    rows == [
                        "SCORE ID NAME PREMIERED NETWORK STATUS",
                        "1.20 43687 Squid Game 2021-09-17 Netflix To Be Determined",
                    ])
            }
        }

        @Test("a --jq filter that does not compile is a usage error before anything is sent or remembered")
        func badFilter() async throws {
            try await withReplay { server, sandbox in
                let result = try await sandbox.runInProcess("tvm-search", ["girls", "--jq", ".["])
                #expect(result.status == 64)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("--jq"))
                #expect(server.log.count == 0)
                #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path))
            }
        }

        @Test(
            "network failures exit as tvm-fetch does, with the original app specification's text, and are not remembered"
        )
        func networkFailures() async throws {
            let (server, sandbox) = try await startReplay(faults: [
                FaultRule(.serverError(status: 503), matching: .prefix("/search/shows"))
            ])
            let failed = try await sandbox.runInProcess("tvm-search", ["girls", "--retries", "1"])
            #expect(failed.status == 69)
            #expect(failed.stdout.isEmpty)
            #expect(failed.stderr.contains("An error occurred while fetching data.\n"))
            #expect(server.log.count(matching: .prefix("/search/shows")) == 2)
            await server.stop()
            let refused = try await sandbox.runInProcess("tvm-search", ["--single", "girls", "--retries", "0"])
            #expect(refused.status == 69)
            #expect(
                refused.stderr.contains(
                    "tvm-search: error: Oops, something went wrong: An error occurred while fetching data."))
            #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile.path))
        }
    }
}

extension Sandbox {
    /// The search history file of this sandbox.
    var historyFile: URL { stateHome.appendingPathComponent("tvm/search-history.jsonl") }
}
