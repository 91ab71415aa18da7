import Foundation

/// An error while reading or writing JSON Lines.
///
/// Per-line problems (``invalidUTF8(line:offset:)``, ``invalidJSON(line:error:)``) are reported for that line
/// and the reader goes on with the next one. ``brokenPipe`` means the reader of our output went away
/// (`tvm-search … | head -1`): callers should stop writing and exit quietly.
public enum JSONLinesError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The line is not valid UTF-8; `offset` is the zero-based byte offset of the bad byte in the line.
    case invalidUTF8(line: Int, offset: Int)
    /// The line is valid UTF-8 but not exactly one valid JSON value.
    case invalidJSON(line: Int, error: RawJSONError)
    /// Reading the input failed with `errno`; `reason` is the system's text for it.
    case readFailed(errno: Int32, reason: String)
    /// Writing the output failed with `errno` (other than a broken pipe); `reason` is the system's text for it.
    case writeFailed(errno: Int32, reason: String)
    /// The output is a pipe whose reading end was closed (`EPIPE`).
    case brokenPipe
    /// A record handed to ``JSONLinesWriter`` contains a newline byte, which would split it across lines.
    case recordContainsNewline(offset: Int)
    /// The line, of `bytes`, is longer than the `limit` the reader takes
    /// (``JSONLinesReader/init(source:chunkSize:maxLineBytes:)``); `id` is the record's `id` when its first bytes
    /// carry one.
    case lineTooLong(line: Int, bytes: Int, limit: Int, id: Int?)
    /// A lone `{` (the input's first line, or where an element of an array laid out one per line belongs), or a
    /// lone `[` in such an array: a JSON value laid out over several lines, as `jq .` prints it, not JSON Lines.
    /// ``JSONLinesReader`` reads no further.
    case spreadOverLines(line: Int)

    /// The 1-based input line the error belongs to, if any.
    public var line: Int? {
        switch self {
        case .invalidUTF8(let line, _), .invalidJSON(let line, _), .lineTooLong(let line, _, _, _),
            .spreadOverLines(let line):
            return line
        case .readFailed, .writeFailed, .brokenPipe, .recordContainsNewline:
            return nil
        }
    }

    /// The same text as ``errorDescription``, so that `String(describing:)` and interpolation read well.
    public var description: String {
        errorDescription ?? "invalid"
    }

    /// A sentence saying what is wrong, quoting the line number or system error.
    public var errorDescription: String? {
        switch self {
        case .invalidUTF8(let line, let offset):
            return "line \(line): invalid UTF-8 at byte \(offset); input must be UTF-8 encoded JSON, one value per line"
        case .invalidJSON(let line, let error):
            return "line \(line): invalid JSON: \(error.errorDescription ?? "invalid")"
        case .readFailed(let errno, let reason):
            return "cannot read input: \(reason) (errno \(errno))"
        case .writeFailed(let errno, let reason):
            return "cannot write output: \(reason) (errno \(errno))"
        case .brokenPipe:
            return "cannot write output: the reading end of the pipe was closed"
        case .recordContainsNewline(let offset):
            return "record contains a newline at byte \(offset); write compact JSON (see RawJSON.compact) instead"
        case .lineTooLong(let line, let bytes, let limit, let id):
            return "line \(line): \(id.map { "record \($0)" } ?? "a record") is \(ByteSize(bytes: bytes)), larger than "
                + "the \(ByteSize(bytes: limit)) any TVMaze record takes; left out"
        case .spreadOverLines(let line):
            return "line \(line): pretty-printed JSON (a value spread over several lines) is not JSON Lines, and "
                + "nothing from here on was read; put one record on each line with jq -c . (for an array: jq -c '.[]')"
        }
    }

    /// The system's text for `code`, e.g. "Bad file descriptor".
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
