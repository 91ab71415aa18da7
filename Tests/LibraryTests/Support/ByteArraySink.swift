import TVMRecords

/// Collects written bytes in memory, for the writer's tests.
///
/// Not `Sendable`: use it from one task or thread.
final class ByteArraySink: ByteSink {
    /// Everything written so far.
    private(set) var bytes: [UInt8] = []
    /// How many times ``flush()`` was called.
    private(set) var flushCount = 0
    /// How many complete lines were written (calls to ``endLine()``).
    private(set) var lineCount = 0

    /// Creates an empty sink.
    init() {}

    /// The written bytes decoded as UTF-8 and split into lines (without the newlines).
    var lines: [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// Appends `bytes`.
    ///
    /// - Parameter bytes: The bytes to keep.
    func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Counts a finished line.
    func endLine() throws(JSONLinesError) {
        lineCount += 1
    }

    /// Counts a flush; there is nothing to write out.
    func flush() throws(JSONLinesError) {
        flushCount += 1
    }
}
