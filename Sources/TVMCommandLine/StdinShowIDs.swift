import TVMRecords
import TVMazeAPI

/// Reads show ids from standard input: show records, search results or bare numbers, one per line.
package enum StdinShowIDs {
    /// Calls `body` with each show id on stdin, in order, as lines arrive.
    ///
    /// A line that is not valid JSON, or not one of the accepted forms, is reported with its line number
    /// and skipped; the run's status becomes 65 (bad input data).
    /// - Parameters:
    ///   - runtime: Where problems are reported.
    ///   - command: The command as typed, `tvm-fetch show`, for the hint when stdin is a terminal.
    ///   - body: Called with each id, the line's number and the line's record.
    /// - Throws: ``StdinIsTerminal`` when stdin is a terminal, whatever `body` throws, or a read error on stdin.
    package static func forEach(
        runtime: ToolRuntime,
        command: String,
        _ body: (Int, Int, [UInt8]) async throws -> Void
    ) async throws {
        try await forEachShow(runtime: runtime, command: command) { show, number, record in
            try await body(show.id, number, record)
        }
    }

    /// Calls `body` with each show on stdin as ``forEach(runtime:command:_:)`` does, with the name and
    /// `averageRuntime` the line gives for it.
    ///
    /// - Parameters:
    ///   - runtime: Where problems are reported.
    ///   - command: The command as typed, for the hint when stdin is a terminal.
    ///   - body: Called with each show, the line's number and the line's record.
    /// - Throws: ``StdinIsTerminal`` when stdin is a terminal, whatever `body` throws, or a read error on stdin.
    package static func forEachShow(
        runtime: ToolRuntime,
        command: String,
        _ body: (ReferencedShow, Int, [UInt8]) async throws -> Void
    ) async throws {
        try await StdinRecords.forEach(runtime: runtime, command: command) { number, record in
            do {
                try await body(try ShowReference.show(fromLine: record), number, record)
            } catch let error as ShowReferenceError {
                runtime.diagnostics.error("stdin line \(number): \(error.localizedDescription)")
                runtime.raise(.badInput)
            }
        }
    }
}

/// Reads JSON Lines records from standard input.
package enum StdinRecords {
    /// Calls `body` with each valid JSON line on stdin (line number, compact bytes), in order.
    ///
    /// Malformed lines, and lines over ``APIClient/maxRecordBytes``, are reported with their numbers and skipped;
    /// the status becomes 65. A terminal on stdin
    /// is not read: someone who typed `tvm-fetch show` without ids would otherwise wait without a word.
    /// - Parameters:
    ///   - runtime: Where problems are reported.
    ///   - command: The command as typed, `tvm-fav add`, for the hint when stdin is a terminal.
    ///   - body: Called for each good line.
    /// - Throws: ``StdinIsTerminal`` when stdin is a terminal, or whatever `body` throws.
    package static func forEach(
        runtime: ToolRuntime,
        command: String,
        _ body: (Int, [UInt8]) async throws -> Void
    ) async throws {
        if runtime.terminal.stdinIsTTY { throw StdinIsTerminal(command: command) }
        // A line is one TVMaze record (or an id): one over the API's record cap is left out, never held whole.
        for try await line in AsyncJSONLines(source: runtime.standardInput(), maxLineBytes: APIClient.maxRecordBytes) {
            switch line.result {
            case .success(let record):
                try await body(line.number, record)
            case .failure(let error):
                runtime.diagnostics.error("stdin \(error.localizedDescription)")
                runtime.raise(.badInput)
            }
        }
    }
}
