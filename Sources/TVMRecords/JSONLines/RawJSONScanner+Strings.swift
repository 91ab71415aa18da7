extension RawJSONScanner {
    /// Scans a string starting at its opening quote and leaves `position` after the closing quote.
    ///
    /// - Returns: Whether the string contains backslash escapes.
    mutating func scanString() throws(RawJSONError) -> Bool {
        let start = position
        position += 1
        var escaped = false
        while true {
            // Fast path: printable ASCII other than quote and backslash.
            while position < end {
                let byte = base[position]
                guard byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") else {
                    break
                }
                position += 1
            }
            guard position < end else {
                throw .unexpectedEnd(
                    offset: position, expected: "'\"' to close the string that starts at byte \(start)")
            }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if byte < 0x20 {
                throw .controlCharacterInString(offset: position, byte: byte)
            } else {
                let length = Self.utf8SequenceLength(base, position, end)
                guard length > 0 else {
                    throw .invalidUTF8(offset: position)
                }
                position += length
            }
        }
    }

    /// Scans the escape whose backslash is at `position`, joining a `\uD800`-`\uDBFF` escape with its low half.
    mutating func scanEscape() throws(RawJSONError) {
        let start = position
        guard position + 1 < end else {
            throw .unexpectedEnd(offset: position + 1, expected: "an escape character after '\\'")
        }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexEscape(at: start)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                let escapeFollows =
                    position + 1 < end && base[position] == UInt8(ascii: "\\")
                    && base[position + 1] == UInt8(ascii: "u")
                guard escapeFollows, (0xDC00...0xDFFF).contains(try hexEscape(at: position)) else {
                    throw .unpairedSurrogate(offset: start, escape: escapeText(at: start, length: 6))
                }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw .unpairedSurrogate(offset: start, escape: escapeText(at: start, length: 6))
            }
        default:
            throw .invalidEscape(offset: start, sequence: escapeText(at: start, length: 2))
        }
    }

    /// Reads the four hex digits of the `\uXXXX` escape whose backslash is at `start`.
    func hexEscape(at start: Int) throws(RawJSONError) -> UInt16 {
        var value: UInt16 = 0
        for index in start + 2..<start + 6 {
            guard index < end else {
                throw .unexpectedEnd(offset: index, expected: "four hex digits after '\\u'")
            }
            guard let digit = Self.hexValue(base[index]) else {
                throw .invalidEscape(offset: start, sequence: escapeText(at: start, length: index - start + 1))
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    func escapeText(at start: Int, length: Int) -> String {
        let count = min(length, end - start)
        return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (1–4), or 0 if it is malformed or truncated.
    ///
    /// Rejects overlong forms, UTF-16 surrogates (U+D800–U+DFFF) and code points above U+10FFFF.
    static func utf8SequenceLength(_ base: UnsafePointer<UInt8>, _ offset: Int, _ end: Int) -> Int {
        let lead = base[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return 0
        }
        guard offset + length <= end else { return 0 }
        let second = base[offset + 1]
        guard second >= low && second <= high else { return 0 }
        for index in offset + 2..<offset + length where base[index] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
