import Foundation

/// Writes records as JSON Lines (one compact JSON value and a newline per record) to a ``ByteSink``.
///
/// ```swift
/// let writer = JSONLinesWriter(sink: FileDescriptorSink.standardOutput())
/// do {
///     for show in try RawJSON.elements(ofArray: body) { try writer.write(record: show) }
///     try writer.flush()
/// } catch .brokenPipe {
///     exit(0)  // the reader (e.g. `head -1`) has all it wants
/// }
/// ```
///
/// Write errors are never dropped: every method throws ``JSONLinesError/brokenPipe`` when the reader of a
/// pipe went away and ``JSONLinesError/writeFailed(errno:reason:)`` for other failures. Call ``flush()`` at
/// the end. The writer shares its sink and is not `Sendable`; use it from one task.
public struct JSONLinesWriter {
    /// Where the lines go.
    public let sink: any ByteSink

    /// Creates a writer.
    ///
    /// - Parameter sink: Where the lines go, e.g. `FileDescriptorSink.standardOutput()`.
    public init(sink: any ByteSink) {
        self.sink = sink
    }

    /// Writes `record` and a newline.
    ///
    /// The record is written as given: pass compact JSON (what ``RawJSON`` and ``JSONLinesReader`` return).
    /// - Parameter record: One JSON value on one line.
    /// - Throws: ``JSONLinesError/recordContainsNewline(offset:)`` if the record holds a newline byte (nothing
    ///   is written then), or the sink's errors.
    public func write(record: some Collection<UInt8>) throws(JSONLinesError) {
        let bytes = Array(record)
        if let newline = bytes.firstIndex(of: 0x0A) {
            throw .recordContainsNewline(offset: newline)
        }
        try writeLine(bytes)
    }

    /// Writes a line of text (for non-JSON output formats) and a newline.
    ///
    /// - Parameter line: The text, without a trailing newline.
    /// - Throws: The sink's errors.
    public func write(line: String) throws(JSONLinesError) {
        try writeLine(Array(line.utf8))
    }

    /// Writes out what the sink buffers.
    ///
    /// - Throws: The sink's errors.
    public func flush() throws(JSONLinesError) {
        try sink.flush()
    }

    private func writeLine(_ bytes: [UInt8]) throws(JSONLinesError) {
        for part in [bytes, [0x0A]] {
            try part.withUnsafeBytes { buffer in Result { () throws(JSONLinesError) in try sink.write(buffer) } }.get()
        }
        try sink.endLine()
    }
}
