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
        var value = value
        return value.withUTF8 { utf8 in
            var result: [UInt8] = []
            result.reserveCapacity(utf8.count + 2)
            result.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                appendEscape(for: byte, to: &result)
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            result.append(UInt8(ascii: "\""))
            return result
        }
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(content.count)
        var index = 0
        while index < content.count {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            let kind = content[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hex4(content, index))
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = UInt32(hex4(content, index + 2))
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &bytes)
            default: bytes.append(kind)  // \" \\ \/
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex4(_ content: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in index..<index + 4 {
            value = value << 4 | UInt16(RawJSONScanner.hexValue(content[offset]) ?? 0)
        }
        return value
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if let encoded = UTF8.encode(scalar) {
            bytes.append(contentsOf: encoded)
        }
    }
}
