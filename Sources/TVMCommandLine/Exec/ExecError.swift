import Foundation

/// Why a command given to `--exec` could not be read or started.
package enum ExecError: Error, LocalizedError, Equatable {
    /// The command line uses shell syntax that only a shell runs: a pipe, a redirection, `;`, `&`, a command
    /// substitution.
    case needsShell(command: String, syntax: String)
    /// A quote is never closed.
    case unterminatedQuote(command: String)
    /// The command line has no words.
    case empty
    /// The program is not on `PATH`, or cannot be executed.
    case notFound(program: String)
    /// The operating system refused to start the program (a pipe or process could not be made).
    case cannotStart(program: String, errno: Int32)

    /// A readable description that quotes the command and says what to do.
    package var errorDescription: String? {
        switch self {
        case .needsShell(let command, let syntax):
            return "--exec '\(command)' uses \(syntax), which needs a shell: tvm runs the command without one; "
                + "give --exec \"sh -c '…'\" (the event's parts are in TVM_SHOW, TVM_SUMMARY …)"
        case .unterminatedQuote(let command):
            return "--exec '\(command)' has a quote that is never closed"
        case .empty:
            return "--exec needs a command, such as --exec 'notify-send \"$TVM_SHOW\" \"$TVM_SUMMARY\"'"
        case .notFound(let program):
            return "--exec: '\(program)' was not found on PATH, or is not executable; install it or give its full path"
        case .cannotStart(let program, let code):
            return "--exec: cannot start '\(program)': \(String(cString: strerror(code)))"
        }
    }
}
