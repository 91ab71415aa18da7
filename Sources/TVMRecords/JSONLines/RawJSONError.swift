import Foundation

/// An error found while validating JSON text byte by byte.
///
/// Every case carries the zero-based byte ``offset`` into the input where the problem was detected,
/// so a caller can point at it (`tvm` tools add the line number).
public enum RawJSONError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The input ended inside a value; `expected` says what should have followed.
    case unexpectedEnd(offset: Int, expected: String)
    /// A byte that cannot start or continue the JSON text here; `found` quotes it, `expected` says what can.
    case unexpectedCharacter(offset: Int, found: String, expected: String)
    /// Bytes that are not well-formed UTF-8 (RFC 8259 requires UTF-8).
    case invalidUTF8(offset: Int)
    /// A backslash escape that JSON does not define, such as `\x` or a `\u` without four hex digits.
    case invalidEscape(offset: Int, sequence: String)
    /// A `\uD800`–`\uDFFF` escape that is not part of a high-low surrogate pair.
    case unpairedSurrogate(offset: Int, escape: String)
    /// A raw control character (U+0000–U+001F) inside a string; it must be escaped.
    case controlCharacterInString(offset: Int, byte: UInt8)
    /// A number that does not follow the JSON number grammar; `reason` says which rule it breaks.
    case invalidNumber(offset: Int, reason: String)
    /// Data after a complete JSON value (two values on one line, or garbage after it).
    case trailingCharacters(offset: Int, found: String)
    /// The top-level value has the wrong type for the operation (for example an object where an array is needed).
    case wrongTopLevelType(offset: Int, expected: String, found: String)
    /// A field value handed to ``RawJSON/addingTVM(_:to:)`` is not a valid JSON value.
    indirect case invalidFieldValue(key: String, underlying: RawJSONError)

    /// The zero-based byte offset where the problem was detected.
    ///
    /// For ``invalidFieldValue(key:underlying:)`` it is the offset inside the field value.
    public var offset: Int {
        switch self {
        case .unexpectedEnd(let offset, _), .unexpectedCharacter(let offset, _, _), .invalidUTF8(let offset),
            .invalidEscape(let offset, _), .unpairedSurrogate(let offset, _),
            .controlCharacterInString(let offset, _), .invalidNumber(let offset, _),
            .trailingCharacters(let offset, _), .wrongTopLevelType(let offset, _, _):
            return offset
        case .invalidFieldValue(_, let underlying):
            return underlying.offset
        }
    }

    /// The same text as ``errorDescription``, so that `String(describing:)` and interpolation read well.
    public var description: String {
        errorDescription ?? "invalid"
    }

    /// A sentence saying what is wrong and where, without a trailing period.
    public var errorDescription: String? {
        switch self {
        case .unexpectedEnd(let offset, let expected):
            return "unexpected end of JSON text at byte \(offset); expected \(expected)"
        case .unexpectedCharacter(let offset, let found, let expected):
            return "unexpected \(found) at byte \(offset); expected \(expected)"
        case .invalidUTF8(let offset):
            return "invalid UTF-8 at byte \(offset); JSON text must be UTF-8 encoded"
        case .invalidEscape(let offset, let sequence):
            return "invalid escape \(sequence) in string at byte \(offset); "
                + "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hex digits"
        case .unpairedSurrogate(let offset, let escape):
            return "unpaired UTF-16 surrogate \(escape) at byte \(offset); "
                + "a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape"
        case .controlCharacterInString(let offset, let byte):
            return "raw control character \(Self.hex(byte)) in string at byte \(offset); "
                + "control characters must be escaped (e.g. \\n or \\u00\(Self.hexDigits(byte)))"
        case .invalidNumber(let offset, let reason):
            return "invalid number at byte \(offset): \(reason)"
        case .trailingCharacters(let offset, let found):
            return "unexpected \(found) at byte \(offset) after the end of the JSON value; "
                + "expected one JSON value only"
        case .wrongTopLevelType(let offset, let expected, let found):
            return "expected \(expected) at byte \(offset) but found \(found)"
        case .invalidFieldValue(let key, let underlying):
            return "the value given for _tvm field \(JSONString.encode(key)) is not valid JSON: "
                + (underlying.errorDescription ?? "invalid")
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        "0x" + hexDigits(byte)
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    /// Describes the byte or character at `offset` for an error message, e.g. `character '}'` or `byte 0xFF`.
    static func describe(_ base: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> String {
        let byte = base[offset]
        if byte >= 0x21 && byte < 0x7F {
            return "character '\(String(decoding: [byte], as: UTF8.self))'"
        }
        switch byte {
        case 0x20: return "space"
        case 0x0A: return "newline"
        case 0x0D: return "carriage return"
        case 0x09: return "tab"
        default: break
        }
        if byte >= 0x80 {
            let length = RawJSONScanner.utf8SequenceLength(base, offset, end)
            if length > 0 {
                let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: length), as: UTF8.self)
                return "character '\(text)'"
            }
        }
        return "byte \(hex(byte))"
    }
}
