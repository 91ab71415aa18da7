import Foundation
import Testing

/// Issue 16 on a real terminal (a pseudo-terminal from `script`): the pager, narrow tables, JSON for reading,
/// the detail view of embeds.
@Suite("On a terminal: the pager, narrow tables, pretty JSON, embeds in the detail view")
struct TerminalOutputTests {
    /// A pager that notes it ran, then shows its input.
    static func markingPager(in sandbox: Sandbox) throws -> (command: String, mark: URL) {
        let mark = sandbox.root.appendingPathComponent("paged")
        let script = sandbox.root.appendingPathComponent("pager.sh")
        try "echo \"$LESS\" > '\(mark.path)'\nexec cat\n".write(to: script, atomically: true, encoding: .utf8)
        return ("sh '\(script.path)'", mark)
    }

    @Test(
        "the detail view's schedule names the network's zone and gives the viewer's time, on the run's clock",
        Sandbox.scriptRequired)
    func scheduleZones() async throws {
        try await withReplay { _, sandbox in
            // 2024-03-20: New York is on daylight-saving time (UTC-4), Paris not yet (UTC+1).
            let march = ["TVM_NOW": "2024-03-20T12:00:00Z", "TZ": "Europe/Paris"]
            let paris = try await sandbox.onTerminal("tvm-fetch", "show 1", environment: march)
            #expect(paris.status == 0)
            #expect(paris.lines.contains("Schedule:  Thursdays 22:00 ET (03:00 Fri here)"), "\(paris.lines)")
            let january = try await sandbox.onTerminal(
                "tvm-fetch", "show 1", environment: ["TVM_NOW": "2024-01-15T12:00:00Z", "TZ": "Europe/Paris"])
            #expect(january.lines.contains("Schedule:  Thursdays 22:00 ET (04:00 Fri here)"), "\(january.lines)")
            let newYork = try await sandbox.onTerminal(
                "tvm-fetch", "show 1", environment: ["TVM_NOW": "2024-03-20T12:00:00Z", "TZ": "America/New_York"])
            #expect(newYork.lines.contains("Schedule:  Thursdays 22:00 ET"), "the same zone: \(newYork.lines)")
        }
    }

    @Test("output taller than the screen goes through $TVM_PAGER; shorter output, --no-pager and pipes do not")
    func pager() async throws {
        try await withReplay { _, sandbox in
            let (pager, mark) = try Self.markingPager(in: sandbox)
            let environment = ["TVM_PAGER": pager, "LINES": "10", "COLUMNS": "100"]
            let tall = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 20", environment: environment)
            #expect(tall.status == 0)
            #expect(tall.stdout.contains("Under the Dome"))
            #expect(tall.stdout.contains("\u{1B}[1m"), "colours survive the pager")
            #expect(
                (try? String(contentsOf: mark, encoding: .utf8)) == "FRX\n", "the pager ran, with LESS=FRX")
            try? FileManager.default.removeItem(at: mark)

            let short = try await runInTerminal(sandbox, "tvm-fetch shows --page 0 -n 5", environment: environment)
            #expect(short.stdout.contains("True Detective"))
            #expect(!FileManager.default.fileExists(atPath: mark.path), "5 rows fit a 10-line screen")

            let off = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 20 --no-pager", environment: environment)
            #expect(off.stdout.contains("Under the Dome"))
            #expect(!FileManager.default.fileExists(atPath: mark.path), "--no-pager")

            let piped = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 20 | cat", environment: environment)
            #expect(piped.stdout.contains("\"Under the Dome\""))
            #expect(!FileManager.default.fileExists(atPath: mark.path), "stdout is a pipe")
        }
    }

    @Test("at 60 columns the shows table keeps whole dates and names of 20 characters or more")
    func sixtyColumns() async throws {
        try await withReplay { _, sandbox in
            let result = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 --no-color", environment: ["COLUMNS": "60"])
            #expect(result.status == 0)
            let lines = result.stdout.split(whereSeparator: \.isNewline).map(String.init)
            #expect(lines.count > 200)
            #expect(lines.allSatisfy { $0.count <= 60 }, "no line is wider than the terminal")
            #expect(lines.first?.contains("PREMIERED") == true)
            let dated = lines.dropFirst().filter {
                $0.range(of: #"\d{4}-\d{2}-\d{2}"#, options: .regularExpression) != nil
            }
            #expect(dated.count > 200, "every premiere date is whole")
            #expect(lines.contains { $0.contains("Person of Interest") })
            #expect(!lines.contains { $0.contains("…") && $0.contains("Person of") })
            #expect(lines.first?.contains("GENRES") == false, "low-priority columns go first")
        }
    }

    @Test("at 20 columns ids print in full; at 80 and 200 the low-priority columns come back")
    func narrowAndWide() async throws {
        try await withReplay { _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["add", "1", "43", "139"])
            let narrow = try await runInTerminal(
                sandbox, "tvm-fav list --format table --no-color", environment: ["COLUMNS": "20"])
            let rows = narrow.stdout.split(whereSeparator: \.isNewline).map(String.init)
            #expect(rows.allSatisfy { $0.count <= 20 })
            let ids = rows.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
            #expect(ids == ["1", "43", "139"], "\(rows)")
            let eighty = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 5 --no-color", environment: ["COLUMNS": "80"])
            #expect(eighty.stdout.contains("NETWORK"))
            #expect(eighty.stdout.contains("Person of Interest"))
            let wide = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 5 --no-color", environment: ["COLUMNS": "200"])
            #expect(wide.stdout.contains("Drama, Science-Fiction, Thriller"))
            #expect(!wide.stdout.contains("…"))
        }
    }

    @Test("--format json on a terminal is pretty and coloured as jq colours it; piped it stays compact")
    func prettyJSON() async throws {
        try await withReplay { _, sandbox in
            let result = try await runInTerminal(sandbox, "tvm-fetch show 1 --format json --fields id,name")
            #expect(result.status == 0)
            let expected = [
                "[", "  \u{1B}[1;39m{\u{1B}[0m",
                "    \u{1B}[34;1m\"id\"\u{1B}[0m: \u{1B}[0;39m1\u{1B}[0m,",
                "    \u{1B}[34;1m\"name\"\u{1B}[0m: \u{1B}[0;32m\"Under the Dome\"\u{1B}[0m",
                "  \u{1B}[1;39m}\u{1B}[0m", "]",
            ]
            #expect(
                result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
                    == expected)
            let piped = try await sandbox.run("tvm-fetch", ["show", "1", "--format", "json", "--fields", "id"])
            #expect(piped.stdout == "[\n{\"id\":1}\n]\n")
        }
    }

    @Test("the detail view shows the cast and the episodes by season that --embed brought")
    func detailEmbeds() async throws {
        try await withReplay { _, sandbox in
            let cast = try await runInTerminal(sandbox, "tvm-fetch show 1 --embed cast --no-color")
            #expect(cast.status == 0)
            #expect(cast.stdout.contains("Cast"))
            #expect(cast.stdout.contains("Mike Vogel"))
            #expect(cast.stdout.contains("Dale \"Barbie\" Barbara"))
            let episodes = try await runInTerminal(sandbox, "tvm-fetch show 1 --embed episodes --no-color")
            #expect(episodes.stdout.contains("Season 1 · 13 episodes"))
            #expect(episodes.stdout.contains("Season 3"))
            #expect(episodes.stdout.contains("Pilot"))
        }
    }
}
