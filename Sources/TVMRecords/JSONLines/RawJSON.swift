/// Byte-level JSON functions that keep records exactly as TVMaze sent them.
///
/// Nothing here builds a dictionary: members keep their order, duplicate keys stay, strings keep their escapes,
/// numbers keep their spelling and non-ASCII text stays UTF-8. Every function validates its whole input
/// against RFC 8259 (grammar, escapes including surrogate pairs, numbers, literals, UTF-8) and throws a
/// ``RawJSONError`` with the byte offset of the first problem.
///
/// "Compact" means the input minus insignificant whitespace; that is the form of every value returned.
///
/// ```swift
/// let page = try RawJSON.elements(ofArray: body)        // one compact show per element
/// let id = try RawJSON.value(forKey: "id", in: page[0])  // Array("1".utf8)
/// ```
///
/// Inputs can be any collection of bytes (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, `UnsafeBufferPointer`);
/// contiguous ones are read in place.
public enum RawJSON {
    /// Returns `bytes` without insignificant whitespace, everything else byte-for-byte unchanged.
    ///
    /// - Parameter bytes: One JSON value (any type), optionally surrounded by whitespace.
    /// - Returns: The compact text, e.g. `{"a": [1, 2]}` becomes `{"a":[1,2]}`.
    /// - Throws: ``RawJSONError`` if `bytes` is not exactly one valid JSON value.
    public static func compact(_ bytes: some Collection<UInt8>) throws(RawJSONError) -> [UInt8] {
        try RawJSONScanner.withScanner(bytes) { (scanner: inout RawJSONScanner) throws(RawJSONError) -> [UInt8] in
            scanner.output.reserveCapacity(scanner.end)
            try scanner.scanWholeValue(emit: true)
            return scanner.output
        }
    }

    /// Checks that `bytes` is exactly one valid JSON value, without producing output.
    ///
    /// - Parameter bytes: The text to check.
    /// - Throws: ``RawJSONError`` for the first problem.
    public static func validate(_ bytes: some Collection<UInt8>) throws(RawJSONError) {
        try RawJSONScanner.withScanner(bytes) { (scanner: inout RawJSONScanner) throws(RawJSONError) in
            try scanner.scanWholeValue(emit: false)
        }
    }

    /// Returns the compact text of each element of a top-level array, in order.
    ///
    /// - Parameter bytes: A JSON array such as a `/shows?page=N` body.
    /// - Returns: One byte array per element; `[]` for an empty array.
    /// - Throws: ``RawJSONError/wrongTopLevelType(offset:expected:found:)`` if the top level is not an array,
    ///   or another ``RawJSONError`` if any part of the input is invalid (then no elements are returned).
    public static func elements(ofArray bytes: some Collection<UInt8>) throws(RawJSONError) -> [[UInt8]] {
        try RawJSONScanner.withScanner(bytes) { (scanner: inout RawJSONScanner) throws(RawJSONError) -> [[UInt8]] in
            var result: [[UInt8]] = []
            guard try scanner.openTopLevel(UInt8(ascii: "[")) else { return result }
            repeat {
                try scanner.scanValue(emit: true)
                result.append(scanner.takeOutput())
            } while try scanner.nextTopLevelItem(isObject: false)
            return result
        }
    }

    /// Calls `body` with the compact text of each element of a top-level array, as soon as it is scanned.
    ///
    /// Unlike ``elements(ofArray:)`` this keeps only one element in memory, but an error later in the input is
    /// thrown after earlier elements were delivered. The slice shares a reused buffer: its indices start at
    /// `startIndex`, and it must be copied (`Array(slice)`) to be kept beyond the call.
    /// - Parameters:
    ///   - bytes: A JSON array.
    ///   - body: Called once per element, in order; an error it throws stops the scan and is rethrown.
    /// - Throws: A ``RawJSONError`` for invalid input, or what `body` throws.
    public static func forEachElement(
        ofArray bytes: some Collection<UInt8>, _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        var bodyError: (any Error)?
        try RawJSONScanner.withScanner(bytes) { (scanner: inout RawJSONScanner) throws(RawJSONError) in
            guard try scanner.openTopLevel(UInt8(ascii: "[")) else { return }
            repeat {
                try scanner.scanValue(emit: true)
                do {
                    try body(scanner.output[...])
                } catch {
                    bodyError = error
                    return
                }
                scanner.output.removeAll(keepingCapacity: true)
            } while try scanner.nextTopLevelItem(isObject: false)
        }
        if let bodyError {
            throw bodyError
        }
    }

