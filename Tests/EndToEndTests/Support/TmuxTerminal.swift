import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for end-to-end tests: a detached tmux session on a server of its own, typed into with
/// `send-keys` and read with `capture-pane`.
///
/// ``start(_:in:width:height:)`` runs a command line inside the session through a small script that records
/// the terminal modes (`stty -g`) before and after it, in the same pseudo-terminal, with the command's stdout
/// and stderr going to files in the sandbox: so the test sees exactly what the tool drew on the terminal, what
/// it printed, and whether it put the terminal back.
final class TmuxTerminal: Sendable {
    /// What the command left behind once it ended.
    struct Outcome {
        /// Its exit status, as the shell saw it (128 + N for signal N).
        var status: Int32
        /// What it wrote to stdout.
        var stdout: String
        /// What it wrote to stderr.
        var stderr: String
        /// `stty -g` just before the command started.
        var modesBefore: String
        /// `stty -g` just after it ended.
        var modesAfter: String
    }

    let sandbox: Sandbox
    /// The environment to start from instead of the sandbox's, when a test gives one.
    private let baseEnvironment: [String: String]?
    private var directory: URL { sandbox.root }
    /// The tmux server's socket, inside the sandbox, so it goes away with it; one per terminal, so that a test's
    /// late `stop()` of one terminal never ends the next one it started in the same sandbox.
    private let socket: String

