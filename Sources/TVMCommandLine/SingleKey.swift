#if canImport(Glibc)
    import Glibc
#endif

/// One key read from a terminal without waiting for Enter: the answer to a question whose default is "yes".
enum SingleKey {
    /// What the key said.
    enum Answer: Equatable {
        /// `r`, `y` or Enter: the default.
        case accept
        /// `c`, `n`, `q`, Esc, Ctrl-C, Ctrl-D, or the end of input.
        case decline
    }

    /// Reads keys from `fd` (a terminal) until one answers; other keys are ignored.
    ///
    /// The terminal is switched out of line mode, without echo and without signal keys (Ctrl-C is read as a key,
    /// so the terminal is always restored), and back to its settings before returning.
    /// - Parameter fd: An open terminal.
    /// - Returns: The answer; ``Answer/decline`` when `fd` reaches its end or fails.
    static func read(_ fd: Int32) -> Answer {
        var saved = termios()
        let isTerminal = tcgetattr(fd, &saved) == 0
        if isTerminal {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            tcsetattr(fd, TCSANOW, &raw)
        }
        defer { if isTerminal { tcsetattr(fd, TCSANOW, &saved) } }
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return .decline }
            if let answer = answer(to: byte) { return answer }
        }
    }

    /// The answer a key gives, or `nil` for a key that does not answer.
    static func answer(to byte: UInt8) -> Answer? {
        switch byte {
        case UInt8(ascii: "r"), UInt8(ascii: "R"), UInt8(ascii: "y"), UInt8(ascii: "Y"), 0x0D, 0x0A:
            return .accept
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "q"),
            UInt8(ascii: "Q"), 0x1B, 0x03, 0x04:
            return .decline
        default:
            return nil
        }
    }
}
