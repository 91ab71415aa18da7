#if canImport(Glibc)
    import Glibc
#endif

/// Whether a progress line is on stderr, for the signal handlers: read in a handler, so a plain global.
private nonisolated(unsafe) var progressLineShown = false
/// Whether the handlers are installed.
private nonisolated(unsafe) var handlersInstalled = false

/// Erases a progress line (`\r`, erase line) when Ctrl-C, SIGTERM or SIGHUP ends the process while it shows, so
/// the shell's prompt does not land after a half-drawn `fetching 12 of 40…`.
///
/// The handlers are installed when the first progress line is drawn. A handler writes the erasing bytes with
/// `write(2)` (safe in a signal handler), puts the signal's default action back and raises it again, so the
/// process still ends as the signal says (status 130 for Ctrl-C in a shell).
enum ProgressLine {
    /// The signals that end a process and leave a line behind.
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Records that a progress line is showing, installing the handlers the first time. Called under
    /// ``Diagnostics``' lock.
    static func showing() {
        progressLineShown = true
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if progressLineShown {
                    let erase: StaticString = "\r\u{1B}[2K"
                    _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // A signal the process was started with ignored (nohup, a background job's SIGINT) stays ignored.
            if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(SIG_IGN, to: Int.self)
            {
                continue
            }
            sigaction(signal, &action, nil)
        }
    }

    /// Records that the progress line was erased.
    static func cleared() {
        progressLineShown = false
    }
}
