import TVMCommandLine
import TVMRecords
import TVMStore

/// Prints the search history: `{"query":…,"at":…}` lines when piped, a numbered list on a terminal.
struct HistoryPrinter {
    /// The run's streams and options.
    let runtime: ToolRuntime
    /// The history to print.
    let history: SearchHistory

    /// Prints every remembered search, most recent first, through the shared output (so `--jq` and `--format`
    /// apply). An empty history prints nothing, with a note when a person is reading the terminal.
    ///
    /// - Throws: ``SearchHistoryError`` when the file cannot be read, a write error for stdout.
    func printEntries() async throws {
        let entries = try history.entries()
        let options = runtime.outputOptions
        if entries.isEmpty && runtime.terminal.stdoutIsTTY && options.format == .auto && options.jq == nil {
            runtime.diagnostics.note("no searches remembered yet")
            return
        }
        let out = try await runtime.makeOutput(view: SearchHistoryView(now: try runtime.now()))
        for entry in entries {
            try await out.emit(entry.json)
        }
        try await out.finish()
    }
}
