import Foundation

/// Escaping and unescaping of JSON string literals.
///
/// ``encode(_:)`` writes the shortest standard form: `"` and `\` are backslash-escaped, the control characters
/// U+0000–U+001F use `\b \f \n \r \t` or `\u00XX`, and everything else (including non-ASCII) is kept as UTF-8.
///
/// ```swift
/// JSONString.encode("say \"hi\"\n")  // "\"say \\\"hi\\\"\\n\""
/// ```
public enum JSONString {
    /// Returns `value` as a JSON string literal, quotes included.
    ///
    /// - Parameter value: Any Swift string.
    /// - Returns: The literal, e.g. `"Pok\u{E9}mon"` becomes `"Pokémon"` with the quotes.
    public static func encode(_ value: String) -> String {
        String(decoding: encodedBytes(value), as: UTF8.self)
    }

    /// Returns `value` as the UTF-8 bytes of a JSON string literal, quotes included.
    ///
    /// - Parameter value: Any Swift string.
    public static func encodedBytes(_ value: String) -> [UInt8] {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value.utf8 {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                appendEscape(for: byte, to: &result)
            } else {
                result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return result
    }

    private static func appendEscape(for byte: UInt8, to result: inout [UInt8]) {
        result.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): result.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
        case 0x08: result.append(UInt8(ascii: "b"))
        case 0x0C: result.append(UInt8(ascii: "f"))
        case 0x0A: result.append(UInt8(ascii: "n"))
        case 0x0D: result.append(UInt8(ascii: "r"))
        case 0x09: result.append(UInt8(ascii: "t"))
        default:
            let digits = Array("0123456789abcdef".utf8)
            result.append(contentsOf: [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)],
                digits[Int(byte & 0xF)],
            ])
        }
    }

    /// Decodes a JSON string literal (quotes included, surrounding whitespace allowed) to a Swift string.
    ///
    /// Escapes are resolved, surrogate pairs joined; the literal is validated first.
    /// - Parameter literal: The bytes of the literal, e.g. `"Caf\u00e9"` with the quotes.
    /// - Throws: ``RawJSONError`` if the bytes are not exactly one valid JSON string.
    public static func decode(_ literal: some Collection<UInt8>) throws(RawJSONError) -> String {
        try RawJSONScanner.withScanner(literal) { (scanner: inout RawJSONScanner) throws(RawJSONError) -> String in
            scanner.skipWhitespace()
            guard scanner.position < scanner.end else {
                throw .unexpectedEnd(offset: scanner.position, expected: "a string")
            }
            guard scanner.base[scanner.position] == UInt8(ascii: "\"") else {
                guard let found = scanner.valueKindDescription() else {
                    throw scanner.unexpected(expected: "a string")
                }
                throw .wrongTopLevelType(offset: scanner.position, expected: "a string", found: found)
            }
            let start = scanner.position
            let escaped = try scanner.scanString()
            let range = RawJSONKeyRange(start: start, end: scanner.position, escaped: escaped)
            try scanner.finish()
            return scanner.keyString(range)
        }
    }

    /// Decodes the content between the quotes of a string already checked by ``RawJSONScanner``.
    static func decodeValidated(_ content: UnsafeBufferPointer<UInt8>) -> String {
        let literal = Data([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")])
        return (try? JSONDecoder().decode(String.self, from: literal)) ?? String(decoding: content, as: UTF8.self)
    }
}
