import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// What the process is connected to: terminals, their width, and whether colour is wanted.
package struct Terminal: Sendable {
    /// Whether standard input is a terminal.
    package var stdinIsTTY: Bool
    /// Whether standard output is a terminal.
    package var stdoutIsTTY: Bool
    /// Whether standard error is a terminal.
    package var stderrIsTTY: Bool
    /// Whether standard output is a pipe or a socket: a reader that may go away before reading what was written.
    package var stdoutIsPipe: Bool
    /// The environment the decisions were made from.
    package var environment: [String: String]
    /// Whether the size comes from the process's terminals before `COLUMNS` and `LINES`.
    package var measuresScreen: Bool

    /// Describes streams and an environment.
    package init(
        stdinIsTTY: Bool, stdoutIsTTY: Bool, stderrIsTTY: Bool, environment: [String: String],
        measuresScreen: Bool = true, stdoutIsPipe: Bool = false
    ) {
        self.stdinIsTTY = stdinIsTTY
        self.stdoutIsTTY = stdoutIsTTY
        self.stderrIsTTY = stderrIsTTY
        self.stdoutIsPipe = stdoutIsPipe
        self.environment = environment
        self.measuresScreen = measuresScreen
    }

    /// Reads the process's own streams and environment.
    package static func current() -> Terminal {
        Terminal(
            stdinIsTTY: isatty(0) == 1,
            stdoutIsTTY: isatty(1) == 1,
            stderrIsTTY: isatty(2) == 1,
            environment: ProcessInfo.processInfo.environment,
            stdoutIsPipe: isPipe(1)
        )
    }

    /// Whether a descriptor is a pipe (FIFO) or a socket.
    private static func isPipe(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Whether messages on stderr may be coloured: only on a terminal, never with `NO_COLOR` set to a non-empty
    /// value (per no-color.org, `NO_COLOR=` set but empty does not count), `TERM=dumb` or `--no-color`.
    ///
    /// - Parameter noColorFlag: Whether `--no-color` was given.
    /// - Returns: `true` when ANSI colour may be used on stderr.
    package func stderrColor(noColorFlag: Bool) -> Bool {
        stderrIsTTY && colorAllowed(noColorFlag: noColorFlag)
    }

    /// Whether output on stdout may be coloured (tables on a terminal), by the same rules.
    ///
    /// - Parameter noColorFlag: Whether `--no-color` was given.
    /// - Returns: `true` when ANSI colour may be used on stdout.
    package func stdoutColor(noColorFlag: Bool) -> Bool {
        stdoutIsTTY && colorAllowed(noColorFlag: noColorFlag)
    }

    /// Whether colour may be used on a terminal at all, whichever stream it is reached through (`/dev/tty` for
    /// `tvm-search -i`): never with `NO_COLOR`, `TERM=dumb` or `--no-color`.
    ///
    /// - Parameter noColorFlag: Whether `--no-color` was given.
    /// - Returns: `true` when ANSI colour may be used.
    package func colorAllowed(noColorFlag: Bool) -> Bool {
        !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// The width of the terminal on stdout (or stderr), else `COLUMNS`, else 80.
    package var width: Int { dimension(\.ws_col, variable: "COLUMNS", fallback: 80) }

    /// The height of the terminal on stdout (or stderr), else `LINES`, else 24.
    package var height: Int { dimension(\.ws_row, variable: "LINES", fallback: 24) }

    /// One dimension of the first of stdout, stderr and stdin that is a terminal with a size, else the
    /// environment variable, else the fallback.
    private func dimension(_ field: KeyPath<winsize, UInt16>, variable: String, fallback: Int) -> Int {
        for fd: Int32 in [1, 2, 0] where measuresScreen {
            if let size = Self.size(of: fd), size[keyPath: field] > 0 { return Int(size[keyPath: field]) }
        }
        if let value = environment[variable].flatMap(Int.init), value > 0 { return value }
        return fallback
    }

    /// The size of the terminal on a file descriptor, or `nil` when it is not a terminal.
    static func size(of fd: Int32) -> winsize? {
        var size = winsize()
        return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
    }
}
