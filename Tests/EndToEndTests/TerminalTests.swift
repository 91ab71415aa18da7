import Foundation
import ReplayServer
import Testing

/// Runs a command line inside a pseudo-terminal (util-linux `script`), so the tool's stdin, stdout and
/// stderr are all terminals; `input` is typed into the terminal. stdout and stderr arrive merged.
func runInTerminal(
    _ sandbox: Sandbox,
    _ commandLine: String,
    input: String = "",
    environment: [String: String] = [:]
) async throws -> ToolResult {
    var env = sandbox.environment
    env["TERM"] = "xterm-256color"
    env["PATH"] = Binaries.directory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    for (key, value) in environment { env[key] = value }
    return try await Sandbox.run(
        executable: URL(fileURLWithPath: "/usr/bin/script"),
        arguments: ["-qfec", commandLine, "/dev/null"],
        stdin: Array(input.utf8),
        environment: env,
        directory: sandbox.root,
        timeout: 60
    )
}

@Suite("On a terminal: the retry dialog, colour, tables")
struct TerminalTests {
    @Test("when every retry failed, the original app specification's dialog asks; Cancel exits 69")
    func retryDialogCancel() async throws {
        let (server, sandbox) = try await startReplay()
        await server.stop()
        let result = try await runInTerminal(sandbox, "tvm-fetch shows --retries 0 --no-color", input: "c\n")
        #expect(result.status == 69)
        #expect(result.stdout.contains("Oops, something went wrong"))
        #expect(result.stdout.contains("An error occurred while fetching data. Do you want to try again?"))
        #expect(result.stdout.contains("[R]etry / [c]ancel Cancel"))
        #expect(result.stdout.contains("tvm-fetch: error: connection refused"))
    }

    @Test("Retry in the dialog starts a new round of attempts, which can succeed")
    func retryDialogRetry() async throws {
        try await withReplay(faults: [
            FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 2)
        ]) { server, sandbox in
            let result = try await runInTerminal(
                sandbox, "tvm-fetch show 1 --retries 1 --no-color --jq .name", input: "r\n")
            #expect(result.status == 0)
            #expect(result.stdout.contains("Oops, something went wrong"))
            #expect(result.stdout.contains("Under the Dome"))
            #expect(server.log.count(matching: .exact("/shows/1")) == 3)
        }
    }

    @Test("errors are coloured on a terminal, and never with NO_COLOR, TERM=dumb or --no-color")
    func colour() async throws {
        let sandbox = try Sandbox()
        let coloured = try await runInTerminal(sandbox, "tvm-fetch show 1 --api-url ftp://x")
        #expect(coloured.stdout.contains("\u{1B}[31;1merror:\u{1B}[0m"))
        for (line, env) in [
            ("tvm-fetch show 1 --api-url ftp://x", ["NO_COLOR": "1"]),
            ("tvm-fetch show 1 --api-url ftp://x", ["TERM": "dumb"]),
            ("tvm-fetch show 1 --api-url ftp://x --no-color", [:]),
        ] {
            let plain = try await runInTerminal(sandbox, line, environment: env)
            #expect(plain.status == 64)
            #expect(!plain.stdout.contains("\u{1B}["), "\(env)")
            #expect(plain.stdout.contains("tvm-fetch: error: invalid URL"))
        }
    }

    @Test("on a terminal, shows print as a table and a show as its detail view")
    func autoFormat() async throws {
        try await withReplay { _, sandbox in
            let table = try await runInTerminal(sandbox, "stty cols 100; tvm-fetch seasons 1")
            #expect(table.status == 0)
            #expect(table.stdout.contains("SEASON"))
            #expect(table.stdout.contains("2013-06-24"))
            let detail = try await runInTerminal(sandbox, "stty cols 100; tvm-fetch show 1")
            #expect(detail.stdout.contains("Under the Dome"))
            #expect(detail.stdout.contains("IMDb:"))
            let piped = try await runInTerminal(sandbox, "tvm-fetch seasons 1 | cat")
            #expect(piped.stdout.hasPrefix("{\"id\":1,"))
        }
    }
}
