import TVMRecords

/// Erases a progress line (`\r`, erase line) when Ctrl-C, SIGTERM or SIGHUP ends the process while it shows, so
/// the shell's prompt does not land after a half-drawn `fetching 12 of 40…`; the handlers are
/// ``SignalCleanup``'s, installed when the first progress line is drawn.
enum ProgressLine {
    /// Records that a progress line is showing. Called under ``Diagnostics``' lock.
    static func showing() {
        SignalCleanup.progressLine(shown: true)
    }

    /// Records that the progress line was erased.
    static func cleared() {
        SignalCleanup.progressLine(shown: false)
    }
}
