import Foundation
import TVMRecords
import TVMTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Reads keys from the terminal on a thread of its own and hands them on as events.
///
/// The thread waits in `poll(2)` on the terminal and on the session's signal pipe. Bytes become keys through
/// ``LiveSearchKeyDecoder``; a lone Esc is reported once ``escapeWait`` passes with nothing more to read. A
/// window size change is reported as ``Event/resize``; a terminating signal restores the terminal on this
/// thread and ends the process as the signal would have. Ctrl-Z and SIGTSTP suspend the session (the terminal is
/// put back, the process stops); on SIGCONT it is entered again, and a resize is reported for the redraw.
final class TerminalInput: @unchecked Sendable {
    /// What the input thread reports.
    enum Event: Sendable {
        /// Keys were pressed.
        case keys([LiveSearchKey])
        /// The terminal's size changed (SIGWINCH).
        case resize
        /// The terminal is gone (end of file, or a read error).
        case closed
    }

    /// How long a lone Esc waits for the rest of an escape sequence, in milliseconds.
    static let escapeWait: Int32 = 50

    private let session: TerminalSession
    private let stopped = NSLock()
    private var isStopped = false

    /// Prepares to read the session's terminal.
    init(session: TerminalSession) {
        self.session = session
    }

    /// Starts the reading thread.
    ///
    /// - Parameter report: Receives each event, on the reading thread.
    func start(report: @escaping @Sendable (Event) -> Void) {
        let thread = Thread { [self] in readLoop(report: report) }
        thread.name = "tvm-search input"
        thread.start()
    }

    /// Asks the thread to stop; it ends within a fraction of a second and reads nothing more.
    func stop() {
        stopped.withLock { isStopped = true }
    }

    private var shouldStop: Bool { stopped.withLock { isStopped } }

    private func readLoop(report: @Sendable (Event) -> Void) {
        var decoder = LiveSearchKeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 1024)
        var descriptors = [
            pollfd(fd: session.fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: session.signalReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        while !shouldStop {
            let ready = poll(&descriptors, 2, decoder.hasPending ? Self.escapeWait : 200)
            if ready < 0 {
                guard errno == EINTR else { return report(.closed) }
                continue
            }
            guard !shouldStop else { return }
            if ready == 0 {
                if decoder.hasPending { report(.keys(decoder.flush())) }
                continue
            }
            if descriptors[1].revents != 0 {
                handleSignals(report: report)
            }
            guard descriptors[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(session.fd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return report(.closed) }
            var keys = decoder.feed(buffer[0..<count])
            // Ctrl-Z suspends here, as SIGTSTP does: the state never sees it.
            while let suspend = keys.firstIndex(of: .suspend) {
                if suspend > 0 { report(.keys(Array(keys[..<suspend]))) }
                keys.removeFirst(suspend + 1)
                session.suspend()
                report(.resize)
            }
            if !keys.isEmpty { report(.keys(keys)) }
        }
    }

    /// Drains the signal pipe: a size change is reported, any other signal ends the process.
    private func handleSignals(report: @Sendable (Event) -> Void) {
        var signals = [UInt8](repeating: 0, count: 16)
        let count = signals.withUnsafeMutableBytes { read(session.signalReadEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        var resized = false
        for byte in signals[0..<count] {
            let signal = Int32(byte)
            if signal == SIGWINCH {
                resized = true
            } else if signal == SIGTSTP {
                session.suspend()
                resized = true
            } else if signal == SIGCONT {
                session.resume()
                resized = true
            } else {
                session.restoreAndDie(of: signal)
            }
        }
        if resized { report(.resize) }
    }
}
