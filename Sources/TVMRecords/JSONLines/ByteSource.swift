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
}
