import TVMRecords
import TVMText

extension ToolRuntime {
    /// Whether a command that changes data says what it did in a line or two instead of printing its records:
    /// stdout is a terminal, and neither `--jq`, `--fields` nor `--format` asked for the records.
    ///
    /// A pipe or a file always gets the records.
    package var reportsBriefly: Bool {
        terminal.stdoutIsTTY && outputOptions.format == .auto && outputOptions.program == nil
            && outputOptions.fields == nil
    }

    /// Writes a brief report, one line each, to the terminal on stdout (made terminal-safe); nothing with
    /// `--quiet`.
    ///
    /// - Parameter lines: Lines such as `removed Girls`, without newlines.
    /// - Throws: ``JSONLinesError`` when stdout cannot be written.
    package func report(_ lines: [String]) throws {
        guard !outputOptions.quiet, !lines.isEmpty else { return }
        diagnostics.clearProgress()
        let writer = JSONLinesWriter(sink: context.stdout(true))
        for line in lines {
            try writer.write(line: HTMLText.terminalSafe(line, keepingNewlines: false))
        }
        try writer.flush()
    }
}