    /// Whether tmux (and perl, which starts its server) is installed.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/perl")
    }

    /// Runs a test only where tmux (and perl) are installed, saying how to install them otherwise.
    static var required: ConditionTrait {
        .enabled(if: isInstalled, "tmux or perl is not installed (bash scripts/deps.sh test installs tmux)")
    }

    private init(sandbox: Sandbox, environment: [String: String]? = nil) {
        self.sandbox = sandbox
        self.baseEnvironment = environment
        socket = sandbox.root.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8))").path
    }

    /// Starts `command` (a program and its arguments, such as an interactive shell) in a new tmux session, types
    /// `text`, presses `keys` one after the other (bash lists ambiguous candidates on the second Tab) and returns
    /// the screen once it shows `marker`, or after 15 seconds.
    static func type(
        _ text: String, then keys: [String], in command: [String], sandbox: Sandbox, environment: [String: String],
        waitingFor marker: String
    ) async throws -> String {
        let terminal = TmuxTerminal(sandbox: sandbox, environment: environment)
        try await terminal.tmux(
            ["-f", "/dev/null", "new-session", "-d", "-s", "live", "-x", "160", "-y", "40"] + command,
            closingInheritedDescriptors: true)
        var screen = ""
        do {
            // Let the shell draw its first prompt before typing.
            try await Task.sleep(for: .milliseconds(1500))
            try await terminal.type(text)
            for key in keys { try await terminal.press(key) }
            for _ in 0..<60 {
                try await Task.sleep(for: .milliseconds(250))
                screen = try await terminal.screen()
                if screen.contains(marker) { break }
            }
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
        return screen
    }

    /// Starts `commandLine` (run by `sh`, with the tvm binaries on `PATH`) in a new tmux session.
    ///
    /// - Parameters:
    ///   - commandLine: The command, e.g. `tvm-search -i`; its stdout and stderr go to files.
    ///   - background: Whether to run it as `cmd & wait`, writing its pid to `pid`, so a test can signal it.
    static func start(
        _ commandLine: String, in sandbox: Sandbox, width: Int = 100, height: Int = 30, background: Bool = false
    ) async throws -> TmuxTerminal {
        let terminal = TmuxTerminal(sandbox: sandbox)
        let run =
            background
            ? "\(commandLine) > out.txt 2> err.txt &\necho $! > pid\nwait $!\n"
            : "\(commandLine) > out.txt 2> err.txt\n"
        let script = """
            cd '\(sandbox.root.path)'
            stty -g > stty-before
            \(run)echo $? > status.tmp
            stty -g > stty-after
            mv status.tmp status

            """
        try script.write(to: sandbox.root.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        try await terminal.tmux(
            [
                "-f", "/dev/null", "new-session", "-d", "-s", "live", "-x", "\(width)", "-y", "\(height)", "sh run.sh",
            ], closingInheritedDescriptors: true)
        return terminal
    }

    /// Starts an interactive bash with job control (no startup files, prompt `$ `) in a new tmux session, for
    /// tests of what a shell does with a full-screen program: Ctrl-Z, `fg`, `&`.
    static func startShell(in sandbox: Sandbox, width: Int = 100, height: Int = 30) async throws -> TmuxTerminal {
        let terminal = TmuxTerminal(sandbox: sandbox)
        let script = """
            cd '\(sandbox.root.path)'
            export PS1='$ '
            echo $$ > shell.pid
            exec bash --norc --noprofile -i

            """
        try script.write(to: sandbox.root.appendingPathComponent("shell.sh"), atomically: true, encoding: .utf8)
        try await terminal.tmux(
            [
                "-f", "/dev/null", "new-session", "-d", "-s", "live", "-x", "\(width)", "-y", "\(height)",
                "bash shell.sh",
            ], closingInheritedDescriptors: true)
        return terminal
    }

    /// Ends the shell started by ``startShell(in:width:height:)`` (an interactive bash ignores SIGTERM), and with
    /// its only pane gone, the tmux server; then ``stop()`` for good measure.
    func stopShell() async {
        if let text = try? String(contentsOf: directory.appendingPathComponent("shell.pid"), encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGKILL)
        }
        await stop()
    }

    /// Types a command line into the shell and presses Enter.
    func run(_ commandLine: String) async throws {
        try await type(commandLine)
        try await press("Enter")
    }

    /// Types text as it is.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", "live", "-l", text])
    }

    /// Presses keys by their tmux names: `Enter`, `Escape`, `Down`, `Tab`, `C-d`, `C-c`…
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", "live"] + keys)
    }

    /// Resizes the terminal, which sends SIGWINCH to the program in it.
    func resize(width: Int, height: Int) async throws {
        try await tmux(["resize-window", "-t", "live", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The text on the screen now, one line per row.
    func screen() async throws -> String {
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/tmux"),
            arguments: ["-S", socket, "capture-pane", "-p", "-t", "live"],
            stdin: nil, environment: environment, directory: directory, timeout: 30)
        return result.stdout
    }

    /// Waits until the screen satisfies `condition`, and returns it; fails the test with the last screen after
    /// `timeout` seconds.
    @discardableResult
    func waitForScreen(
        timeout: Double = 40, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the screen never showed what was expected; last screen:\n\(last)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// The pid of a command started in the background.
    func pid() async throws -> Int32 {
        let file = directory.appendingPathComponent("pid")
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), let pid = Int32(text.trimmed) { return pid }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }

    /// Waits for the command to end and collects what it left.
    func outcome(timeout: Double = 60) async throws -> Outcome {
        let status = directory.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: status.path) {
            guard Date() < deadline else {
                Issue.record("the command did not end; last screen:\n\((try? await screen()) ?? "")")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: status) }
        return Outcome(
            status: Int32(try read("status").trimmed) ?? -1,
            stdout: try read("out.txt"),
            stderr: try read("err.txt"),
            modesBefore: try read("stty-before").trimmed,
            modesAfter: try read("stty-after").trimmed
        )
    }

    /// Ends the tmux server, if the command has not ended it already.
    func stop() async {
        _ = try? await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket, "kill-server"], stdin: nil,
            environment: environment, directory: directory, timeout: 30)
    }

    private var environment: [String: String] {
        var env = baseEnvironment ?? sandbox.environment
        env["PATH"] = Binaries.directory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["SHELL"] = "/bin/sh"
        env["TERM"] = "xterm-256color"
        env.removeValue(forKey: "TMUX")
        env.removeValue(forKey: "TMUX_PANE")
        return env
    }

    /// Runs a tmux client command.
    ///
    /// - Parameter closingInheritedDescriptors: Start the tmux server: close every descriptor above stderr and
    ///   clear the signal mask first. Foundation's `Process` learns that a child ended when a socket the child
    ///   inherited closes, and the server, forked from the client, would keep that socket open for as long as it
    ///   runs, so the client would never be reaped and the test would wait for ever. And Foundation starts a child
    ///   with the signal mask of the Dispatch thread that spawns it, which blocks SIGCHLD and SIGTERM: a server
    ///   started so never reaps its panes. perl (Essential in Debian) clears the mask.
    private func tmux(_ arguments: [String], closingInheritedDescriptors: Bool = false) async throws {
        let command = ["/usr/bin/tmux", "-S", socket] + arguments
        let closeAll = """
            for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null
            exec "$@"
            """
        let clearMask = "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die"
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: closingInheritedDescriptors ? "/usr/bin/perl" : command[0]),
            arguments: closingInheritedDescriptors
                ? ["-MPOSIX", "-e", clearMask, "/bin/bash", "-c", closeAll, "bash"] + command
                : Array(command.dropFirst()),
            stdin: nil, environment: environment, directory: directory, timeout: 30)
        guard result.status == 0 else {
            Issue.record("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
            throw CancellationError()
        }
    }
}

extension String {
    /// The text without white space at either end.
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
