import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 16 on a real terminal (a pseudo-terminal from util-linux `script`, see ``TerminalSession``): the retry
/// dialog, hints instead of silence, `NO_COLOR`, progress lines, and `TERM=dumb`.
@Suite("on a terminal: the retry dialog, hints, colour, progress lines")
struct TerminalPromptTests {
    @Test("the retry dialog is asked on the terminal when stdin is a pipe, and one key (r) retries")
    func retryWithOneKey() async throws {
        try await withReplay(faults: [FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 1)]) {
            server, sandbox in
            let session = try sandbox.terminal("echo 1 | tvm-fetch show --retries 0 --format jsonl --jq .name")
            try await session.waitFor("[R]etry / [c]ancel ")
            #expect(session.output.contains("Oops, something went wrong\r\n"))
            #expect(session.output.contains("An error occurred while fetching data. Do you want to try again?\r\n"))
            session.type("r")
            let (status, screen) = try await session.finish()
            #expect(status == 0, "\(screen)")
            #expect(screen.contains("[R]etry / [c]ancel Retry\r\n"))
            #expect(screen.contains("Retry\r\nUnder the Dome\r\n"))
            #expect(server.log.count(matching: .exact("/shows/1")) == 2)
        }
    }

    @Test("Enter takes the default, Retry; c cancels with the fetch's exit status")
    func defaultAndCancel() async throws {
        try await withReplay(faults: [FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 1)]) {
            server, sandbox in
            let session = try sandbox.terminal("tvm-fetch show 1 --retries 0 --format jsonl --jq .name")
            try await session.waitFor("[R]etry / [c]ancel ")
            session.type("\r")
            let (status, screen) = try await session.finish()
            #expect(status == 0, "\(screen)")
            #expect(screen.contains("Retry\r\nUnder the Dome\r\n"))
        }
        try await withReplay(faults: [FaultRule(.serverError(status: 503), matching: .exact("/shows/1"))]) {
            server, sandbox in
            let session = try sandbox.terminal("echo 1 | tvm-fetch show --retries 0 --format jsonl")
            try await session.waitFor("[R]etry / [c]ancel ")
            session.type("x")  // not an answer: still asking
            try await Task.sleep(for: .milliseconds(300))
            session.type("c")
            let (status, screen) = try await session.finish()
            #expect(status == 69, "\(screen)")
            #expect(screen.contains("[R]etry / [c]ancel Cancel\r\n"))
            #expect(server.log.count(matching: .exact("/shows/1")) == 1)
        }
    }

    @Test("two tools that fail together on one terminal ask one after the other, and leave its modes as they were")
    func dialogsTakeTurns() async throws {
        let faults = ["/shows/1", "/shows/139"].map {
            FaultRule(.serverError(status: 503), matching: .exact($0), times: 1)
        }
        try await withReplay(faults: faults) { server, sandbox in
            let fetch = "tvm-fetch show --retries 0 --format jsonl --jq .name"
            let session = try sandbox.terminal(
                "modes=$(stty -g); \(fetch) 1 & first=$!; \(fetch) 139; second=$?; wait $first; first=$?; "
                    + "[ \"$(stty -g)\" = \"$modes\" ] && echo 'modes restored'; exit $((first + second))")
            let dialog = "[R]etry / [c]ancel "
            try await session.waitFor(dialog)
            // Both have failed, and the second is past its request: it would show its dialog now.
            let deadline = ContinuousClock.now + .seconds(30)
            while server.log.count(matching: .exact("/shows/1")) + server.log.count(matching: .exact("/shows/139")) < 2,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            try await Task.sleep(for: .milliseconds(500))
            #expect(session.count(dialog) == 1, "\(session.output)")
            session.type("r")
            try await session.waitFor(dialog, times: 2)
            session.type("r")
            let (status, screen) = try await session.finish()
            #expect(status == 0, "\(screen)")
            // Each answer is echoed after its own question; the first tool's output may follow the second's.
            #expect(session.count(dialog) == 2 && session.count("Retry\r\n") == 2, "\(screen)")
            #expect(screen.contains("Under the Dome\r\n") && screen.contains("Girls\r\n"), "\(screen)")
            #expect(screen.contains("modes restored\r\n"), "\(screen)")
        }
    }

    // Regression: with stderr opened as /dev/tty, the lock was taken on /dev/tty, one device for every terminal:
    // a dialog left waiting anywhere held every other terminal's.
    @Test("a dialog waiting on one terminal does not hold another's, also with stderr opened as /dev/tty")
    func dialogsOnTwoTerminals() async throws {
        let faults = ["/shows/1", "/shows/139"].map {
            FaultRule(.serverError(status: 503), matching: .exact($0), times: 1)
        }
        try await withReplay(faults: faults) { _, sandbox in
            let fetch = "tvm-fetch show --retries 0 --format jsonl --jq .name"
            let dialog = "[R]etry / [c]ancel "
            let first = try sandbox.terminal("\(fetch) 1 2>/dev/tty")
            try await first.waitFor(dialog)
            let second = try sandbox.terminal("\(fetch) 139 2>/dev/tty")
            try await second.waitFor(dialog)
            second.type("r")
            first.type("r")
            let (secondStatus, secondScreen) = try await second.finish()
            let (firstStatus, firstScreen) = try await first.finish()
            #expect(firstStatus == 0 && firstScreen.contains("Under the Dome\r\n"), "\(firstScreen)")
            #expect(secondStatus == 0 && secondScreen.contains("Girls\r\n"), "\(secondScreen)")
        }
    }

    @Test("tvm-fetch show and tvm-episodes with no ids and a terminal on stdin print a hint instead of waiting")
    func stdinTerminalHint() async throws {
        let sandbox = try Sandbox()
        for command in ["tvm-fetch show", "tvm-episodes", "tvm-fav add", "tvm-img"] {
            let session = try sandbox.terminal(command)
            let (status, screen) = try await session.finish(timeout: .seconds(30))
            #expect(status == 64, "\(command): \(screen)")
            #expect(screen.contains("error: no show ids given, and stdin is a terminal"), "\(command): \(screen)")
            #expect(screen.contains("hint: give ids (\(command) 1 82) or pipe records in"), "\(command): \(screen)")
        }
    }

    @Test("tvm-fav list with no favorites says so on a terminal, and how to add some; piped it stays silent")
    func emptyListNote() async throws {
        let sandbox = try Sandbox()
        for command in ["tvm-fav list", "tvm-fav list --sort name --format table", "tvm-fav ls --jq .name"] {
            let session = try sandbox.terminal(command)
            let (status, screen) = try await session.finish()
            #expect(status == 0)
            #expect(screen.contains("tvm-fav: note: no favorites yet; add some with 'tvm-fav add 1 82'"), "\(screen)")
        }
        // An existing database that holds none.
        let show = try FavSupport.recordedShows()[0] + "\n"
        #expect(try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: show).status == 0)
        #expect(try await sandbox.run("tvm-fav", ["rm", "--yes", "1"]).status == 0)
        let session = try sandbox.terminal("tvm-fav list")
        let (_, screen) = try await session.finish()
        #expect(screen.contains("no favorites yet"), "\(screen)")
        let piped = try await sandbox.run("tvm-fav", ["list"])
        #expect(piped.status == 0)
        #expect(piped.stdout.isEmpty && piped.stderr.isEmpty)
    }

    @Test("NO_COLOR set and not empty turns colour off; set but empty it does not")
    func noColor() async throws {
        let sandbox = try Sandbox()
        let red = "\u{1B}[31;1merror:"
        for (value, coloured) in [("", true), ("1", false), ("0", false)] {
            let session = try sandbox.terminal("tvm-fetch shwo", term: "xterm", environment: ["NO_COLOR": value])
            let (status, screen) = try await session.finish()
            #expect(status == 64)
            #expect(screen.contains(red) == coloured, "NO_COLOR=\(value): \(screen.debugDescription)")
            #expect(screen.contains("error:"))
        }
        let session = try sandbox.terminal("tvm-fetch shwo", term: "xterm")
        let (_, screen) = try await session.finish()
        #expect(screen.contains(red), "unset: \(screen.debugDescription)")
    }

    @Test("a progress line is erased when Ctrl-C or SIGTERM ends the run")
    func progressLineErased() async throws {
        for signal in [SIGINT, SIGTERM] {
            try await withReplay(faults: [FaultRule(.stall, matching: .prefix("/shows?page=1"))]) { _, sandbox in
                let session = try sandbox.terminal(
                    "sh -c 'echo $$ > fetch.pid; exec tvm-fetch shows --all --page 1 > index.jsonl'", term: "xterm")
                try await session.waitFor("fetching page 1…")
                if signal == SIGINT {
                    session.type("\u{03}")
                } else {
                    let text = try String(contentsOf: sandbox.root.appendingPathComponent("fetch.pid"), encoding: .utf8)
                    let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
                    #expect(kill(pid, SIGTERM) == 0)
                }
                let (status, screen) = try await session.finish()
                #expect(status == 128 + signal, "\(screen.debugDescription)")
                let tail = try #require(screen.range(of: "fetching page 1…", options: .backwards))
                #expect(screen[tail.upperBound...].contains("\r\u{1B}[2K"), "\(screen.debugDescription)")
            }
        }
    }

    @Test("a progress line is erased before an error: the run's last page fails and the dialog is cancelled")
    func progressLineErasedByError() async throws {
        try await withReplay(faults: [FaultRule(.serverError(status: 503), matching: .prefix("/shows?page=1"))]) {
            _, sandbox in
            let session = try sandbox.terminal(
                "tvm-fetch shows --all --page 1 --retries 0 > index.jsonl", term: "xterm")
            try await session.waitFor("[R]etry / [c]ancel ")
            session.type("c")
            let (status, screen) = try await session.finish()
            #expect(status == 69, "\(screen.debugDescription)")
            let progress = try #require(screen.range(of: "fetching page 1… (0 shows so far)", options: .backwards))
            let after = screen[progress.upperBound...]
            let erase = try #require(after.range(of: "\r\u{1B}[2K"), "\(screen.debugDescription)")
            #expect(after[..<erase.lowerBound].isEmpty, "the line is erased before anything else is written")
        }
    }

    @Test("TERM=dumb: tvm-search -i refuses with a clear message and draws nothing")
    func dumbTerminal() async throws {
        let sandbox = try Sandbox()
        let session = try sandbox.terminal("tvm-search -i", term: "dumb")
        let (status, screen) = try await session.finish(timeout: .seconds(30))
        #expect(status == 64)
        #expect(screen.contains("tvm-search: error: -i needs a terminal that can move the cursor, and TERM is dumb"))
        #expect(!screen.contains("\u{1B}[?1049h"))
    }
}
