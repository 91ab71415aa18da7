import TVMRecords

/// A spinner on standard error while a tool waits, shown only when the wait is long enough to notice.
///
/// Nothing appears for waits shorter than the delay (about 200 ms), so fast answers never flash a spinner.
/// The spinner is erased before ``whileWaiting(_:diagnostics:isEnabled:delay:interval:_:)`` returns or throws,
/// so output that follows never shares a line with it. It draws through ``Diagnostics/progress(_:)``, which
/// keeps it off the terminal while a question (the retry dialog) is asked.
package enum Spinner {
    /// The animation frames.
    package static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Whether a spinner belongs on this run's stderr: a terminal that understands cursor control, not `--quiet`.
    ///
    /// - Parameters:
    ///   - terminal: The process's terminals and environment.
    ///   - quiet: Whether `--quiet` was given.
    /// - Returns: `true` when the spinner may be drawn.
    package static func isWanted(terminal: Terminal, quiet: Bool) -> Bool {
        terminal.stderrIsTTY && !quiet && terminal.environment["TERM"] != "dumb"
    }

    /// How long a wait must last before the spinner appears: 200 ms, or `TVM_SPINNER_DELAY_MS` milliseconds.
    ///
    /// The variable exists for the tests, which cannot otherwise tell "quicker than the delay" from "quicker than a
    /// loaded machine schedules the first frame".
    ///
    /// - Parameter environment: The process's environment.
    /// - Returns: The delay.
    package static func delay(environment: [String: String]) -> Duration {
        guard let text = environment["TVM_SPINNER_DELAY_MS"], let milliseconds = Int(text), milliseconds >= 0 else {
            return .milliseconds(200)
        }
        return .milliseconds(milliseconds)
    }

    /// Runs `operation`, drawing `label` with a spinning frame on stderr once it has taken longer than `delay`.
    ///
    /// - Parameters:
    ///   - label: What is being waited for, e.g. `searching TVMaze for "girls"…`.
    ///   - diagnostics: Where the spinner is drawn.
    ///   - isEnabled: Whether to draw at all (see ``isWanted(terminal:quiet:)``).
    ///   - delay: How long to wait before the first frame.
    ///   - interval: The time between frames.
    ///   - operation: The work to wait for.
    /// - Returns: What `operation` returned.
    /// - Throws: What `operation` threw; the spinner is erased first.
    package static func whileWaiting<T>(
        _ label: String,
        diagnostics: Diagnostics,
        isEnabled: Bool,
        delay: Duration = .milliseconds(200),
        interval: Duration = .milliseconds(80),
        _ operation: () async throws -> T
    ) async throws -> T {
        guard isEnabled else { return try await operation() }
        let ticker = Task {
            try await Task.sleep(for: delay)
            var frame = 0
            while !Task.isCancelled {
                diagnostics.progress("\(frames[frame % frames.count]) \(label)")
                frame += 1
                try await Task.sleep(for: interval)
            }
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        ticker.cancel()
        _ = await ticker.result
        diagnostics.clearProgress()
        return try result.get()
    }
}
