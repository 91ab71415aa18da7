/// Collects written bytes in memory, for tests and for building output before writing it elsewhere.
///
/// Not `Sendable`: use it from one task or thread.
public final class ByteArraySink: ByteSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []
    /// How many times ``flush()`` was called.
    public private(set) var flushCount = 0
    /// How many complete lines were written (calls to ``endLine()``).
    public private(set) var lineCount = 0

    /// Creates an empty sink.
    public init() {}

    /// The written bytes decoded as UTF-8 and split into lines (without the newlines).
    public var lines: [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    /// Appends `bytes`.
    ///
    /// - Parameter bytes: The bytes to keep.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Counts a finished line.
    public func endLine() throws(JSONLinesError) {
        lineCount += 1
    }

    /// Counts a flush; there is nothing to write out.
    public func flush() throws(JSONLinesError) {
        flushCount += 1
    }
}
