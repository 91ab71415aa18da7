/// The range of an object key in the scanned input, quotes included.
struct RawJSONKeyRange {
    var start: Int
    var end: Int
    var escaped: Bool
}

/// A top-level member of an object scanned into ``RawJSONScanner/output``, as ranges of that output.
package struct RawJSONMember {
    package var keyStart: Int
    package var keyEnd: Int
    package var valueStart: Int
    package var valueEnd: Int
    /// Whether the key equals the key the scan was asked to look for.
    package var isMarked: Bool
}

extension RawJSONScanner {
    /// Runs `body` with a scanner over the bytes of `bytes`, copying them only if they are not contiguous.
    static func withScanner<Result>(
        _ bytes: some Collection<UInt8>, _ body: (inout RawJSONScanner) throws(RawJSONError) -> Result
    ) throws(RawJSONError) -> Result {
        let outcome = bytes.withContiguousStorageIfAvailable {
            buffer -> Swift.Result<Result, RawJSONError> in
            withScanner(buffer: buffer, body)
        }
        let result = outcome ?? Array(bytes).withUnsafeBufferPointer { withScanner(buffer: $0, body) }
        return try result.get()
    }

    private static func withScanner<Result>(
        buffer: UnsafeBufferPointer<UInt8>, _ body: (inout RawJSONScanner) throws(RawJSONError) -> Result
    ) -> Swift.Result<Result, RawJSONError> {
        guard let base = buffer.baseAddress else {
            // An empty input: any valid pointer will do, it is never read because `end` is 0.
            let placeholder: UInt8 = 0
            return withUnsafePointer(to: placeholder) { pointer in
                var scanner = RawJSONScanner(base: pointer, count: 0)
                return Swift.Result { () throws(RawJSONError) in try body(&scanner) }
            }
        }
        var scanner = RawJSONScanner(base: base, count: buffer.count)
        return Swift.Result { () throws(RawJSONError) in try body(&scanner) }
    }

    /// Scans the whole input as exactly one value surrounded by optional whitespace.
    mutating func scanWholeValue(emit: Bool) throws(RawJSONError) {
        skipWhitespace()
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: Self.aValue)
        }
        try scanValue(emit: emit)
        try finish()
    }

    /// Skips trailing whitespace and requires the end of the input.
    mutating func finish() throws(RawJSONError) {
        skipWhitespace()
        guard position == end else {
            throw .trailingCharacters(offset: position, found: RawJSONError.describe(base, position, end))
        }
    }

    /// Opens the top-level container `open` (`[` or `{`).
    ///
    /// - Returns: `false` if the container is empty (and the input is then fully checked), `true` if an element
    ///   or member follows at `position`.
    mutating func openTopLevel(_ open: UInt8) throws(RawJSONError) -> Bool {
        let isObject = open == UInt8(ascii: "{")
        let kind = isObject ? "an object" : "an array"
        skipWhitespace()
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: kind)
        }
        guard base[position] == open else {
            guard let found = valueKindDescription() else {
                throw unexpected(expected: kind)
            }
            throw .wrongTopLevelType(offset: position, expected: kind, found: found)
        }
        position += 1
        skipWhitespace()
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: isObject ? "a string key or '}'" : "a value or ']'")
        }
        if base[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            position += 1
            try finish()
            return false
        }
        return true
    }

    /// Consumes the `,` or closing bracket after a top-level element or member.
    ///
    /// - Returns: `true` if another element or member follows, `false` at the end (input fully checked).
    mutating func nextTopLevelItem(isObject: Bool) throws(RawJSONError) -> Bool {
        let expected = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
        skipWhitespace()
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: expected)
        }
        switch base[position] {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return true
        case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
            position += 1
            try finish()
            return false
        default:
            throw unexpected(expected: expected)
        }
    }

    /// Scans a top-level member's key and the `:` after it, leaving `position` at the value.
    mutating func scanTopLevelKey() throws(RawJSONError) -> RawJSONKeyRange {
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: "a string key")
        }
        guard base[position] == UInt8(ascii: "\"") else {
            throw unexpected(expected: "a string key")
        }
        let start = position
        let escaped = try scanString()
        let range = RawJSONKeyRange(start: start, end: position, escaped: escaped)
        skipWhitespace()
        try expectColon()
        skipWhitespace()
        guard position < end else {
            throw .unexpectedEnd(offset: position, expected: Self.aValue)
        }
        return range
    }

    /// Whether the (validated) key at `range` decodes to exactly the UTF-8 bytes `target`.
    func key(_ range: RawJSONKeyRange, equals target: [UInt8]) -> Bool {
        let content = UnsafeBufferPointer(start: base + range.start + 1, count: range.end - range.start - 2)
        if range.escaped {
            return Array(JSONString.decodeValidated(content).utf8) == target
        }
        return content.elementsEqual(target)
    }

    /// The decoded text of the (validated) key at `range`.
    func keyString(_ range: RawJSONKeyRange) -> String {
        let content = UnsafeBufferPointer(start: base + range.start + 1, count: range.end - range.start - 2)
        return range.escaped ? JSONString.decodeValidated(content) : String(decoding: content, as: UTF8.self)
    }

    /// Returns a copy of ``output`` and clears it, keeping its capacity for the next value.
    mutating func takeOutput() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return Array(output)
    }

    /// Scans a whole top-level object into ``output`` in compact form and returns its members' ranges there.
    ///
    /// - Parameter marked: The UTF-8 bytes of a key whose members get ``RawJSONMember/isMarked``.
    mutating func scanObjectLayout(marking marked: [UInt8]) throws(RawJSONError) -> [RawJSONMember] {
        output.reserveCapacity(end + 64)
        output.append(UInt8(ascii: "{"))
        var members: [RawJSONMember] = []
        if try openTopLevel(UInt8(ascii: "{")) {
            repeat {
                if !members.isEmpty {
                    output.append(UInt8(ascii: ","))
                }
                let key = try scanTopLevelKey()
                let keyStart = output.count
                output.append(contentsOf: UnsafeBufferPointer(start: base + key.start, count: key.end - key.start))
                let keyEnd = output.count
                output.append(UInt8(ascii: ":"))
                try scanValue(emit: true)
                members.append(
                    RawJSONMember(
                        keyStart: keyStart, keyEnd: keyEnd, valueStart: keyEnd + 1, valueEnd: output.count,
                        isMarked: self.key(key, equals: marked)))
            } while try nextTopLevelItem(isObject: true)
        }
        output.append(UInt8(ascii: "}"))
        return members
    }
}
