import Foundation
import TVMRecords
import TVMTerminal
import TVMText

/// How records look on a terminal: a table of all of them, or a detail view of each.
package protocol TerminalView: Sendable {
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

    /// The view as a table of columns and cells, for `--format csv|tsv`; `nil` when it is not a table.
    var table: (any TabularView)? { get }
}

/// A `--jq` program asked to stop (`halt`, `halt_error`): the tool ends with this status.
package struct FilterHalt: Error, Sendable {
    /// The exit status jq asked for.
    package let status: Int32
}

/// `--limit` was reached: the output is finished, and the tool should stop asking for more.
package struct OutputLimitReached: Error, Sendable {}

/// Writes a tool's records to standard output in the chosen format, through `--fields` and `--jq` when given.
///
/// Each record is first reduced to `--fields`, then run through `--jq`; what comes out is written as JSON Lines,
/// one JSON array, CSV or TSV as it arrives, or gathered into a table, whose columns must fit every row. A table
/// of plain records is the tool's view; a table of `--fields` records or of `--jq` objects takes its columns
/// from their keys. After `--limit` outputs the output finishes and throws ``OutputLimitReached``.
/// Used from one task: it is not thread-safe.
package final class RecordOutput {
    private enum Mode {
        case lines
        case jsonArray(pretty: Bool)
        case table
        case delimited(DelimitedFormat)
    }

    private let mode: Mode
    private let view: (any TerminalView)?
    private let writer: JSONLinesWriter
    private let jq: JQEngine?
    private let fields: FieldList?
    private let limit: Int?
    private let header: Bool
    private let diagnostics: Diagnostics
    private let width: Int
    private let color: Bool
    private let sanitizes: Bool
    private var pending: [[UInt8]] = []
    private var objects = ObjectTable()
    private var delimitedKeys: [String]?
    /// The keys of later objects that are not columns, each warned of once.
    private var warnedKeys = Set<String>()
    private var records = 0
    /// Whether `--fields` was checked against a record (``checkFields(of:)``), or the first emitted still is.
    private var fieldsChecked = false
    private var written = 0
    private var jqFailed = false
    private var finished = false
    /// Records waiting for the `--jq` filter: they go to the filter's thread together, not one hop each.
    private var filterPending: [String] = []
    /// The batches handed to the filter's thread and not yet awaited, oldest first, with their first record's number.
    ///
    /// A pipeline: the tool's own work on records (reading, checking, annotating them) overlaps jq's parse of the
    /// records before them, on the other core. The next batch is queued before the previous one is awaited, so
    /// that the filter's thread never waits for this task to wake up. While batches are queued, only the filter's
    /// thread writes output and touches the writing state; this task touches `filterPending` and `records` alone.
    private var filterRunning: [(task: Task<JQBatchResult, Never>, firstNumber: Int)] = []
    /// How many records go to the filter's thread at once.
    private static let filterBatch = 64

    /// How many records were written (or, with `--jq`, given to the filter).
    package var recordCount: Int { records }

    /// How many outputs were written (or, for a table, gathered): with `--jq`, what the filter yielded.
    package var outputCount: Int { written }

    /// Whether some record made the `--jq` filter fail at run time.
    package var filterFailed: Bool { jqFailed }

    /// Whether records are reshaped (`--fields`, `--jq`), so that a table takes its columns from their keys.
    private var reshapes: Bool { fields != nil || jq != nil }

    init(
        settings: OutputOptions,
        view: (any TerminalView)?,
        jq: JQEngine?,
        sink: any ByteSink,
        terminal: Terminal,
        color: Bool,
        diagnostics: Diagnostics
    ) {
        let tty = terminal.stdoutIsTTY
        switch settings.format {
        case .jsonl, .ics: mode = .lines
        case .json: mode = .jsonArray(pretty: tty)
        case .csv: mode = .delimited(settings.csvFormulas ? .rawCSV : .csv)
        case .tsv: mode = .delimited(.tsv)
        case .table: mode = .table
        case .auto: mode = tty && (view != nil || settings.fields != nil || jq != nil) ? .table : .lines
        }
        self.view = view
        self.writer = JSONLinesWriter(sink: sink)
        self.jq = jq
        self.fields = settings.fieldList
        self.limit = settings.limit.flatMap { $0 > 0 ? $0 : nil }
        self.header = !settings.noHeader
        self.diagnostics = diagnostics
        self.width = terminal.width
        self.color = color
        self.sanitizes = tty
        if let fields = self.fields { objects = ObjectTable(keys: fields.names) }
    }

    /// Writes one record.
    ///
    /// - Parameter record: A compact JSON record.
    /// - Throws: ``UnknownFieldsError`` when the first record lacks a `--fields` name (unless ``checkFields(of:)``
    ///   checked one already); ``FilterHalt`` when the
    ///   filter halts; ``OutputLimitReached`` after `--limit` outputs; a write error (a closed pipe, a full disk).
    package func emit(_ record: [UInt8]) async throws {
        if !fieldsChecked { try checkFields(of: record) }
        if jq != nil {
            // `finished` belongs to the filter's thread while a batch runs; a limit it meets ends that batch.
            guard !filterRunning.isEmpty || !finished else { throw OutputLimitReached() }
            records += 1
            filterPending.append(String(decoding: fields?.project(record) ?? record, as: UTF8.self))
            if filterPending.count >= Self.filterBatch { try await startFilter() }
            return
        }
        guard !finished else { throw OutputLimitReached() }
        records += 1
        if let fields {
            try write(json: fields.project(record))
        } else {
            try write(record: record)
        }
    }

    /// Checks a record against `--fields` as the first ``emit(_:)`` does, so that a command that changes
    /// something can refuse a misspelt name before the change.
    ///
    /// - Parameter record: A compact JSON record of the kind the command will write.
    /// - Throws: ``UnknownFieldsError`` when the record lacks a `--fields` name.
    package func checkFields(of record: [UInt8]) throws(UnknownFieldsError) {
        guard let fields else { return }
        let unknown = fields.unknownNames(in: record)
        if !unknown.isEmpty {
            throw UnknownFieldsError(names: unknown, available: (try? RawJSON.keys(ofObject: record)) ?? [])
        }
        fieldsChecked = true
    }

    /// Writes records that report work already done (marks pushed or pulled): past `--limit`, or once the reader
    /// has gone (`| head -1`), the rest are left out without an error, so that the command goes on with its work,
    /// its summary and its errors.
    ///
    /// - Parameter records: Compact JSON records.
    /// - Throws: As ``emit(_:)``, but never ``OutputLimitReached`` or a broken pipe.
    package func emit(report records: [[UInt8]]) async throws {
        for record in records {
            do {
                try await emit(record)
            } catch is OutputLimitReached {
                return
            } catch JSONLinesError.brokenPipe {
                return
            }
        }
    }

    /// Writes several records, then flushes them so a reader downstream sees the batch at once.
    ///
    /// - Parameter records: Compact JSON records.
    /// - Throws: As ``emit(_:)``.
    package func emit(batch records: [[UInt8]]) async throws {
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
    package func emit(group records: [[UInt8]]) async throws {
        guard !reshapes, case .table = mode, let view, view.rendersEachRecord else {
            try await emit(batch: records)
            return
        }
        guard !finished else { throw OutputLimitReached() }
        // `-n` cuts the group where the limit falls, so the records it keeps still share one view (one season
        // heading, not one block per episode).
        let kept = limit.map { Array(records.prefix(max(0, $0 - written))) } ?? records
        guard !kept.isEmpty else { return }
        let text = view.render(kept, width: width, color: color)
        try writeText((written > 0 ? "\n" : "") + text)
        self.records += kept.count
        written += kept.count
        try writer.flush()
        if let limit, written >= limit {
            try finishFormat()
            throw OutputLimitReached()
        }
    }

    /// Runs the records waiting for the filter, then flushes buffered output.
    ///
    /// - Throws: ``FilterHalt`` when the filter halts; ``OutputLimitReached``; a write error.
    package func flush() async throws {
        try await drainFilter()
        try writer.flush()
    }

    /// Ends the output: runs the records waiting for the filter, closes a JSON array, renders a table, flushes.
    ///
    /// - Throws: ``FilterHalt`` when the filter halts; a write error.
    package func finish() async throws {
        do {
            try await drainFilter()
        } catch is OutputLimitReached {
            return
        }
        try finishFormat()
    }

    /// Waits for the batch the filter is still running, if any, so that its outputs are written and its errors
    /// reported; for a run whose work ended early with an error, before the tool exits.
    ///
    /// - Throws: ``FilterHalt``, ``OutputLimitReached`` or a write error, as ``finish()`` does.
    func settle() async throws {
        try await awaitFilter()
    }

    /// Closes a JSON array, renders a table and flushes; once.
    private func finishFormat() throws {
        guard !finished else { return }
        finished = true
        switch mode {
        case .jsonArray(let pretty):
            if pretty && written > 0 { try writeUnterminated("\n") }
            try writer.write(line: written == 0 ? "[]" : "]")
        case .table where !objects.isEmpty:
            try writeText(objects.textTable.render(width: width, styler: Styler(isEnabled: color)))
        case .table where !pending.isEmpty:
            if let view { try writeText(view.render(pending, width: width, color: color)) }
            pending.removeAll()
        default:
            break
        }
        try writer.flush()
    }

    /// Hands held output to the terminal, or waits for the pager to exit; called when the run ends.
    ///
    /// - Throws: A write error on the terminal.
    func close() throws {
        if let pager = writer.sink as? PagerSink { try pager.close() }
    }

    // MARK: - Writing one output

    /// Writes a plain record (no `--fields`, no `--jq`) in the output's mode.
    private func write(record: [UInt8]) throws {
        switch mode {
        case .lines, .jsonArray:
            try write(json: record)
        case .delimited(let format):
            if let table = view?.table {
                if delimitedKeys == nil {
                    // The table's headings in lower case, as `--fields` names are: one case for every header row.
                    delimitedKeys = table.columns.map { $0.header.lowercased() }
                    if header { try writeText(format.line(delimitedKeys ?? [])) }
                }
                let rows = table.rows(of: record, at: written)
                guard !rows.isEmpty else { return }
                for cells in rows { try writeText(format.line(cells.map { sanitized($0.text) })) }
                try counted()
            } else {
                try write(json: record)
            }
        case .table:
            guard let view else {
                try write(json: record)
                return
            }
            if view.rendersEachRecord {
                let text = view.render([record], width: width, color: color)
                try writeText((written > 0 ? "\n" : "") + text)
                try writer.flush()
            } else {
                pending.append(record)
            }
            try counted()
        }
    }

    /// Writes a JSON value: a record reduced by `--fields`, a `--jq` output, or a plain record as JSON.
    private func write(json value: [UInt8]) throws {
        switch mode {
        case .lines:
            try writer.write(record: value)
        case .jsonArray(let pretty):
            if pretty {
                // Each element's line ends when the next one (with its comma) or the closing bracket comes.
                try writeUnterminated(
                    (written == 0 ? "[\n" : ",\n") + JSONPretty.render(value, indent: 1, color: color))
            } else {
                try writer.write(line: written == 0 ? "[" : ",")
                try writer.write(record: value)
            }
        case .table:
            if value.first == UInt8(ascii: "{") {
                objects.add(value)
            } else {
                try writer.write(line: sanitized(RawJSON.cellText(value)))
            }
        case .delimited(let format):
            if delimitedKeys == nil {
                let keys = value.first == UInt8(ascii: "{") ? (try? RawJSON.keys(ofObject: value)) ?? [] : []
                delimitedKeys = keys
                if header && !keys.isEmpty { try writeText(format.line(keys.map(sanitized))) }
            }
            let cells: [String]
            switch value.first {
            case UInt8(ascii: "{"):
                let columns = delimitedKeys ?? []
                warnOfNewKeys(in: value, columns: columns)
                cells = ObjectTable.cells(of: value, keys: columns)
            case UInt8(ascii: "["): cells = ((try? RawJSON.elements(ofArray: value)) ?? []).map(RawJSON.cellText)
            default: cells = [RawJSON.cellText(value)]
            }
            try writeText(format.line(cells.map(sanitized)))
        }
        try counted()
    }

    /// Says once for each key that a later object brings: the columns are the first object's, so its values are
    /// left out of the table.
    private func warnOfNewKeys(in object: [UInt8], columns: [String]) {
        let keys = (try? RawJSON.keys(ofObject: object)) ?? []
        for key in keys where !columns.contains(key) && warnedKeys.insert(key).inserted {
            diagnostics.warning(
                "field '\(HTMLText.terminalSafe(key, keepingNewlines: false))' first appears in output \(written + 1), "
                    + "after the header row: its values are left out; name every column with --fields, or give "
                    + "every object the same keys with --jq")
        }
    }

    /// Writes one `--jq` output.
    private func write(filtered output: JQOutput) throws {
        guard !finished else { throw OutputLimitReached() }
        switch (output, mode) {
        case (.raw(let text), .lines):
            try writer.write(line: text)
            try counted()
        case (.raw(let text), _):
            try write(json: JSONText.string(text))
        case (.json(let text), _):
            try write(json: Array(text.utf8))
        }
    }

    /// Counts one output; after the `--limit`-th, finishes the output and throws ``OutputLimitReached``.
    private func counted() throws {
        written += 1
        if let limit, written >= limit {
            try finishFormat()
            throw OutputLimitReached()
        }
    }

    /// Writes text without ending the line.
    private func writeUnterminated(_ text: String) throws {
        var text = text
        let written = text.withUTF8 { bytes in
            Result { () throws(JSONLinesError) in try writer.sink.write(UnsafeRawBufferPointer(bytes)) }
        }
        try written.get()
    }

    /// Writes text that already ends with a newline.
    private func writeText(_ text: String) throws {
        try writer.write(line: String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
    }

    /// Cell text with terminal escapes removed when stdout is a terminal; data is left as it is otherwise.
    private func sanitized(_ text: String) -> String {
        sanitizes ? HTMLText.terminalSafe(text, keepingNewlines: true) : text
    }

    /// Runs the records waiting for the filter and waits for them: every output is written when it returns.
    private func drainFilter() async throws {
        try await startFilter()
        try await awaitFilter()
    }

    /// Queues the records waiting for the filter on its thread, then waits for the batches before the one just
    /// queued: one batch runs while the next is gathered.
    private func startFilter() async throws {
        if let jq, !filterPending.isEmpty {
            let sink = JQOutputSink { try self.write(filtered: $0) }
            filterRunning.append((jq.start(batch: filterPending, to: sink), records - filterPending.count + 1))
            filterPending.removeAll(keepingCapacity: true)
        }
        try await awaitFilter(leaving: 1)
    }

    /// Waits for the queued batches, oldest first, until at most `left` remain, and reports the records they
    /// failed on. The first error wins; the batches after it are still awaited, so that none writes later.
    private func awaitFilter(leaving left: Int = 0) async throws {
        guard let jq else { return }
        var firstError: (any Error)?
        while filterRunning.count > left {
            let (task, firstNumber) = filterRunning.removeFirst()
            let result = await task.value
            // The records that failed before the limit (or a closed pipe) ended the batch are still reported.
            if let error = result.sinkError { firstError = firstError ?? error }
            for (index, error) in result.failures {
                jqFailed = true
                diagnostics.error("--jq: \(error.description(running: jq.program)) (record \(firstNumber + index))")
            }
            if case .halted(let code, let message, _)? = result.halt, firstError == nil {
                // What was written stays whole: a JSON array is closed, a table gathered so far is drawn.
                try finishFormat()
                if let message { diagnostics.raw(message) }
                firstError = FilterHalt(status: code)
            }
        }
        if let firstError { throw firstError }
    }
}
