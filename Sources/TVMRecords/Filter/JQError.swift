import Foundation

/// An error from compiling or running a jq program with ``JQFilter`` or ``JQEngine``.
///
/// Messages are jq 1.6's own text. The two run-time cases, ``runtime(message:outputs:)`` and
/// ``halted(exitCode:message:outputs:)``, carry the outputs the program produced for the same input before it
/// stopped: the jq command line prints those outputs and then the error, and a caller that wants to behave the
/// same way writes ``outputs`` first and reports the error after.
public enum JQError: Error, LocalizedError, Equatable {
    /// The program does not compile.
    ///
    /// `message` is what jq reported, one message per line with trailing newlines removed, for example
    /// `jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n.a[\n`
    /// `jq: 1 compile error`. A missing module (`import "x" as x;`) is a compile error too.
    case compile(program: String, message: String)

    /// The text of a ``JQArgument/json(_:)`` argument is not exactly one JSON value.
    ///
    /// `message` is jq's parser message, for example `Unfinished JSON term at EOF at line 1, column 5`.
    case invalidArgumentJSON(name: String, text: String, message: String)

    /// The input handed to `apply(toJSON:)` is not exactly one JSON value.
    ///
    /// `message` is jq's parser message; `excerpt` is the start of the input (at most 80 characters,
    /// followed by `…` when cut).
    case invalidInputJSON(message: String, excerpt: String)

    /// The program raised an error that it did not catch (`error("x")`, `.a` on a number, …).
    ///
    /// `message` is the error value: a string error as its raw text, any other value as compact JSON (the jq
    /// command line marks that case `(not a string)`). `outputs` holds what the program produced before the
    /// error. jq 1.6 treats `error(null)` like `empty`, not as an error.
    case runtime(message: String, outputs: [JQOutput])

    /// The program called `halt` or `halt_error`: jq's documented meaning is "stop the whole jq run now".
    ///
    /// The values follow the jq 1.6 command line: `halt` gives exit code 0 and no message; `halt_error` and
    /// `halt_error(code)` give `code` (default 5; a fractional code is truncated like C does) and a message that
    /// is exactly what jq writes to stderr: a string input as its raw text with nothing added (not even a
    /// newline), `null` as no message (`nil`), and any other value as compact JSON followed by a newline.
    /// `outputs` holds what the program produced before halting. A process reproducing jq exits with
    /// `exitCode` (the system keeps its low 8 bits).
    case halted(exitCode: Int32, message: String?, outputs: [JQOutput])

    /// libjq could not be loaded: it is opened when the first filter is compiled, not when a tool starts.
    ///
    /// `reason` is the dynamic loader's, for example `libjq.so.1: cannot open shared object file: No such file or
    /// directory`.
    case unavailable(reason: String)

    /// The outputs produced before a run-time error or halt; empty for the other cases.
    public var outputs: [JQOutput] {
        switch self {
        case .runtime(_, let outputs), .halted(_, _, let outputs):
            return outputs
        case .compile, .invalidArgumentJSON, .invalidInputJSON, .unavailable:
            return []
        }
    }

    /// A program as messages quote it: whole up to 200 characters, else its first 200 and `…`.
    static func excerpt(_ program: String) -> String { Excerpt.of(program, limit: 200) }

    /// The message for this error in a run of `program`, which explains jq 1.6's bare `break` for `input` and
    /// `inputs`: each record is filtered alone, so there is no further input to read.
    ///
    /// - Parameter program: The program that raised the error.
    /// - Returns: The description, or the explanation.
    public func description(running program: String) -> String {
        if case .runtime("break", _) = self,
            program.range(of: #"(^|[^.\w$])inputs?\b"#, options: .regularExpression) != nil
        {
            return "input and inputs read further records, and --jq filters each record alone, so there is "
                + "nothing more to read; to combine records, pipe the output into jq itself, e.g. | jq -n '[inputs]'"
        }
        return localizedDescription
    }

    /// The same error with `outputs` in front of the outputs it carries (run-time errors and halts only).
    func adding(outputs earlier: [JQOutput]) -> JQError {
        switch self {
        case .runtime(let message, let outputs): return .runtime(message: message, outputs: earlier + outputs)
        case .halted(let code, let message, let outputs):
            return .halted(exitCode: code, message: message, outputs: earlier + outputs)
        case .compile, .invalidArgumentJSON, .invalidInputJSON, .unavailable: return self
        }
    }

    /// A description that quotes jq's message and the offending program, argument or input.
    public var errorDescription: String? {
        switch self {
        case .compile(let program, let message):
            // jq's own message quotes the program's line too: each line is cut to 200 characters as well.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
                Self.excerpt(String($0))
            }
            // A program of several lines (a --jq-file) is not quoted: jq's message quotes the line at fault.
            let text = program.trimmingCharacters(in: .whitespacesAndNewlines)
            let named = text.contains("\n") ? "the jq program" : "the jq program '\(Self.excerpt(text))'"
            return "\(named) does not compile; fix it (jq 1.6 syntax):\n" + lines.joined(separator: "\n")
        case .invalidArgumentJSON(let name, let text, let message):
            return "the value of jq argument $\(name) is not one JSON value (\(message)): '\(text)'; "
                + "quote it as JSON or pass it as a string argument"
        case .invalidInputJSON(let message, let excerpt):
            return "the input is not one JSON value (\(message)): '\(excerpt)'"
        case .runtime(let message, _):
            return "jq error: \(message)"
        case .unavailable(let reason):
            return "libjq is needed for a jq filter and could not be loaded (\(reason)); install it "
                + "(Debian: apt-get install libjq1), or set TVM_LIBJQ to the library's path"
        case .halted(let exitCode, let message, _):
            guard let message, !message.isEmpty else {
                return "the jq program halted with exit status \(exitCode)"
            }
            let trimmed = message.hasSuffix("\n") ? String(message.dropLast()) : message
            return "the jq program halted with exit status \(exitCode): \(trimmed)"
        }
    }
}
