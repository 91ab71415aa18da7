/// A blocking source of bytes for ``JSONLinesReader``.
///
/// Implementations: ``FileDescriptorSource`` (stdin, files, pipes) and ``ByteArraySource`` (tests).
public protocol ByteSource {
    /// Reads up to `buffer.count` bytes into `buffer`, blocking until at least one byte or the end is available.
    ///
    /// - Parameter buffer: Where to put the bytes; never empty.
    /// - Returns: The number of bytes read, or 0 at the end of the input.
    /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if reading fails.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONLinesError) -> Int

    /// How many bytes are left to read, when the source can tell (a regular file); 0 when it cannot.
    var remainingSize: Int { get }
}

/// Any sendable byte source, as one type: standard input, whichever the run's context opens.
public struct AnyByteSource: ByteSource, Sendable {
    private var base: any ByteSource & Sendable

    /// Wraps a source.
    ///
    /// - Parameter base: The source.
    public init(_ base: some ByteSource & Sendable) {
        self.base = base
    }

    /// Reads from the wrapped source.
    ///
    /// - Parameter buffer: Where to put the bytes; never empty.
    /// - Returns: The number of bytes read, or 0 at the end of the input.
    /// - Throws: What the wrapped source throws.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONLinesError) -> Int {
        try base.read(into: buffer)
    }

    /// What the wrapped source can tell of its remaining bytes.
    public var remainingSize: Int { base.remainingSize }
}

extension ByteSource {
    /// Unknown, unless the source says otherwise.
    public var remainingSize: Int { 0 }

    /// Reads to the end of the input, or until more than `limit` bytes have come.
    ///
    /// A source that knows its size (``remainingSize``) is read into a buffer reserved for it at once, so that the
    /// buffer is not copied as it grows.
    /// - Parameter limit: The most bytes wanted; one more is read so that the caller can tell the input is larger.
    /// - Returns: At most `limit + 1` bytes.
    /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if reading fails.
    public mutating func readAll(upTo limit: Int) throws(JSONLinesError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(remainingSize, limit) + 1)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<wanted]))
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
