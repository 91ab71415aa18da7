import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The files to remove, as C strings, read by the signal handler: a fixed set of slots, so the handler never
/// allocates.
private nonisolated(unsafe) var cleanupPaths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
    capacity: SignalCleanup.slots)
/// Whether a progress line is on stderr, for the handler to erase.
private nonisolated(unsafe) var cleanupErasesLine = false
/// Whether the handlers are installed.
private nonisolated(unsafe) var cleanupInstalled = false
/// Held while the slots change: downloads on several threads register files at once.
private let cleanupLock = Mutex(())

/// What Ctrl-C, SIGTERM or SIGHUP leaves behind when they end the process: scratch files (removed) and a progress
/// line on stderr (erased).
///
/// The handlers are installed on first use. A handler removes the registered files with `unlink(2)` and writes the
/// erasing bytes with `write(2)` (both safe in a signal handler), puts the signal's default action back and raises
/// it again, so the process still ends as the signal says (status 130 for Ctrl-C in a shell). A signal the process
/// was started with ignored (nohup, a background job's SIGINT) stays ignored.
public enum SignalCleanup {
    /// How many files can be registered at once.
    public static let slots = 16
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Registers a file to remove should a signal end the process.
    ///
    /// - Parameter path: The file.
    /// - Returns: Its slot, for ``forget(_:)``; `nil` when every slot is taken (the file is then only removed by
    ///   its owner).
    public static func removeOnSignal(_ path: String) -> Int? {
        cleanupLock.withLock { _ in
            install()
            for slot in 0..<slots where cleanupPaths[slot] == nil {
                cleanupPaths[slot] = strdup(path)
                return slot
            }
            return nil
        }
    }

    /// Forgets a registered file (its owner removed it).
    ///
    /// - Parameter slot: What ``removeOnSignal(_:)`` returned.
    public static func forget(_ slot: Int) {
        cleanupLock.withLock { _ in
            let pointer = cleanupPaths[slot]
            cleanupPaths[slot] = nil
            free(pointer)
        }
    }

    /// Records whether a progress line is showing, for the handler to erase.
    ///
    /// - Parameter shown: Whether one is on stderr now.
    public static func progressLine(shown: Bool) {
        cleanupErasesLine = shown
        if shown { cleanupLock.withLock { _ in install() } }
    }

    private static func install() {
        guard !cleanupInstalled else { return }
        cleanupInstalled = true
        for slot in 0..<slots { cleanupPaths[slot] = nil }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                for slot in 0..<SignalCleanup.slots {
                    if let path = cleanupPaths[slot] { unlink(path) }
                }
                if cleanupErasesLine {
                    let erase: StaticString = "\r\u{1B}[2K"
                    _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
                }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(SIG_IGN, to: Int.self)
            {
                continue
            }
            sigaction(signal, &action, nil)
        }
    }
}
