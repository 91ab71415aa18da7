/// The elements of a top-level JSON array, found by brackets and strings alone, as the bytes arrive.
///
/// Each element is handed out as its own text (surrounding whitespace removed), to be read on its own: one element
/// with invalid JSON inside it (`{"id":5,"name":}`) does not lose its neighbours. An element longer than
/// `maxElementBytes` is not kept whole: it is handed out as its size and its first bytes (enough to find its
/// `id`), so that a huge element costs no more memory than the limit, whatever arrives.
///
/// ```swift
/// var splitter = JSONArraySplitter(maxElementBytes: 4 << 20)
/// for chunk in chunks { for piece in try splitter.feed(chunk) { … } }
/// try splitter.finish()  // throws when the array was not closed
/// ```
public struct JSONArraySplitter: Sendable {
    /// One element of the array.
    public enum Piece: Sendable, Equatable {
        /// An element's text, without surrounding whitespace (not checked to be valid JSON).
        case element([UInt8])
        /// An element over the limit: its size in bytes, and its first bytes (at most ``keptPrefixBytes``).
        case tooLarge(bytes: Int, start: [UInt8])
    }

    /// Why the input is not one array.
    public enum Problem: Error, Sendable, Equatable {
        /// Something other than whitespace came before the `[`.
        case notAnArray
        /// The input ended before its closing `]`, or went on after it.
        case notClosed

        /// What is wrong, for a message.
        public var reason: String {
            switch self {
            case .notAnArray: return "the answer must be a JSON array"
            case .notClosed: return "the answer ends before its array is closed (cut short?)"
            }
        }
    }

    /// How many bytes of an element over the limit are kept, for its `id`.
    public static let keptPrefixBytes = 64 * 1024

    /// The longest element kept whole.
    public let maxElementBytes: Int
    private var opened = false
    private var closed = false
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// The element being read (its first bytes only, once it is over the limit), and its size so far.
    private var current: [UInt8] = []
    private var currentBytes = 0

    /// Creates a splitter.
    ///
    /// - Parameter maxElementBytes: The longest element handed out whole.
    public init(maxElementBytes: Int = .max) {
        self.maxElementBytes = maxElementBytes
    }

    /// Reads the next bytes of the input.
    ///
    /// - Parameter bytes: The next chunk.
    /// - Returns: The elements this chunk completed, in order.
    /// - Throws: ``Problem`` when the input does not start with `[` or goes on after its `]`.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(Problem) -> [Piece] {
        var pieces: [Piece] = []
        var segment = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if closed {
                guard Self.isWhitespace(byte) else { throw .notClosed }
            } else if !opened {
                if byte == UInt8(ascii: "[") {
                    opened = true
                } else if !Self.isWhitespace(byte) {
                    throw .notAnArray
                }
                segment = bytes.index(after: index)
            } else if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]") where depth == 0, UInt8(ascii: ",") where depth == 0:
                    keep(bytes[segment..<index])
                    segment = bytes.index(after: index)
                    // `[]` has no element; `[,1]` has an empty one, which its reader will refuse.
                    if currentBytes > 0 || byte == UInt8(ascii: ",") { pieces.append(takePiece()) }
                    if byte == UInt8(ascii: "]") { closed = true }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            index = bytes.index(after: index)
        }
        if opened && !closed { keep(bytes[segment..<bytes.endIndex]) }
        return pieces
    }

    /// Ends the input.
    ///
    /// - Throws: ``Problem/notClosed`` when the array was not closed (a transfer cut short), or
    ///   ``Problem/notAnArray`` when there was no array at all.
    public func finish() throws(Problem) {
        guard opened else { throw .notAnArray }
        guard closed else { throw .notClosed }
    }

    /// Adds bytes to the current element: leading whitespace is dropped, and past the limit only the first
    /// ``keptPrefixBytes`` stay.
    private mutating func keep(_ bytes: some Collection<UInt8>) {
        var slice = bytes[...]
        if currentBytes == 0 {
            guard let first = slice.firstIndex(where: { !Self.isWhitespace($0) }) else { return }
            slice = slice[first...]
        }
        currentBytes += slice.count
        if currentBytes <= maxElementBytes {
            current.append(contentsOf: slice)
        } else if current.count < Self.keptPrefixBytes {
            current.append(contentsOf: slice.prefix(Self.keptPrefixBytes - current.count))
        }
        if current.count > Self.keptPrefixBytes && currentBytes > maxElementBytes {
            current.removeSubrange(Self.keptPrefixBytes...)
        }
    }

    /// The element read, trailing whitespace removed; the splitter is ready for the next.
    private mutating func takePiece() -> Piece {
        defer {
            current = []
            currentBytes = 0
        }
        guard currentBytes <= maxElementBytes else { return .tooLarge(bytes: currentBytes, start: current) }
        while let last = current.last, Self.isWhitespace(last) { current.removeLast() }
        return .element(current)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
