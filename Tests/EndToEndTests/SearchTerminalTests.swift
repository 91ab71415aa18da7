import Foundation
import ReplayServer
import Testing

/// Runs tvm-search under `script(1)`, so that its stdout and stderr are a pseudo-terminal.
///
/// The result's stdout is everything written to the terminal, both streams, with the terminal's `\r\n`.
func runOnTerminal(_ sandbox: Sandbox, _ arguments: [String]) async throws -> ToolResult {
    let command = ([Binaries.url("tvm-search").path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    var environment = sandbox.environment
    environment["TERM"] = "xterm"
    environment["NO_COLOR"] = "1"
    environment["SHELL"] = "/bin/sh"
    return try await Sandbox.run(
        executable: URL(fileURLWithPath: "/usr/bin/script"),
        arguments: ["-q", "-e", "-c", command, "/dev/null"],
        stdin: [],
        environment: environment,
        directory: sandbox.root,
        timeout: 60
    )
}

extension SearchEndToEndTests {
    @Suite("tvm-search on a terminal")
    struct SearchTerminalTests {
        static let clearLine = "\r\u{1B}[2K"
        /// The frames tvm-search's spinner draws.
        static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

        @Test("a slow search shows a spinner on stderr, cleared before the table appears")
        func spinnerOnSlowNetwork() async throws {
            try await withReplay(faults: [
                FaultRule(.delay(.milliseconds(900)), matching: .prefix("/search/shows"))
            ]) { _, sandbox in
                let result = try await runOnTerminal(sandbox, ["girls"])
                #expect(result.status == 0)
                let screen = result.stdout
                #expect(screen.contains("⠋ searching TVMaze for \"girls\"…"))
                #expect(screen.contains("⠙ searching TVMaze for \"girls\"…"))
                let lastClear = try #require(screen.range(of: Self.clearLine, options: .backwards))
                let header = try #require(screen.range(of: "SCORE"))
                #expect(lastClear.upperBound <= header.lowerBound)
                let table = screen[lastClear.upperBound...]
                #expect(!Self.spinnerFrames.contains { table.contains($0) })
                #expect(table.contains("Girls") && table.contains("17.16"))
            }
        }

        @Test("no spinner for a quick answer, with --quiet, or when stderr is not a terminal")
        func noSpinner() async throws {
            try await withReplay { server, sandbox in
                // "Quick" is an answer that comes before the delay: a delay of a minute makes that certain on any
                // machine, where 200 ms may be a scheduling hiccup.
                sandbox.extraEnvironment["TVM_SPINNER_DELAY_MS"] = "60000"
                let quick = try await runOnTerminal(sandbox, ["girls"])
                sandbox.extraEnvironment["TVM_SPINNER_DELAY_MS"] = nil
                #expect(quick.status == 0)
                #expect(!quick.stdout.contains("searching TVMaze"))
                #expect(quick.stdout.contains("SCORE"))

                server.addFault(.delay(.milliseconds(600)), matching: .prefix("/search/shows"))
                let quiet = try await runOnTerminal(sandbox, ["girls", "--quiet"])
                #expect(quiet.status == 0)
                #expect(!quiet.stdout.contains("searching TVMaze"))
                let piped = try await sandbox.run("tvm-search", ["girls"], environment: ["TERM": "xterm"])
                #expect(piped.status == 0)
                #expect(piped.stderr.isEmpty)
            }
        }

        @Test("--history on a terminal is a numbered list")
        func historyList() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.run("tvm-search", ["girls"])
                _ = try await sandbox.run("tvm-search", ["squid", "game"])
                let result = try await runOnTerminal(sandbox, ["--history"])
                #expect(result.status == 0)
                let lines = result.stdout.split(separator: "\r\n").map {
                    $0.split(separator: " ").joined(separator: " ")
                }
                #expect(lines.count == 3)
                #expect(lines.dropFirst().first?.hasPrefix("1 squid game ") == true)
                #expect(lines.last?.hasPrefix("2 girls ") == true)
                #expect(lines.last?.hasSuffix("just now") == true)
                let empty = try await runOnTerminal(try Sandbox(apiURL: server.baseURL), ["--history"])
                #expect(empty.status == 0)
                #expect(empty.stdout.contains("tvm-search: note: no searches remembered yet"))
            }
        }
    }
}
