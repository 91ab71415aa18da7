import ArgumentParser
import Foundation
import TVMRecords
import TVMazeAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The account of a batch: the records that still failed after their retries, each reported as it fails, the
/// run going on with the next, and a count at the end.
///
/// One rule for every tool that fetches a record per input: a record that fails is reported on stderr with its
/// input line number and id (`stdin line 3: show 139: …`), its input line is written to `--failed FILE`, the
/// exit status becomes the most serious one met, and the run ends with `tvm-fetch: 2 of 70 records failed (ids
/// 139, 43)`. A run of a single record keeps the original app specification's message (``ToolRuntime/report(_:)``) instead.
/// Used from one task at a time.
package final class BatchLedger: @unchecked Sendable {
    private let runtime: ToolRuntime
    private let failedPath: String?
    private var failedFile: Int32?
    private var attempts = 0
    private var failures: [(id: Int?, error: APIError)] = []
    /// The first failure of a run that may yet prove to be a single record: reported once it is not.
    private var held: (id: Int?, line: Int?, error: APIError)?

    /// Starts the account; with `--failed`, creates (or empties) the file first, so that nothing is fetched
    /// when the failures could not be kept.
    ///
    /// - Parameters:
    ///   - runtime: The run.
    ///   - options: The batch options.
    /// - Throws: `ExitCode(74)` after reporting a file that cannot be written.
    package init(runtime: ToolRuntime, options: BatchOptions) throws {
        self.runtime = runtime
        failedPath = options.failedFile
        if let path = options.failedFile {
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                runtime.diagnostics.error("--failed \(path): \(String(cString: strerror(errno)))")
                throw ExitCode(ExitStatus.ioError.rawValue)
            }
            failedFile = fd
        }
    }

    deinit {
        if let failedFile { close(failedFile) }
    }

    /// Counts one more record of the batch, before it is fetched.
    package func begin() {
        attempts += 1
        if attempts == 2, let held {
            reportEach(id: held.id, line: held.line, error: held.error)
            self.held = nil
        }
    }

    /// Reports a record that failed after its retries, and keeps its input line.
    ///
    /// - Parameters:
    ///   - id: The show id, when the input named one.
    ///   - line: The stdin line number, or `nil` for an argument.
    ///   - input: The input line (the record, or the id as text), written to `--failed`.
    ///   - error: What went wrong.
    package func failed(id: Int?, line: Int?, input: [UInt8], error: APIError) {
        failures.append((id, error))
        runtime.raise(ExitStatus.of(error))
        if let failedFile, !Self.writeLine(input, to: failedFile) {
            runtime.diagnostics.error("--failed \(failedPath ?? ""): \(String(cString: strerror(errno)))")
            runtime.raise(.ioError)
            close(failedFile)
            self.failedFile = nil
        }
        if attempts <= 1 {
            held = (id, line, error)
        } else {
            reportEach(id: id, line: line, error: error)
        }
    }

    /// Ends the account: the single record's message, or the batch's count.
    package func finish() {
        if let held, attempts <= 1 {
            runtime.report(held.error)
            return
        }
        guard !failures.isEmpty else { return }
        let ids = failures.compactMap(\.id).map(String.init)
        var text = "\(failures.count) of \(attempts) records failed"
        if !ids.isEmpty { text += " (ids \(ids.prefix(20).joined(separator: ", "))\(ids.count > 20 ? ", …" : ""))" }
        if let failedPath {
            text += "; their input lines are in \(failedPath): pipe it back in to try them again"
        } else {
            text += "; --failed FILE keeps their input lines for another try"
        }
        runtime.diagnostics.error(text)
    }

    /// Writes `line` and a newline to `fd`, whole; `false` on a write error (`errno` says which).
    private static func writeLine(_ line: [UInt8], to fd: Int32) -> Bool {
        let bytes = line + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private func reportEach(id: Int?, line: Int?, error: APIError) {
        var prefix = line.map { "stdin line \($0): " } ?? ""
        if let id { prefix += "show \(id): " }
        runtime.diagnostics.error(prefix + error.localizedDescription)
    }
}
