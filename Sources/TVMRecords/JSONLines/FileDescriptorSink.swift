import Foundation

/// Writes bytes to a file descriptor through a buffer, checking every `write(2)`.
///
/// The buffer is written out when it is full, on ``flush()``, and, if ``flushesEveryLine`` is set, after
/// every line (for interactive use, so each record shows up as soon as it is ready). Partial writes are
/// continued, `EINTR` is retried and a non-blocking descriptor is waited on with `poll(2)`.
///
/// A closed pipe throws ``JSONLinesError/brokenPipe`` (the process must ignore `SIGPIPE`, e.g.
/// `signal(SIGPIPE, SIG_IGN)`, or it is killed first); other failures throw
/// ``JSONLinesError/writeFailed(errno:reason:)``. After an error the unwritten buffered bytes are discarded.
///
/// Call ``flush()`` before the sink goes away to see write errors; `deinit` flushes too, but has to ignore them.
/// The class is not `Sendable`: create and use it in one task or thread.
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written to, e.g. `STDOUT_FILENO` (1). It is not closed by the sink.
    public let fileDescriptor: Int32
    /// Whether the buffer is written out after every line.
    public let flushesEveryLine: Bool

    typealias WriteFunction = (Int32, UnsafeRawBufferPointer) -> (written: Int, errno: Int32)

    private let capacity: Int
    private var buffer: [UInt8] = []
    private let writeFunction: WriteFunction

    /// Creates a buffered sink.
    ///
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor; 1 (standard output) by default.
    ///   - capacity: The buffer size in bytes (64 KiB by default); larger writes go out directly.
    ///   - flushesEveryLine: Whether to write out the buffer after every line.
    public convenience init(fileDescriptor: Int32 = 1, capacity: Int = 65_536, flushesEveryLine: Bool = false) {
        self.init(
            fileDescriptor: fileDescriptor, capacity: capacity, flushesEveryLine: flushesEveryLine,
            writeFunction: { descriptor, bytes in
                guard let base = bytes.baseAddress else { return (0, 0) }
                let written = Foundation.write(descriptor, base, bytes.count)
                return (written, written < 0 ? errno : 0)
            })
    }

    /// Creates a sink whose system call is replaced, for tests of partial writes and errors.
    init(fileDescriptor: Int32, capacity: Int, flushesEveryLine: Bool, writeFunction: @escaping WriteFunction) {
        self.fileDescriptor = fileDescriptor
        self.capacity = max(1, capacity)
        self.flushesEveryLine = flushesEveryLine
        self.writeFunction = writeFunction
        buffer.reserveCapacity(self.capacity)
    }

    /// A sink for standard output that flushes every line when standard output is a terminal.
    public static func standardOutput() -> FileDescriptorSink {
        FileDescriptorSink(fileDescriptor: 1, flushesEveryLine: isatty(1) == 1)
    }

    deinit {
        try? flush()
    }

    /// Buffers `bytes`, writing out the buffer first if they do not fit, and writing large blocks directly.
    ///
    /// - Parameter bytes: The bytes to write.
    /// - Throws: ``JSONLinesError/brokenPipe`` or ``JSONLinesError/writeFailed(errno:reason:)``.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        if buffer.count + bytes.count > capacity {
            try flush()
        }
        if bytes.count >= capacity {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out the buffer if ``flushesEveryLine`` is set.
    ///
    /// - Throws: ``JSONLinesError/brokenPipe`` or ``JSONLinesError/writeFailed(errno:reason:)``.
    public func endLine() throws(JSONLinesError) {
        if flushesEveryLine {
            try flush()
        }
    }

    /// Writes out everything buffered.
    ///
    /// - Throws: ``JSONLinesError/brokenPipe`` or ``JSONLinesError/writeFailed(errno:reason:)``.
    public func flush() throws(JSONLinesError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        let result = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONLinesError) in try writeAll(bytes) }
        }
        try result.get()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        var offset = 0
        while offset < bytes.count {
            let (written, code) = writeFunction(fileDescriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            if written > 0 {
                offset += written
                continue
            }
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, -1)
            case EPIPE:
                throw .brokenPipe
            case 0:
                // write(2) wrote nothing without an error: report it instead of looping forever.
                throw .writeFailed(errno: EIO, reason: "write returned 0 bytes")
            default:
                throw .writeFailed(errno: code, reason: JSONLinesError.describe(errno: code))
            }
        }
    }
}

extension FileDescriptorSink {
    /// Writes all of `text` to `descriptor`, going on after interruptions and giving up silently at the first
    /// error: for messages with nowhere else to go (standard error, a question on the terminal).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - descriptor: An open file descriptor.
    public static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
