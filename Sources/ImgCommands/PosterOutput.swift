import TVMCommandLine
import TVMRecords
import TVMTerminal
import TVMText

/// Writes the outcomes in input order: records, bare paths or previews; reports problems; draws the progress
/// line. Used from the command's task only.
final class PosterOutput {
    /// What goes to stdout.
    enum Mode {
        /// Each record with `_tvm.image`, through the shared output options (`--jq`, `--format`).
        case records(RecordOutput)
        /// `--path`: the image paths only.
        case paths
        /// `--preview`: a caption line of at most `columns` and the image drawn in half blocks.
        case preview(columns: Int)
    }

    /// Counts the units submitted, for the progress line's total.
    let counter = WorkCounter()
    /// More units than this before a progress line is worth showing.
    static let progressThreshold = 5

    private let mode: Mode
    private let runtime: ToolRuntime
    private let writer = JSONLinesWriter(sink: FileDescriptorSink.standardOutput())
    private let showsProgress: Bool
    private var done = 0
    private var lastProgress: ContinuousClock.Instant?

    init(mode: Mode, runtime: ToolRuntime) {
        self.mode = mode
        self.runtime = runtime
        showsProgress = runtime.terminal.stderrIsTTY && !runtime.outputOptions.quiet
    }

    /// Reports an outcome's problems and writes what it has for stdout.
    func emit(_ outcome: PosterOutcome) async throws {
        done += 1
        for problem in outcome.problems {
            runtime.diagnostics.error(problem.message)
            runtime.raise(problem.status)
        }
        if showsProgress && runtime.terminal.stdoutIsTTY { runtime.diagnostics.clearProgress() }
        switch mode {
        case .records(let output):
            if let record = outcome.record {
                try await output.emit(record)
                try await output.flush()
            }
        case .paths:
            if let path = outcome.path {
                try writer.write(line: path)
                try writer.flush()
            }
        case .preview(let columns):
            if outcome.record != nil {
                try writePreview(outcome, columns: columns)
            }
        }
        drawProgress()
    }

    /// Ends the output and erases the progress line.
    func finish() async throws {
        if showsProgress { runtime.diagnostics.clearProgress() }
        if case .records(let output) = mode { try await output.finish() }
        try writer.flush()
    }

    /// The caption (the name, and the path when the line has room for it), then the drawing.
    private func writePreview(_ outcome: PosterOutcome, columns: Int) throws {
        if done > 1 { try writer.write(line: "") }
        let caption = HTMLText.terminalSafe(outcome.caption ?? "(untitled)", keepingNewlines: false)
        let name = DisplayWidth.truncate(caption, toWidth: columns)
        let detail = outcome.path ?? "(no image)"
        var line = "\u{1B}[1m\(name)\u{1B}[0m"
        if DisplayWidth.width(of: name) + 2 + DisplayWidth.width(of: detail) <= columns {
            line += "  \u{1B}[2m\(detail)\u{1B}[0m"
        }
        try writer.write(line: line)
        if let preview = outcome.preview {
            try writer.write(line: String(preview.dropLast(preview.hasSuffix("\n") ? 1 : 0)))
        }
        try writer.flush()
    }

    /// `123/240 posters` on stderr, at most ten times a second and always for the last one.
    private func drawProgress() {
        let total = counter.value
        guard showsProgress, total > Self.progressThreshold else { return }
        let now = ContinuousClock.now
        if let lastProgress, now - lastProgress < .milliseconds(100), done < total { return }
        lastProgress = now
        runtime.diagnostics.progress("\(done)/\(total) posters")
    }
}
