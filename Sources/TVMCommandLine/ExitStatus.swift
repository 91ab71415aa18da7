import ArgumentParser
import TVMRecords

/// The exit codes shared by every tvm tool (after BSD's sysexits.h).
package enum ExitStatus: Int32, CaseIterable, Sendable, Comparable {
    /// Everything worked.
    case ok = 0
    /// Not found, or no results.
    case notFound = 1
    /// Partial success: some items failed after their retries, the rest were done (`tvm-fav refresh`).
    case partial = 3
    /// Usage error, including a bad jq filter.
    case usage = 64
    /// Bad input data (a malformed stdin line).
    case badInput = 65
    /// Service unavailable: the connection failed, 5xx persisted after retries, or libjq (for --jq) is missing.
    case unavailable = 69
    /// Local I/O error, or a resource limit too low to run (`ulimit -n`, `ulimit -v`).
    case ioError = 74
    /// Temporary failure: the rate limit or a timeout persisted after retries.
    case temporary = 75
    /// Permission denied: TVMaze refused the account's credentials, or none are stored (`EX_NOPERM`).
    case noPermission = 77
    /// Cancelled by the user: Esc or Ctrl-C in `tvm-search -i` (128 + SIGINT, as shells report an interrupt).
    case cancelled = 130

    /// What the code means, as the help and man pages print it.
    package var meaning: String {
        switch self {
        case .ok: return "ok"
        case .notFound: return "not found, or no results"
        case .partial: return "partial success: some items failed (each named on stderr), the rest were done"
        case .usage: return "usage error, including a bad jq filter"
        case .badInput:
            return "bad input data (each bad stdin line is reported with its number), or an answer from TVMaze that "
                + "cannot be right (a record other than the one asked for, a redirect off the API's host or a "
                + "redirect loop, an unusable updates list, a catalogue sync that would remove more than 5% of the "
                + "shows)"
        case .unavailable:
            return "service unavailable: the connection failed, 5xx persisted after retries, or libjq is missing"
        case .ioError: return "local I/O error, or too low a ulimit -n or -v"
        case .temporary: return "temporary failure: the rate limit or a timeout persisted after retries"
        case .noPermission: return "permission denied: TVMaze refused the credentials (run tvm-fav login)"
        case .cancelled: return "cancelled by the user (Esc or Ctrl-C in tvm-search -i)"
        }
    }

    /// The exit-code table, as printed at the end of every tool's `--help`.
    package static var table: String {
        let rows = allCases.map { status in
            let code = String(status.rawValue)
            return "  " + code + String(repeating: " ", count: max(0, 4 - code.count)) + status.meaning
        }
        return (["EXIT STATUS"] + rows).joined(separator: "\n")
    }

    /// Orders codes by severity, so that a run remembers the most serious problem it met.
    package static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
