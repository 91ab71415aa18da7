import Foundation

/// Runs a shell command inside a pseudo-terminal, so that it has a controlling terminal (`/dev/tty`).
///
/// The pseudo-terminal comes from util-linux `script -qfec COMMAND /dev/null` (in every Debian and Ubuntu
/// install): `script` starts the command as a session leader on a new pty, copies what we write to its
/// stdin into the pty (the keyboard), copies the pty's output to its stdout (the screen), and with `-e`
/// exits with the command's status. The command's stdin, stdout and stderr are the terminal unless the
/// command redirects them, e.g. `printf '1\n' | tvm-fav rm`.
///
/// Answers are typed only after the question is on the screen (``waitFor(_:timeout:)``), so a test never
/// depends on how fast the tool starts. Output arrives with the terminal's `\r\n` line ends and echo.
final class TerminalSession: @unchecked Sendable {
    private let process = Process()
    private let keyboard = Pipe()
    private let screen = Pipe()
    private let lock = NSLock()
    private var received = Data()
    private let drained = DispatchGroup()

    /// Starts `command` (run by `sh -c`) in a pseudo-terminal.
    init(command: String, environment: [String: String], directory: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        var environment = environment
        environment["SHELL"] = "/bin/sh"
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = keyboard
        process.standardOutput = screen
        process.standardError = screen
        drained.enter()
        process.terminationHandler = { [drained] _ in drained.leave() }
        try process.runAlone()
        drained.enter()
        let handle = screen.fileHandleForReading
        DispatchQueue.global().async { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.withLock { received.append(data) }
            }
            drained.leave()
        }
    }

    /// Everything the terminal showed so far.
    var output: String {
        lock.withLock { String(decoding: received, as: UTF8.self) }
    }

    /// How many times the screen shows `text` so far.
    func count(_ text: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    /// Waits until the screen shows `text`, `times` times.
    ///
    /// - Throws: ``TerminalSessionError/timedOut(waitingFor:screen:)`` after `timeout`.
    func waitFor(_ text: String, times: Int = 1, timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while count(text) < times {
            guard ContinuousClock.now < deadline, process.isRunning || count(text) >= times else {
                throw TerminalSessionError.timedOut(waitingFor: text, screen: output)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Types text on the terminal's keyboard.
    func type(_ text: String) {
        // `write(_:)` traps when the program has gone; the test's expectations report that instead.
        try? keyboard.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Waits for the command to end and returns its status and the whole screen.
    ///
    /// - Throws: ``TerminalSessionError/timedOut(waitingFor:screen:)`` if it runs past `timeout` (it is then
    ///   terminated).
    func finish(timeout: Duration = .seconds(60)) async throws -> (status: Int32, screen: String) {
        let finished = LockedFlag()
        let timer = DispatchWorkItem { [process] in
            if process.isRunning {
                finished.set()
                process.terminate()
            }
        }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .milliseconds(Int(timeout.components.seconds * 1000)), execute: timer)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            drained.notify(queue: .global()) { continuation.resume() }
        }
        timer.cancel()
        try? keyboard.fileHandleForWriting.close()
        if finished.isSet { throw TerminalSessionError.timedOut(waitingFor: "the end of the command", screen: output) }
        return (process.terminationStatus, output)
    }
}

/// A terminal session that did not show what the test waited for.
enum TerminalSessionError: Error, CustomStringConvertible {
    case timedOut(waitingFor: String, screen: String)

    var description: String {
        switch self {
        case .timedOut(let text, let screen): return "timed out waiting for \(text); the screen shows:\n\(screen)"
        }
    }
}

/// A flag set from one thread and read from another.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}

/// Quotes a word for `sh`.
func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
