/// Serves bytes from memory in chunks of a chosen size, for tests and for bodies already in memory.
///
/// A chunk size of 1 exercises every boundary case of a reader (a CRLF or a UTF-8 sequence split in two).
public struct ByteArraySource: ByteSource, Sendable {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var position = 0

    /// Creates a source that serves `bytes`, at most `chunkSize` bytes per read.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - chunkSize: The largest number of bytes returned by one ``read(into:)`` (at least 1).
    public init(_ bytes: [UInt8], chunkSize: Int = 65_536) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    /// Copies the next chunk into `buffer`.
    ///
    /// - Parameter buffer: Where to put the bytes.
    /// - Returns: The number of bytes copied, 0 once all bytes were served.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONLinesError) -> Int {
        let count = min(chunkSize, buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<position + count]))
        }
        position += count
        return count
    }
}
