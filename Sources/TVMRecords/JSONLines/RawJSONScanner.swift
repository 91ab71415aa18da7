/// A validating, allocation-light JSON scanner over a contiguous byte buffer (RFC 8259).
///
/// The scanner walks values iteratively (no recursion, so nesting depth is limited only by memory) and can
/// append the compact form of what it scans to ``output``: runs of bytes between insignificant whitespace are
/// copied in bulk, so strings and numbers come out byte-for-byte as they went in.
struct RawJSONScanner {
    let base: UnsafePointer<UInt8>
    let end: Int
    var position = 0
    /// The compact text of values scanned with `emit: true`.
    var output: [UInt8] = []
    private var emitting = false
    private var runStart = 0
    /// Open containers of the value being scanned: `true` for an object, `false` for an array.
    private var stack: [Bool] = []

    /// Creates a scanner; `base` must stay valid while the scanner is used.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
    }

    // MARK: - Whitespace

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Skips whitespace outside the value being emitted.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < end && Self.isWhitespace(base[position]) {
            position += 1
        }
    }

    /// Skips whitespace inside the value being scanned, flushing the pending run first when emitting.
    @inline(__always)
    private mutating func skipInnerWhitespace() {
        guard position < end && Self.isWhitespace(base[position]) else { return }
        if emitting {
            flushRun()
        }
        repeat {
            position += 1
        } while position < end && Self.isWhitespace(base[position])
        runStart = position
    }

    @inline(__always)
    private mutating func flushRun() {
        if position > runStart {
            output.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
        }
    }

    // MARK: - Values

    /// Scans one complete value starting at `position` (which must not be whitespace).
    ///
    /// - Parameter emit: Whether to append the value's compact text to ``output``.
    /// - Throws: ``RawJSONError`` for the first violation of the JSON grammar.
    mutating func scanValue(emit: Bool) throws(RawJSONError) {
        emitting = emit
        runStart = position
        stack.removeAll(keepingCapacity: true)
        value: while true {
            guard position < end else {
                throw .unexpectedEnd(offset: position, expected: Self.aValue)
            }
            switch base[position] {
            case UInt8(ascii: "{"):
                position += 1
                skipInnerWhitespace()
                guard position < end else {
                    throw .unexpectedEnd(offset: position, expected: "a string key or '}'")
                }
                if base[position] == UInt8(ascii: "}") {
                    position += 1
                } else {
                    stack.append(true)
                    try scanMemberKey(expected: "a string key or '}'")
                    continue value
                }
            case UInt8(ascii: "["):
                position += 1
                skipInnerWhitespace()
                guard position < end else {
                    throw .unexpectedEnd(offset: position, expected: "a value or ']'")
                }
                if base[position] == UInt8(ascii: "]") {
                    position += 1
                } else {
                    stack.append(false)
                    continue value
                }
            case UInt8(ascii: "\""):
                _ = try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
            case UInt8(ascii: "t"):
                try scanLiteral(Self.trueBytes)
            case UInt8(ascii: "f"):
                try scanLiteral(Self.falseBytes)
            case UInt8(ascii: "n"):
                try scanLiteral(Self.nullBytes)
            default:
                throw unexpected(expected: Self.aValue)
            }
            // After a complete value: close containers or move to the next element/member.
            while let isObject = stack.last {
                skipInnerWhitespace()
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
                guard position < end else {
                    throw .unexpectedEnd(offset: position, expected: expected)
                }
                let byte = base[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    skipInnerWhitespace()
                    if isObject {
                        try scanMemberKey(expected: "a string key")
                    }
                    continue value
                }
                guard byte == close else {
                    throw unexpected(expected: expected)
                }
                position += 1
                stack.removeLast()
            }
            if emitting {
                flushRun()
                emitting = false
            }
            return
        }
    }

    /// Scans `"key" :` plus the whitespace after the colon, inside a value being scanned.
    private mutating func scanMemberKey(expected: String) throws(RawJSONError) {
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: expected)
        }
        guard base[position] == UInt8(ascii: "\"") else {
            throw unexpected(expected: expected)
        }
        _ = try scanString()
        skipInnerWhitespace()
        try expectColon()
        skipInnerWhitespace()
    }

    /// Consumes the `:` after an object key.
    mutating func expectColon() throws(RawJSONError) {
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: "':' after the object key")
        }
        guard base[position] == UInt8(ascii: ":") else {
            throw unexpected(expected: "':' after the object key")
        }
        position += 1
    }

    // MARK: - Numbers and literals

    private mutating func scanNumber() throws(RawJSONError) {
        let start = position
        if base[position] == UInt8(ascii: "-") {
            position += 1
        }
        try requireDigit("a digit after '-'")
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < end && Self.isDigit(base[position]) {
                throw .invalidNumber(offset: start, reason: "leading zeros are not allowed")
            }
        } else {
            skipDigits()
        }
        if position < end && base[position] == UInt8(ascii: ".") {
            position += 1
            try requireDigit("a digit after the decimal point")
            skipDigits()
        }
        if position < end && (base[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < end && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-")) {
                position += 1
            }
            try requireDigit("a digit in the exponent")
            skipDigits()
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private mutating func skipDigits() {
        while position < end && Self.isDigit(base[position]) {
            position += 1
        }
    }

    private func requireDigit(_ expected: String) throws(RawJSONError) {
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: expected)
        }
        guard Self.isDigit(base[position]) else {
            throw .invalidNumber(
                offset: position, reason: "expected \(expected), found \(RawJSONError.describe(base, position, end))")
        }
    }

    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
    static let nullBytes = Array("null".utf8)
    static let aValue = "a JSON value (object, array, string, number, true, false or null)"

    private mutating func scanLiteral(_ literal: [UInt8]) throws(RawJSONError) {
        let name = String(decoding: literal, as: UTF8.self)
        for byte in literal {
            guard position < end else {
                throw .unexpectedEnd(offset: position, expected: "the literal \(name)")
            }
            guard base[position] == byte else {
                throw unexpected(expected: "the literal \(name)")
            }
            position += 1
        }
    }

    // MARK: - Errors

    /// The error for an unexpected byte at `position`: invalid UTF-8 if it is malformed, else a quoted character.
    func unexpected(expected: String) -> RawJSONError {
        if base[position] >= 0x80 && Self.utf8SequenceLength(base, position, end) == 0 {
            return .invalidUTF8(offset: position)
        }
        return .unexpectedCharacter(
            offset: position, found: RawJSONError.describe(base, position, end), expected: expected)
    }

    /// Describes the value that starts at `position` for a wrong-type error, e.g. `an object`.
    func valueKindDescription() -> String? {
        switch base[position] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t"): return "true"
        case UInt8(ascii: "f"): return "false"
        case UInt8(ascii: "n"): return "null"
        default: return nil
        }
    }
}
