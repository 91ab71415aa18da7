import Foundation
import TVMRecords
import TVMTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the pipe the signal handler wakes the input thread through; -1 when no session is open.
private nonisolated(unsafe) var signalPipeWriteEnd: Int32 = -1

/// The signals that end the process, SIGWINCH, and the job-control signals SIGTSTP and SIGCONT: each is turned into
/// a byte on the signal pipe, so the terminal is put back by ordinary code holding the session's lock, never
/// inside a signal handler.
private let watchedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

/// Catches `signal` by writing its number to the signal pipe.
private func forwardToSignalPipe(_ signal: Int32) {
    Glibc.signal(signal) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalPipeWriteEnd, &byte, 1)
    }
}

/// The controlling terminal, `/dev/tty`, while the live search draws on it.
///
/// ``enter()`` saves the terminal's modes, switches to raw mode (no echo, no line editing, no signals from
/// Ctrl-C) and to the alternate screen; ``restore()`` puts everything back and is safe to call more than once,
/// from any thread. Every write holds the same lock as ``restore()``, so no frame is drawn after the terminal
/// has been restored. While a session is entered, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP and SIGCONT
/// are caught and reported through ``signalReadEnd`` (one byte per signal, its number), for the input thread to
/// act on.
///
/// Job control works as for other full-screen programs: ``suspend()`` (Ctrl-Z or SIGTSTP) puts the terminal back
/// and stops the process; when it continues, or after any SIGCONT, ``resume()`` enters raw mode and the alternate
/// screen again, for a redraw. A session started in the background (`tvm-search -i &`) stops with SIGTTOU until
/// the shell brings it to the foreground, instead of drawing over the shell.
final class TerminalSession: @unchecked Sendable {
    /// The terminal's file descriptor.
    let fd: Int32
    /// The read end of the signal pipe.
    let signalReadEnd: Int32
    private let signalWriteEnd: Int32
    private let lock = NSLock()
    private var savedModes: termios?
    /// Whether the terminal was put back for a stop (Ctrl-Z) and the process has not resumed yet.
    private var suspended = false

    private init(fd: Int32, signalPipe: (read: Int32, write: Int32)) {
        self.fd = fd
        self.signalReadEnd = signalPipe.read
        self.signalWriteEnd = signalPipe.write
    }

    deinit {
        restore()
        close(fd)
        close(signalReadEnd)
        close(signalWriteEnd)
    }

    /// Opens `/dev/tty`, or returns `nil` when the process has no controlling terminal.
    static func open() -> TerminalSession? {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(fd)
            return nil
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return TerminalSession(fd: fd, signalPipe: (ends[0], ends[1]))
    }

    /// Whether the process has a controlling terminal: `/dev/tty` opens.
    static var isAvailable: Bool {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// Whether a person can use the live search here: `/dev/tty` opens and this process is in the terminal's
    /// foreground (a background job or a test runner's child would be stopped by the first read).
    static var isAvailableInForeground: Bool {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return tcgetpgrp(fd) == getpgrp()
    }

    /// The terminal's size, or 80×24 when it cannot be read.
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Saves the modes, enters raw mode and the alternate screen, and starts catching the signals.
    ///
    /// In the background, waits (stopped) for the foreground first.
    /// - Throws: ``LiveSearchTerminalError`` when the modes cannot be read or set.
    func enter() throws {
        waitForForeground()
        try lock.withLock {
            var modes = termios()
            guard tcgetattr(fd, &modes) == 0 else { throw LiveSearchTerminalError.cannotSetModes(Self.errnoText()) }
            signalPipeWriteEnd = signalWriteEnd
            for signal in watchedSignals { forwardToSignalPipe(signal) }
            var raw = Self.raw(modes)
            guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
                let reason = Self.errnoText()
                for signal in watchedSignals { Glibc.signal(signal, SIG_DFL) }
                throw LiveSearchTerminalError.cannotSetModes(reason)
            }
            savedModes = modes
            writeAll(LiveSearchRenderer.enterScreen)
        }
    }

    /// Raw mode: no echo, no line editing, no signals from Ctrl-C or Ctrl-Z (they arrive as keys).
    private static func raw(_ modes: termios) -> termios {
        var raw = modes
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Stops this process (SIGTTOU, as the shell expects of a background job that wants the terminal) until
    /// it is in the terminal's foreground.
    private func waitForForeground() {
        while true {
            let group = tcgetpgrp(fd)
            if group < 0 || group == getpgrp() { return }
            kill(0, SIGTTOU)
            // An orphaned process group is not stopped by SIGTTOU: do not spin while waiting.
            usleep(100_000)
        }
    }

    /// Ctrl-Z or SIGTSTP: puts the terminal back as it was, stops the process, and when it is continued (`fg`)
    /// enters raw mode and the alternate screen again. The caller redraws.
    func suspend() {
        let wasEntered = lock.withLock { () -> Bool in
            guard var modes = savedModes else { return false }
            writeAll(LiveSearchRenderer.leaveScreen)
            while tcsetattr(fd, TCSADRAIN, &modes) != 0 && errno == EINTR {}
            suspended = true
            return true
        }
        guard wasEntered else { return }
        Glibc.signal(SIGTSTP, SIG_DFL)
        // To the process group, as a shell's Ctrl-Z would. This thread may block signals (it inherits a dispatch
        // worker's mask), so it unblocks SIGTSTP first: Linux then gives the signal to this thread, which stops
        // before kill(2) returns, never running on into resume() with the stop still to come.
        var stop = sigset_t()
        var previous = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
        kill(0, SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        // Continued.
        forwardToSignalPipe(SIGTSTP)
        resume()
    }

    /// After SIGCONT: waits for the foreground, then enters raw mode and the alternate screen again (a shell
    /// may have reset the terminal's modes while the process was stopped). The caller redraws.
    func resume() {
        waitForForeground()
        lock.withLock {
            guard let modes = savedModes else { return }
            var raw = Self.raw(modes)
            while tcsetattr(fd, TCSANOW, &raw) != 0 && errno == EINTR {}
            if suspended { writeAll(LiveSearchRenderer.enterScreen) }
            suspended = false
        }
    }

    /// Draws bytes on the terminal, unless it has been restored already.
    ///
    /// - Parameter bytes: What to write.
    func draw(_ bytes: [UInt8]) {
        lock.withLock {
            guard savedModes != nil, !suspended else { return }
            writeAll(bytes)
        }
    }

    /// Leaves the alternate screen, puts the saved modes back and lets the signals act as usual again.
    ///
    /// Does nothing when the session was never entered or is restored already.
    func restore() {
        lock.withLock {
            guard var modes = savedModes else { return }
            savedModes = nil
            if !suspended { writeAll(LiveSearchRenderer.leaveScreen) }
            suspended = false
            while tcsetattr(fd, TCSADRAIN, &modes) != 0 && errno == EINTR {}
            for signal in watchedSignals { Glibc.signal(signal, SIG_DFL) }
        }
    }

    /// Restores the terminal, then ends the process with `signal` as its default action would have.
    ///
    /// - Parameter signal: SIGINT, SIGTERM, SIGHUP or SIGQUIT.
    func restoreAndDie(of signal: Int32) -> Never {
        restore()
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        exit(128 + signal)
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
