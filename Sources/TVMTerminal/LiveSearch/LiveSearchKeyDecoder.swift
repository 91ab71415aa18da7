import TVMRecords

/// Turns the bytes read from a terminal in raw mode into ``LiveSearchKey``s.
///
/// Handles UTF-8 split across reads, CSI (`ESC [ … final`) and SS3 (`ESC O x`) sequences for the arrow keys in
/// both cursor modes, and the ambiguity of Esc: a lone `ESC` byte may be the start of a sequence whose rest has
/// not arrived yet, so it stays pending until more bytes come or the caller, after a short wait with nothing
/// more to read, calls ``flush()``.
///
/// ```swift
/// var decoder = LiveSearchKeyDecoder()
/// decoder.feed(Array("gi\u{1B}[B\r".utf8))  // [.text("gi"), .down, .enter]
/// decoder.feed([0x1B])                      // [] and hasPending == true
/// decoder.flush()                           // [.escape]
/// ```
public struct LiveSearchKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence (a lone Esc, half a UTF-8 character).
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes the keys in `bytes`, together with whatever was pending.
    ///
    /// Consecutive printable characters are joined into one ``LiveSearchKey/text(_:)``.
    /// - Parameter bytes: The bytes just read.
    /// - Returns: The complete keys, in order; an incomplete sequence at the end stays pending.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [LiveSearchKey] {
        pending.append(contentsOf: bytes)
        var keys: [LiveSearchKey] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending, at: index) else { break }
            Self.append(key, to: &keys)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a lone `ESC` becomes ``LiveSearchKey/escape``, an unfinished
    /// sequence after it ``LiveSearchKey/other``, and half a UTF-8 character is dropped.
    ///
    /// - Returns: The keys the pending bytes stand for.
    public mutating func flush() -> [LiveSearchKey] {
        defer { pending.removeAll() }
        guard let first = pending.first, first == 0x1B else { return [] }
        return [pending.count == 1 ? .escape : .other]
    }

    /// The key at `index` and how many bytes it takes, or `nil` when the bytes there are incomplete.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (LiveSearchKey, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x17: return (.deleteWord, 1)
        case 0x15: return (.clearQuery, 1)
        case 0x0B: return (.deleteToEnd, 1)
        case 0x02: return (.left, 1)
        case 0x06: return (.right, 1)
        case 0x01: return (.home, 1)
        case 0x05: return (.end, 1)
        case 0x10: return (.up, 1)
        case 0x0E: return (.down, 1)
        case 0x04: return (.detail, 1)
        case 0x12: return (.retry, 1)
        case 0x03: return (.interrupt, 1)
        case 0x1A: return (.suspend, 1)
        case 0x00..<0x20: return (.other, 1)
        case 0x20..<0x80: return (.text(String(UnicodeScalar(byte))), 1)
        default:
            return decodeUTF8(bytes, at: index)
        }
    }

    /// A CSI or SS3 sequence, or Alt plus a key (reported as ``LiveSearchKey/other``).
    private static func decodeEscape(_ bytes: [UInt8], at index: Int) -> (LiveSearchKey, Int)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            let length = end - index + 1
            guard (0x40...0x7E).contains(bytes[end]) else { return (.other, length - 1) }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), ""): return (.up, length)
            case (UInt8(ascii: "B"), ""): return (.down, length)
            case (UInt8(ascii: "C"), ""): return (.right, length)
            case (UInt8(ascii: "D"), ""): return (.left, length)
            case (UInt8(ascii: "H"), ""), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
            case (UInt8(ascii: "F"), ""), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
            case (UInt8(ascii: "~"), "3"): return (.deleteForward, length)
            // Ctrl (5) or Alt (3) with Left or Right, as xterm and its kin send them.
            case (UInt8(ascii: "D"), "1;5"), (UInt8(ascii: "D"), "1;3"): return (.wordLeft, length)
            case (UInt8(ascii: "C"), "1;5"), (UInt8(ascii: "C"), "1;3"): return (.wordRight, length)
            default: return (.other, length)
            }
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            switch bytes[index + 2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            case UInt8(ascii: "C"): return (.right, 3)
            case UInt8(ascii: "D"): return (.left, 3)
            case UInt8(ascii: "H"): return (.home, 3)
            case UInt8(ascii: "F"): return (.end, 3)
            default: return (.other, 3)
            }
        case 0x1B:
            // Esc pressed twice: the first is a key of its own.
            return (.escape, 1)
        case UInt8(ascii: "b"): return (.wordLeft, 2)
        case UInt8(ascii: "f"): return (.wordRight, 2)
        default:
            // Alt plus another key; a multi-byte character after it is swallowed whole.
            guard let (_, length) = decode(bytes, at: index + 1) else { return nil }
            return (.other, 1 + length)
        }
    }

    /// One UTF-8 encoded character; an invalid byte is skipped as ``LiveSearchKey/other``.
    private static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (LiveSearchKey, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.other, 1)
        }
        guard index + length <= bytes.count else {
            let available = bytes[(index + 1)...]
            return available.allSatisfy { $0 & 0xC0 == 0x80 } ? nil : (.other, 1)
        }
        let slice = bytes[index..<(index + length)]
        let text = String(decoding: slice, as: UTF8.self)
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            !text.unicodeScalars.contains("\u{FFFD}") || Array(slice) == [0xEF, 0xBF, 0xBD]
        else {
            return (.other, 1)
        }
        let isControl = text.unicodeScalars.allSatisfy { (0x80...0x9F).contains($0.value) }
        return (isControl ? .other : .text(text), length)
    }

    /// Appends a key, joining consecutive text into one key.
    private static func append(_ key: LiveSearchKey, to keys: inout [LiveSearchKey]) {
        if case .text(let more) = key, case .text(let text)? = keys.last {
            keys[keys.count - 1] = .text(text + more)
        } else {
            keys.append(key)
        }
    }
}
