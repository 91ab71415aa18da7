import Foundation

/// Runs an interactive program in a tmux session, types into it and reads its screen.
///
/// Every tmux process gets /dev/null for its standard streams, never a pipe: a tmux client hands its streams to
/// the server, which would hold a pipe open after the client exits and leave the reader waiting for its end.
/// The screen comes back through a file instead (`capture-pane` + `save-buffer`). The server runs in the
/// foreground (`tmux -D`) as this process's child, so no daemon outlives the test.
///
/// Foundation starts a child with the signal mask of the Dispatch thread that spawns it, which blocks SIGCHLD
/// and SIGTERM: a tmux server started so never reaps its panes and never exits on `kill-server`. Each tmux is
/// therefore started through perl (Essential in Debian), which clears the mask before it executes tmux.
enum Tmux {
    /// Whether tmux (and perl, to start it) is installed.
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: tmux) && FileManager.default.isExecutableFile(atPath: perl)
    }

    private static let perl = "/usr/bin/perl"

    private static let tmux =
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? "/usr/bin/tmux"

    /// Starts `command` on a private tmux server, types `text`, presses `key` (a tmux key name such as `Tab`) and
    /// returns the screen once it shows `marker`, or after 15 seconds.
    static func type(
        _ text: String,
        then key: String,
        in command: [String],
        environment: [String: String],
        directory: URL,
        waitingFor marker: String
    ) async throws -> String {
        try await type(
            text, then: [key], in: command, environment: environment, directory: directory, waitingFor: marker)
    }

    /// Starts `command` on a private tmux server, types `text`, presses `keys` one after the other (bash lists
    /// ambiguous candidates on the second Tab) and returns the screen once it shows `marker`, or after 15 seconds.
    static func type(
        _ text: String,
        then keys: [String],
        in command: [String],
        environment: [String: String],
        directory: URL,
        waitingFor marker: String
    ) async throws -> String {
        let socket = "tvm-\(UUID().uuidString.prefix(8))"
        var settings = environment
        settings["TERM"] = "xterm-256color"
        settings.removeValue(forKey: "TMUX")
        let environment = settings
        let screenFile = directory.appendingPathComponent("tmux-screen-\(socket).txt")
        func tmux(_ arguments: [String]) async throws -> Int32 {
            try await launch(
                ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment, directory: directory)
        }
        async let serverStatus = launch(
            ["-L", socket, "-f", "/dev/null", "-D"], environment: environment, directory: directory)
        var screen = ""
        do {
            // A client that finds no server starts a daemon of its own: wait for the foreground server's socket.
            let socketPath = (environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())/\(socket)"
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: socketPath) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let started = try await tmux(["new-session", "-d", "-s", "t", "-x", "160", "-y", "40"] + command)
            guard started == 0 else { throw DeclarationsError(detail: "tmux new-session exited \(started)") }
            // Let the shell draw its first prompt before typing.
            try await Task.sleep(for: .milliseconds(1500))
            _ = try await tmux(["send-keys", "-t", "t", "-l", text])
            for key in keys {
                _ = try await tmux(["send-keys", "-t", "t", key])
                try await Task.sleep(for: .milliseconds(300))
            }
            for _ in 0..<60 {
                try await Task.sleep(for: .milliseconds(250))
                _ = try await tmux(["capture-pane", "-t", "t", ";", "save-buffer", screenFile.path])
                screen = (try? String(contentsOf: screenFile, encoding: .utf8)) ?? ""
                if screen.contains(marker) { break }
            }
        } catch {
            _ = try? await tmux(["kill-server"])
            _ = try? await serverStatus
            throw error
        }
        _ = try await tmux(["kill-server"])
        _ = try await serverStatus
        return screen
    }

    /// Runs tmux with /dev/null for its streams and returns its exit status, without blocking a thread.
    private static func launch(_ arguments: [String], environment: [String: String], directory: URL) async throws
        -> Int32
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: perl)
        process.arguments =
            ["-MPOSIX", "-e", "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die; exec @ARGV or die", tmux]
            + arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
