import Foundation
import NIOConcurrencyHelpers
import TVMCommandLine
import Testing

/// Running `--exec`'s command: stdin, environment, output, exit status, timeout.
@Suite("ChildCommand")
struct ChildCommandTests {
    let environment = ["PATH": "/usr/bin:/bin", "GREETING": "hello"]

    func run(_ arguments: [String], input: String = "", timeout: Duration = .seconds(60)) async throws -> (
        ChildCommand.Outcome, String
    ) {
        let output = NIOLockedValueBox("")
        let outcome = try await ChildCommand(arguments: arguments, environment: environment).run(
            input: Array(input.utf8), timeout: timeout
        ) { text in output.withLockedValue { $0 += text } }
        return (outcome, output.withLockedValue { $0 })
    }

    @Test("stdin, the environment, stdout and stderr reach the program and come back; its status is kept")
    func roundTrip() async throws {
        let (outcome, output) = try await run(
            ["sh", "-c", #"read line; echo "got $line, $GREETING"; echo oops >&2; exit 3"#], input: "an event\n")
        #expect(outcome == .exited(3))
        #expect(output == "got an event, hello\noops\n")
        let (ok, _) = try await run(["true"])
        #expect(ok == .exited(0))
    }

    @Test("a program that never reads a large stdin still ends, with its status")
    func unreadInput() async throws {
        let (outcome, _) = try await run(["true"], input: String(repeating: "x", count: 1_000_000))
        #expect(outcome == .exited(0))
    }

    @Test("a signal that ends the program is reported as such")
    func signalled() async throws {
        let (outcome, _) = try await run(["sh", "-c", "kill -USR1 $$"])
        #expect(outcome == .signalled(SIGUSR1))
    }

    @Test("a program not on PATH, or not executable, is not found")
    func notFound() async throws {
        await #expect(throws: ExecError.notFound(program: "no-such-notifier")) {
            try await run(["no-such-notifier"])
        }
        await #expect(throws: ExecError.notFound(program: "/etc/passwd")) { try await run(["/etc/passwd"]) }
    }
}

/// The timeouts of `--exec`, on the wall clock: `scripts/test.sh` runs these (`RealTimeTests` in the name) after the
/// parallel crowd, so that a loaded machine cannot stretch a 300 ms timeout past the test's bounds.
@Suite("ChildCommand timeouts", .serialized)
struct ChildCommandRealTimeTests {
    @Test("a hung program is killed with its children at the timeout")
    func hung() async throws {
        let start = ContinuousClock.now
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        let (outcome, _) = try await ChildCommandTests().run(
            ["sh", "-c", "sleep 120; touch '\(marker.path)'"], timeout: .milliseconds(300))
        #expect(outcome == .timedOut)
        // Well before the sleep would have ended; a loaded machine took 28 s to get here once.
        #expect(ContinuousClock.now - start < .seconds(90))
        // The sleeping child went with the group: the file is never made.
        try await Task.sleep(for: .milliseconds(200))
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    @Test("a program that ignores SIGTERM is killed with SIGKILL")
    func stubborn() async throws {
        let (outcome, _) = try await ChildCommandTests().run(
            ["sh", "-c", "trap '' TERM; while :; do sleep 0.1; done"], timeout: .milliseconds(200))
        #expect(outcome == .timedOut)
    }
}