    /// Returns the members of a top-level object in order: each key decoded, each value as compact text.
    ///
    /// Duplicate keys are all returned, in order. Used for `/updates/shows` (one `"id": timestamp` member per
    /// show).
    /// - Parameter bytes: A JSON object.
    /// - Returns: The members; `[]` for `{}`.
    /// - Throws: ``RawJSONError/wrongTopLevelType(offset:expected:found:)`` if the top level is not an object,
    ///   or another ``RawJSONError`` if the input is invalid.
    public static func members(ofObject bytes: some Collection<UInt8>) throws(RawJSONError) -> [(
        key: String, value: [UInt8]
    )] {
        try RawJSONScanner.withScanner(bytes) {
            (scanner: inout RawJSONScanner) throws(RawJSONError) -> [(key: String, value: [UInt8])] in
            var result: [(key: String, value: [UInt8])] = []
            guard try scanner.openTopLevel(UInt8(ascii: "{")) else { return result }
            repeat {
                let key = try scanner.scanTopLevelKey()
                try scanner.scanValue(emit: true)
                result.append((scanner.keyString(key), scanner.takeOutput()))
            } while try scanner.nextTopLevelItem(isObject: true)
            return result
        }
    }

    /// Returns the decoded keys of a top-level object in order (duplicates included).
    ///
    /// - Parameter bytes: A JSON object.
    /// - Throws: ``RawJSONError`` if the input is invalid or not an object.
    public static func keys(ofObject bytes: some Collection<UInt8>) throws(RawJSONError) -> [String] {
        try RawJSONScanner.withScanner(bytes) { (scanner: inout RawJSONScanner) throws(RawJSONError) -> [String] in
            var result: [String] = []
            guard try scanner.openTopLevel(UInt8(ascii: "{")) else { return result }
            repeat {
                let key = try scanner.scanTopLevelKey()
                try scanner.scanValue(emit: false)
                result.append(scanner.keyString(key))
            } while try scanner.nextTopLevelItem(isObject: true)
            return result
        }
    }

    /// Returns the compact text of the top-level member named `key`, or `nil` if there is none.
    ///
    /// Only the matching value is copied; the rest is validated but not decoded. Keys are compared after
    /// resolving escapes, code point by code point. If the key occurs more than once the last occurrence wins,
    /// as in jq and most JSON parsers.
    /// - Parameters:
    ///   - key: The member name, e.g. `"id"`.
    ///   - bytes: A JSON object.
    /// - Returns: The value's compact text (`null` is returned as the bytes `null`, not as `nil`).
    /// - Throws: ``RawJSONError`` if the input is invalid or not an object.
    public static func value(forKey key: String, in bytes: some Collection<UInt8>) throws(RawJSONError) -> [UInt8]? {
        let target = Array(key.utf8)
        return try RawJSONScanner.withScanner(bytes) {
            (scanner: inout RawJSONScanner) throws(RawJSONError) -> [UInt8]? in
            var result: [UInt8]?
            guard try scanner.openTopLevel(UInt8(ascii: "{")) else { return nil }
            repeat {
                let range = try scanner.scanTopLevelKey()
                let matches = scanner.key(range, equals: target)
                try scanner.scanValue(emit: matches)
                if matches {
                    result = scanner.takeOutput()
                }
            } while try scanner.nextTopLevelItem(isObject: true)
            return result
        }
    }

    /// Returns the compact text of the first top-level member named `key` in the start of an object that may be
    /// cut short (the first bytes of a record too large to keep), or `nil` when no such member comes before the
    /// cut or the text is invalid before it.
    ///
    /// - Parameters:
    ///   - key: The member name, e.g. `"id"`.
    ///   - bytes: The start of a JSON object.
    public static func firstValue(forKey key: String, inStartOf bytes: some Collection<UInt8>) -> [UInt8]? {
        let target = Array(key.utf8)
        return try? RawJSONScanner.withScanner(bytes) {
            (scanner: inout RawJSONScanner) throws(RawJSONError) -> [UInt8]? in
            guard try scanner.openTopLevel(UInt8(ascii: "{")) else { return nil }
            repeat {
                let range = try scanner.scanTopLevelKey()
                let matches = scanner.key(range, equals: target)
                try scanner.scanValue(emit: matches)
                // A value that runs to the cut (a number) may itself be cut short.
                if matches { return scanner.position < scanner.end ? scanner.takeOutput() : nil }
            } while try scanner.nextTopLevelItem(isObject: true)
            return nil
        }
    }

    /// Returns the compact text of the value at a path of object keys, or `nil` if any step is missing.
    ///
    /// `value(atPath: ["show", "id"], in: record)` is jq's `.show.id` without decoding the record. A step into
    /// something that is not an object (a number, `null`, an array) gives `nil`.
    /// - Parameters:
    ///   - path: Member names from the top level down; an empty path returns the compact input.
    ///   - bytes: A JSON object (the top level must be an object unless `path` is empty).
    /// - Throws: ``RawJSONError`` if the input is invalid or its top level is not an object.
    public static func value(atPath path: [String], in bytes: some Collection<UInt8>) throws(RawJSONError)
        -> [UInt8]?
    {
        guard let first = path.first else {
            return try compact(bytes)
        }
        guard var current = try value(forKey: first, in: bytes) else { return nil }
        for key in path.dropFirst() {
            guard current.first == UInt8(ascii: "{"), let next = try value(forKey: key, in: current) else {
                return nil
            }
            current = next
        }
        return current
    }
}
