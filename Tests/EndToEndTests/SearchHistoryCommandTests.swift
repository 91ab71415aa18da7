import Foundation
import ReplayServer
import Testing

extension SearchEndToEndTests {
    @Suite("tvm-search history")
    struct SearchHistoryCommandTests {
        /// Twelve distinct queries with recorded (or constructed, see CONSTRUCTED.md) results, in search order.
        static let twelve = [
            "girls", "squid game", "good girls", "derry girls", "powerpuff girls", "gilmore girls", "golden girls",
            "chicken girls", "three girls", "bad girls behind bars", "curvy girls stripped bare", "Pokémon",
        ]

        private func historyLines(_ sandbox: Sandbox) async throws -> [String] {
            let result = try await sandbox.runInProcess("tvm-search", ["--history"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            return result.lines
        }

        private func queries(_ lines: [String]) -> [String] {
            lines.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["query"] as? String
            }
        }

        @Test("the last 10 successful searches are listed most recent first, each once, across 12 searches")
        func orderDeduplicationAndLimit() async throws {
            try await withReplay { _, sandbox in
                for query in Self.twelve {
                    let result = try await sandbox.runInProcess(
                        "tvm-search", query.split(separator: " ").map(String.init))
                    #expect(result.status == 0, "\(query)")
                }
                var lines = try await historyLines(sandbox)
                #expect(queries(lines) == Self.twelve.suffix(10).reversed())

                // Each line is exactly {"query":…,"at":…}, at in ISO 8601 UTC, newest first.
                let times = lines.compactMap { line -> String? in
                    guard
                        let match = line.wholeMatch(of: /\{"query":"[^"]*","at":"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"\}/)
                    else { return nil }
                    return String(match.1)
                }
                #expect(times.count == 10)
                #expect(times == times.sorted().reversed())

                // A repeat with other spacing moves to the top and is not listed twice; nothing is dropped.
                _ = try await sandbox.runInProcess("tvm-search", ["derry   girls"])
                lines = try await historyLines(sandbox)
                #expect(queries(lines).first == "derry girls")
                #expect(queries(lines).count == 10)
                #expect(Set(queries(lines)) == Set(Self.twelve.suffix(10)))

                // A repeat in other case counts as the same search, keeps the new spelling, and a new search drops
                // the oldest.
                _ = try await sandbox.runInProcess("tvm-search", ["Girls"])
                lines = try await historyLines(sandbox)
                #expect(queries(lines).prefix(2) == ["Girls", "derry girls"])
                #expect(queries(lines).count == 10)
                #expect(!queries(lines).contains("good girls"))
                #expect(queries(lines).filter { $0.lowercased() == "girls" }.count == 1)

                // A failed search changes nothing.
                _ = try await sandbox.runInProcess("tvm-search", ["xyzzy", "plugh"])
                #expect(try await historyLines(sandbox) == lines)
            }
        }

        @Test("a search cut short by -n is remembered: the results asked for were written")
        func limitedSearch() async throws {
            try await withReplay { _, sandbox in
                let result = try await sandbox.runInProcess(
                    "tvm-search", ["good", "girls", "-n", "1", "--jq", ".name"])
                #expect(result.lines == ["Good Girls"])
                #expect(queries(try await historyLines(sandbox)) == ["good girls"])
            }
        }

        // Regression: --local with -n below the matches printed them and forgot the search.
        @Test("a --local search cut short by -n is remembered too")
        func limitedLocalSearch() async throws {
            try await withReplay { _, sandbox in
                #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
                let result = try await sandbox.run("tvm-search", ["--local", "girls", "-n", "2", "--jq", ".id"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.lines.count == 2)
                #expect(queries(try await historyLines(sandbox)) == ["girls"])
            }
        }

        @Test("--clear-history empties the list; --history then prints nothing")
        func clear() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.runInProcess("tvm-search", ["girls"])
                _ = try await sandbox.runInProcess("tvm-search", ["squid game"])
                #expect(try await historyLines(sandbox).count == 2)
                let cleared = try await sandbox.runInProcess("tvm-search", ["--clear-history"])
                #expect(cleared.status == 0)
                #expect(cleared.stdout.isEmpty)
                #expect(try await historyLines(sandbox).isEmpty)
                let again = try await sandbox.runInProcess("tvm-search", ["--clear-history"])
                #expect(again.status == 0)
                #expect(server.log.count == 2)
            }
        }

        @Test("--history takes --jq and --format, and no query")
        func historyOptions() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.runInProcess("tvm-search", ["girls"])
                _ = try await sandbox.runInProcess("tvm-search", ["squid", "game"])
                let jq = try await sandbox.runInProcess("tvm-search", ["--history", "--jq", ".query"])
                #expect(jq.lines == ["squid game", "girls"])
                let list = try await sandbox.runInProcess("tvm-search", ["--history", "--format", "table"])
                #expect(list.lines.count == 3)
                #expect(list.lines.first?.contains("QUERY") == true)
                #expect(list.lines.dropFirst().first?.contains("1  squid game") == true)
                #expect(list.lines.last?.contains("just now") == true)
                // CSV has the time the history keeps, not the table's age.
                let csv = try await sandbox.runInProcess("tvm-search", ["--history", "--format", "csv"])
                #expect(csv.lines.first == "#,query,searched")
                #expect(
                    csv.lines.dropFirst().map { $0.wholeMatch(of: /\d,[a-z ]+,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil }
                        == [true, true], "\(csv.stdout)")
                let empty = try await Sandbox(apiURL: server.baseURL).run(
                    "tvm-search", ["--history", "--format", "json"])
                #expect(empty.lines == ["[]"])
                for arguments in [
                    ["--history", "girls"], ["--history", "--clear-history"], ["--clear-history", "--single"],
                ] {
                    let result = try await sandbox.runInProcess("tvm-search", arguments)
                    #expect(result.status == 64, "\(arguments)")
                }
            }
        }

        @Test("searches run by several processes at once are all remembered")
        func concurrentProcesses() async throws {
            try await withReplay { _, sandbox in
                let searched = Array(Self.twelve.prefix(8))
                let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
                    for query in searched {
                        group.addTask { try await sandbox.runInProcess("tvm-search", [query]).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses == Array(repeating: 0, count: 8))
                let remembered = queries(try await historyLines(sandbox))
                #expect(remembered.count == 8)
                #expect(Set(remembered) == Set(searched))
                let folder = sandbox.historyFile.deletingLastPathComponent().path
                #expect(
                    try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
                        "search-history.jsonl", "search-history.lock",
                    ])
            }
        }
    }
}
