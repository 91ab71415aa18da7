import Foundation
import TVMRecords

/// How records look on a terminal: a table of all of them, or a detail view of each.
public protocol TerminalView: Sendable {
    /// Whether each record is rendered on its own as it arrives (a detail view), rather than all together.
    var rendersEachRecord: Bool { get }

    /// Renders records for a terminal.
    ///
    /// - Parameters:
    ///   - records: Compact JSON records.
    ///   - width: The terminal width in columns.
    ///   - color: Whether ANSI styling may be used.
    /// - Returns: The text to print, ending with a newline.
    func render(_ records: [[UInt8]], width: Int, color: Bool) -> String
}

/// A `--jq` program asked to stop (`halt`, `halt_error`): the tool ends with this status.
public struct FilterHalt: Error, Sendable {
    /// The exit status jq asked for.
    public let status: Int32
}

/// Writes a tool's records to standard output in the chosen format, through `--jq` when given.
///
/// JSON Lines and JSON are written as the records arrive; a table waits for all of them, so its columns fit.
/// Used from one task: it is not thread-safe.
public final class RecordOutput {
    private enum Mode {
        case lines
        case jsonArray
        case view(any TerminalView)
    }

    private let mode: Mode
    private let writer: JSONLinesWriter
    private let jq: JQEngine?
    private let diagnostics: Diagnostics
    private let width: Int
    private let color: Bool
    private var pending: [[UInt8]] = []
    private var count = 0
    private var jqFailed = false
    /// Records waiting for the `--jq` filter: they go to the filter's thread together, not one hop each.
    private var filterPending: [String] = []
    /// How many records go to the filter's thread at once. Issue 15 suspected the hop per record of making
    /// `--jq .name` over 50,000 shows cost 1.7x `jq -r .name`; with batches it is still 1.7x (Benchmarks/jq.sh), and
    /// perf puts the time in parsing (jq's `jv_parser_next`, tvm's own scan of each record), not in the hops.
    private static let filterBatch = 64

    /// How many records were written (or, with `--jq`, given to the filter).
    public var recordCount: Int { count }

    /// Whether some record made the `--jq` filter fail at run time.
    public var filterFailed: Bool { jqFailed }

    init(
        format: OutputFormat,
        view: (any TerminalView)?,
        jq: JQEngine?,
        sink: FileDescriptorSink,
        terminal: Terminal,
        color: Bool,
        diagnostics: Diagnostics
    ) {
        switch format {
        case .jsonl, .ics: mode = .lines
        case .json: mode = .jsonArray
        case .table: mode = view.map { .view($0) } ?? .lines
        case .auto: mode = terminal.stdoutIsTTY && jq == nil ? (view.map { .view($0) } ?? .lines) : .lines
        }
        self.writer = JSONLinesWriter(sink: sink)
        self.jq = jq
        self.diagnostics = diagnostics
        self.width = terminal.width
        self.color = color
    }

    /// Writes one record.
    ///
    /// - Parameter record: A compact JSON record.
    /// - Throws: ``FilterHalt`` when the filter halts; a write error (a closed pipe, a full disk).
    public func emit(_ record: [UInt8]) async throws {
        if jq != nil {
            count += 1
            filterPending.append(String(decoding: record, as: UTF8.self))
            if filterPending.count >= Self.filterBatch { try await drainFilter() }
            return
        }
        try emitUnfiltered(record)
    }

    /// Writes one record of an output without `--jq`, without suspending.
    ///
    /// - Parameter record: A compact JSON record.
    /// - Throws: A write error (a closed pipe, a full disk).
    /// - Precondition: The output has no `--jq` filter (``ToolRuntime/makeUnfilteredOutput(view:)``).
    public func emitUnfiltered(_ record: [UInt8]) throws {
        precondition(jq == nil, "a --jq output needs emit(_:)")
        count += 1
        switch mode {
        case .lines:
            try writer.write(record: record)
        case .jsonArray:
            try writer.write(line: count == 1 ? "[" : ",")
            try writer.write(record: record)
        case .view(let view):
            if view.rendersEachRecord {
                let text = view.render([record], width: width, color: color)
                try writer.write(line: (count > 1 ? "\n" : "") + String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
                try writer.flush()
            } else {
                pending.append(record)
            }
        }
    }

    /// Writes several records, then flushes them so a reader downstream sees the batch at once.
    ///
    /// - Parameter records: Compact JSON records.
    /// - Throws: As ``emit(_:)``.
    public func emit(batch records: [[UInt8]]) async throws {
        for record in records { try await emit(record) }
        try await flush()
    }

    /// Writes records that belong together, such as one show's episodes, then flushes them.
    ///
    /// JSON Lines, JSON and `--jq` output treat them as separate records, exactly as ``emit(batch:)`` does. A
    /// terminal view that renders as records arrive renders the group in one call instead, so it can lay the
    /// records out together (headings, aligned columns) while a long stream still appears group by group.
    ///
    /// - Parameter records: Compact JSON records.
    /// - Throws: As ``emit(_:)``.
    public func emit(group records: [[UInt8]]) async throws {
        guard jq == nil, case .view(let view) = mode, view.rendersEachRecord else {
            try await emit(batch: records)
            return
        }
        guard !records.isEmpty else { return }
        let text = view.render(records, width: width, color: color)
        try writer.write(line: (count > 0 ? "\n" : "") + String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
        count += records.count
        try writer.flush()
    }

    /// Runs the records waiting for the filter, then flushes buffered output.
    ///
    /// - Throws: ``FilterHalt`` when the filter halts; a write error.
    public func flush() async throws {
        try await drainFilter()
        try writer.flush()
    }

    /// Ends the output: runs the records waiting for the filter, closes a JSON array, renders a table, flushes.
    ///
    /// - Throws: ``FilterHalt`` when the filter halts; a write error.
    public func finish() async throws {
        try await drainFilter()
        try finishUnfiltered()
    }

    /// Ends an output without `--jq`, without suspending: closes a JSON array, renders a table, flushes.
    ///
    /// - Throws: A write error.
    /// - Precondition: No record waits for a filter (the output has none, or ``finish()`` drained it).
    public func finishUnfiltered() throws {
        precondition(filterPending.isEmpty, "records still wait for the --jq filter: call finish()")
        if jq == nil {
            switch mode {
            case .jsonArray:
                try writer.write(line: count == 0 ? "[]" : "]")
            case .view(let view) where !view.rendersEachRecord:
                let text = view.render(pending, width: width, color: color)
                pending.removeAll()
                try writer.write(line: String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
            default:
                break
            }
        }
        try writer.flush()
    }

    /// Runs the records waiting for the filter on its thread; each output is written as jq produces it.
    private func drainFilter() async throws {
        guard let jq, !filterPending.isEmpty else { return }
        let batch = filterPending
        filterPending.removeAll(keepingCapacity: true)
        let firstNumber = count - batch.count + 1
        let writer = self.writer
        let result = try await jq.apply(batch: batch, to: JQOutputSink { try writer.write(line: $0.text) })
        for (index, error) in result.failures {
            jqFailed = true
            diagnostics.error("--jq: \(error.description(running: jq.program)) (record \(firstNumber + index))")
        }
        if case .halted(let code, let message, _)? = result.halt {
            try writer.flush()
            if let message { diagnostics.raw(message) }
            throw FilterHalt(status: code)
        }
    }
}
