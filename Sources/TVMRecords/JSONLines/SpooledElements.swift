import Foundation

/// The elements of one array answer, kept in order as they arrive: in memory up to a threshold, past it in an
/// unlinked temporary file, and read back one at a time.
///
/// The file is created with mode 0600 in `directory` and unlinked at once, so it has no name while it is used and
/// nothing is left behind however the process ends; its space goes back when the spool is released. An element over
/// the record cap (``JSONArraySplitter/Piece/tooLarge(bytes:start:)``) stays in memory as its size and first bytes.
///
/// ```swift
/// let spool = SpooledElements(directory: NSTemporaryDirectory())
/// for piece in try splitter.feed(chunk) { try spool.append(piece) }
/// var reader = spool.reader()
/// while let piece = try reader.next() { … }
/// ```
public final class SpooledElements: @unchecked Sendable {
    /// Why the spool's file could not be written or read.
    public struct Failure: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
        /// What failed, with the system's reason.
        public var reason: String

        /// `cannot spool the answer to a temporary file in /tmp: No space left on device`.
        public var errorDescription: String? { reason }

        /// The same text as ``errorDescription``.
        public var description: String { reason }
    }

    /// Where one element is: in memory, or at an offset of the file.
    private enum Slot {
        case memory(JSONArraySplitter.Piece)
        case file(offset: Int, length: Int)
    }

    /// The most element bytes held in memory (4 MiB): real index pages are 0.35-0.53 MB, so they never touch the file.
    public static let defaultThreshold = RecordSize.max

    private let threshold: Int
    private let directory: String
    private var slots: [Slot] = []
    private var memoryBytes = 0
    private var descriptor: Int32 = -1
    private var fileBytes = 0

    /// Creates an empty spool.
    ///
    /// - Parameters:
    ///   - threshold: The most element bytes kept in memory; later elements go to the file.
    ///   - directory: Where the file is created (and unlinked at once).
    public init(threshold: Int = SpooledElements.defaultThreshold, directory: String = NSTemporaryDirectory()) {
        self.threshold = threshold
        self.directory = directory
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// How many elements were appended.
    public var count: Int { slots.count }

    /// Whether the elements went past the threshold, into the file.
    public var isSpilled: Bool { descriptor >= 0 }

    /// Adds the next element.
    ///
    /// - Parameter piece: The element, or its size and start when it is over the record cap.
    /// - Throws: ``Failure`` when the file cannot be created or written.
    public func append(_ piece: JSONArraySplitter.Piece) throws(Failure) {
        guard case .element(let bytes) = piece, descriptor >= 0 || memoryBytes + bytes.count > threshold else {
            if case .element(let bytes) = piece { memoryBytes += bytes.count }
            slots.append(.memory(piece))
            return
        }
        if descriptor < 0 { try open() }
        try write(bytes)
        slots.append(.file(offset: fileBytes, length: bytes.count))
        fileBytes += bytes.count
    }

    /// Reads the elements back, in order, one at a time.
    public func reader() -> Reader { Reader(spool: self) }

    /// Reads a spool's elements in order; each element read from the file is held only by the caller.
    public struct Reader {
        private let spool: SpooledElements
        private var index = 0

        fileprivate init(spool: SpooledElements) {
            self.spool = spool
        }

        /// The next element, or `nil` after the last.
        ///
        /// - Throws: ``Failure`` when the file cannot be read.
        public mutating func next() throws(Failure) -> JSONArraySplitter.Piece? {
            guard index < spool.slots.count else { return nil }
            defer { index += 1 }
            switch spool.slots[index] {
            case .memory(let piece): return piece
            case .file(let offset, let length): return .element(try spool.read(offset: offset, length: length))
            }
        }
    }

    private func open() throws(Failure) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("tvm-spool.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot spool the answer to a temporary file in \(directory)") }
        unlink(template)
        guard fchmod(fd, 0o600) == 0 else {
            close(fd)
            throw failure("cannot spool the answer to a temporary file in \(directory)")
        }
        descriptor = fd
    }

    private func write(_ bytes: [UInt8]) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(descriptor, buffer.baseAddress! + written, bytes.count - written, off_t(fileBytes + written))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw failure("cannot spool the answer to a temporary file in \(directory)") }
            written += result
        }
    }

    private func read(offset: Int, length: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw failure("cannot read the answer spooled in \(directory)") }
            done += result
        }
        return bytes
    }

    private func failure(_ what: String) -> Failure {
        Failure(reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
