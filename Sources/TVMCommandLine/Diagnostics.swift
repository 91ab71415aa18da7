import Foundation
import NIOConcurrencyHelpers
import TVMRecords
import TVMTerminal
import TVMText

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the tool's messages to standard error as `tool: error: …`, coloured only when allowed.
///
/// Standard output carries data only; every message, warning and progress line goes through here.
package final class Diagnostics: Sendable {
    /// The tool name that starts every message, e.g. `tvm-fetch`.
    package let tool: String
    /// Whether ANSI colour is used.
    package let color: Bool
    /// Whether warnings and notes are suppressed (`--quiet`); errors are always written.
    package let quiet: Bool
    private let write: @Sendable (String) -> Void
    private let lock = NIOLock()
    private let transient = NIOLockedValueBox<Bool>(false)
    private let suspensions = NIOLockedValueBox<Int>(0)

    /// Creates the writer.
    package init(
        tool: String, color: Bool, quiet: Bool = false,
        write: @escaping @Sendable (String) -> Void = ToolContext.current.stderr
    ) {
        self.write = write
        self.tool = tool
        self.color = color
        self.quiet = quiet
    }

    /// Writes `tool: error: message`.
    package func error(_ message: String) { emit("error", message, code: "31") }

    /// Writes `tool: warning: message` unless quiet.
    package func warning(_ message: String) { if !quiet { emit("warning", message, code: "33") } }

    /// Writes `tool: note: message` unless quiet.
    package func note(_ message: String) { if !quiet { emit("note", message, code: "36") } }

    /// Writes `tool: hint: message` unless quiet.
    package func hint(_ message: String) { if !quiet { emit("hint", message, code: "2") } }

    /// Writes raw text to stderr (prompts, progress), unchanged.
    package func raw(_ text: String) {
        lock.withLock { write(text) }
    }

    /// Replaces the current progress line (on a terminal only): `\r` + text + erase to end of line.
    ///
    /// Does nothing while progress is suspended (see ``suspendProgress()``). The text is made terminal-safe (it
    /// carries show names from TVMaze) and cut to the terminal's width: a line that wrapped could not be erased.
    package func progress(_ text: String) {
        var line = HTMLText.terminalSafe(text, keepingNewlines: false)
        if let columns = Terminal.size(of: 2)?.ws_col, columns > 1 {
            line = DisplayWidth.truncate(line, toWidth: Int(columns) - 1)
        }
        lock.withLock {
            guard suspensions.withLockedValue({ $0 == 0 }) else { return }
            transient.withLockedValue { $0 = true }
            ProgressLine.showing()
            write("\r\u{1B}[2K" + line)
        }
    }

    /// Erases a progress line or spinner, if one is showing.
    package func clearProgress() {
        lock.withLock {
            let showing = transient.withLockedValue { value in
                defer { value = false }
                return value
            }
            if showing {
                write("\r\u{1B}[2K")
                ProgressLine.cleared()
            }
        }
    }

    /// Erases any progress line and ignores ``progress(_:)`` until ``resumeProgress()``: a question on the
    /// terminal (the retry dialog) must not be overwritten by a spinner running in another task.
    package func suspendProgress() {
        lock.withLock { suspensions.withLockedValue { $0 += 1 } }
        clearProgress()
    }

    /// Ends one ``suspendProgress()``; progress lines show again when every suspension has ended.
    package func resumeProgress() {
        lock.withLock { suspensions.withLockedValue { $0 = max(0, $0 - 1) } }
    }

    /// The most characters of a message that are written; the rest is cut with `…`.
    static let longestMessage = 20_000
    /// The most characters of each line of a message that are written.
    static let longestLine = 2_000

    private func emit(_ level: String, _ message: String, code: String) {
        clearProgress()
        let label = color ? "\u{1B}[\(code);1m\(level):\u{1B}[0m" : "\(level):"
        // Messages quote names, URLs and values from records: whatever a record holds, no escape sequence or
        // bidirectional override reaches the terminal through a message, and no line is longer than a screenful.
        let safe = HTMLText.terminalSafe(Excerpt.of(message, limit: Self.longestMessage))
        let lines = safe.split(separator: "\n", omittingEmptySubsequences: false)
        lock.withLock {
            for line in lines { write("\(tool): \(label) \(Excerpt.of(line, limit: Self.longestLine))\n") }
        }
    }
}
