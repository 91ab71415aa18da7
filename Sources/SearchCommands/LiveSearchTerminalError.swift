import Foundation
import TVMRecords

/// What can go wrong with the terminal of the live search.
enum LiveSearchTerminalError: Error, LocalizedError {
    /// `tvm-search -i` was asked for, but the process has no controlling terminal.
    case noTerminal
    /// The terminal's modes could not be read or set.
    case cannotSetModes(String)

    var errorDescription: String? {
        switch self {
        case .noTerminal:
            return "-i needs a terminal, and /dev/tty cannot be opened: give a query instead"
        case .cannotSetModes(let reason):
            return "cannot put the terminal in raw mode: \(reason)"
        }
    }
}
