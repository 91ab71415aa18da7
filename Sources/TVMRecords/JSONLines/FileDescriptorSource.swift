import Foundation

/// Reads bytes from a file descriptor with blocking `read(2)`.
///
/// Retries on `EINTR`; on a non-blocking descriptor it waits with `poll(2)` instead of failing with `EAGAIN`.
/// The descriptor is not closed by this type.
public struct FileDescriptorSource: ByteSource, Sendable {
    /// The descriptor read from, e.g. `STDIN_FILENO` (0).
    public let fileDescriptor: Int32

    /// Creates a source reading `fileDescriptor`.
    ///
    /// - Parameter fileDescriptor: An open descriptor; 0 (standard input) by default.
    public init(fileDescriptor: Int32 = 0) {
        self.fileDescriptor = fileDescriptor
    }

    /// Reads up to `buffer.count` bytes, blocking until some are available or the input ends.
    ///
    /// - Parameter buffer: Where to put the bytes.
    /// - Returns: The number of bytes read, 0 at the end of the input.
    /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` with the `errno` of a failed `read(2)`.
    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONLinesError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Foundation.read(fileDescriptor, base, buffer.count)
            if count >= 0 {
                return count
            }
            let code = errno
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, -1)
            default:
                throw .readFailed(errno: code, reason: JSONLinesError.describe(errno: code))
            }
        }
    }

    /// The bytes left in a regular file, from its length and the descriptor's offset; 0 for a pipe, a terminal or
    /// anything else whose length says nothing.
    public var remainingSize: Int {
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return 0 }
        let offset = lseek(fileDescriptor, 0, SEEK_CUR)
        return max(0, Int(status.st_size) - Int(max(0, offset)))
    }
}
