import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension SearchEndToEndTests {
    /// `tvm-search -i` under a shell's job control, in a real terminal (tmux running an interactive bash).
    @Suite("tvm-search -i: Ctrl-Z, fg, and starting in the background")
    struct LiveSearchJobControlTests {
        static let prompt = LiveSearchTests.prompt

        /// Runs `body` with an interactive shell in tmux, against the replay server, and stops both after it.
        static func withShell(_ body: (ReplayServer, TmuxTerminal) async throws -> Void) async throws {
            try await withReplay { server, sandbox in
                let terminal = try await TmuxTerminal.startShell(in: sandbox)
                do {
                    try await terminal.waitForScreen { $0.hasPrefix("$") }
                    try await body(server, terminal)
                } catch {
                    await terminal.stopShell()
                    throw error
                }
                await terminal.stopShell()
            }
        }

        /// `fg`, then checks the search is drawn and answers keys (a search, Esc), and that it ended with 130.
        static func bringBackAndQuit(_ terminal: TmuxTerminal) async throws {
            try await terminal.run("fg")
            try await terminal.waitForScreen { $0.contains(prompt + "▏") }
            try await terminal.type("girls")
            try await terminal.waitForScreen { $0.contains("10 shows") }
            try await terminal.press("Escape")
            // Keys typed within 50 ms of Esc would make an Alt sequence: wait for the shell's screen first.
            try await terminal.waitForScreen { !$0.contains(prompt) }
            try await terminal.run("echo status=$?")
            try await terminal.waitForScreen { $0.contains("status=130") }
        }

        @Test("Ctrl-Z gives the shell back its screen and modes; fg redraws, and keys work again")
        func suspendAndResume() async throws {
            try await Self.withShell { _, terminal in
                try await terminal.run("tvm-search -i")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                try await terminal.type("girls")
                try await terminal.waitForScreen { $0.contains("10 shows") }
                try await terminal.press("C-z")
                // The normal screen again, with the command line that started the search, and the shell's report.
                let stopped = try await terminal.waitForScreen { $0.contains("Stopped") }
                #expect(stopped.contains("$ tvm-search -i"))
                #expect(!stopped.contains(Self.prompt))
                // The terminal is back in cooked mode, with echo: what the shell needs.
                try await terminal.run("stty -a | tr ' ' '\\n' | grep -e icanon -e echo$ | tr '\\n' ' '; echo")
                try await terminal.waitForScreen { $0.split(separator: "\n").contains("icanon echo") }
                try await terminal.run("fg")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "girls▏") && $0.contains("10 shows") }
                // Raw mode again: Backspace edits the query, Esc quits.
                try await terminal.press("BSpace")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "girl▏") }
                try await terminal.press("Escape")
                try await terminal.waitForScreen { !$0.contains(Self.prompt) }
                try await terminal.run("echo status=$?")
                try await terminal.waitForScreen { $0.contains("status=130") }
            }
        }

        @Test("kill -TSTP from elsewhere suspends it the same way, and SIGCONT (fg) redraws")
        func stopSignal() async throws {
            try await Self.withShell { _, terminal in
                try await terminal.run("sh -c 'echo $$ > search.pid; exec tvm-search -i'")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                let pidText = try String(
                    contentsOf: terminal.sandbox.root.appendingPathComponent("search.pid"), encoding: .utf8)
                let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
                #expect(kill(pid, SIGTSTP) == 0)
                let stopped = try await terminal.waitForScreen { $0.contains("Stopped") }
                #expect(!stopped.contains(Self.prompt))
                try await Self.bringBackAndQuit(terminal)
            }
        }

        @Test("started with &, it waits stopped for the foreground instead of drawing over the shell")
        func startedInBackground() async throws {
            try await Self.withShell { _, terminal in
                try await terminal.run("tvm-search -i &")
                // bash reports a job's change of state before its next prompt: ask until it has stopped.
                let deadline = Date().addingTimeInterval(30)
                var screen = ""
                while Date() < deadline && !screen.contains("Stopped") {
                    try await Task.sleep(for: .milliseconds(500))
                    try await terminal.run("jobs")
                    screen = try await terminal.screen()
                }
                #expect(screen.contains("Stopped"), "\(screen)")
                #expect(!screen.contains(Self.prompt))
                // The shell still works, and nothing was drawn over it.
                try await terminal.run("echo still-here")
                let after = try await terminal.waitForScreen { $0.split(separator: "\n").contains("still-here") }
                #expect(!after.contains(Self.prompt))
                try await Self.bringBackAndQuit(terminal)
            }
        }
    }
}
