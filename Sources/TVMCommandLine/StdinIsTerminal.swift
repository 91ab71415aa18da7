/// A command that reads records from stdin was started with no ids and a terminal on stdin.
///
/// Reported as a usage error (64) with a hint, instead of waiting for input no one knows is expected.
package struct StdinIsTerminal: Error, ReportedError, Equatable {
    /// The command as typed, `tvm-fetch show`.
    package var command: String

    /// Creates the error.
    ///
    /// - Parameter command: The command as typed.
    package init(command: String) {
        self.command = command
    }

    package func report(to runtime: ToolRuntime) {
        runtime.diagnostics.error("no show ids given, and stdin is a terminal: there is nothing to read")
        runtime.diagnostics.hint(
            "give ids (\(command) 1 82) or pipe records in (tvm-search girls | \(command)); see '\(command) --help'")
        runtime.raise(.usage)
    }
}
