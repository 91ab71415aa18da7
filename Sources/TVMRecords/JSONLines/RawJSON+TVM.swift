extension RawJSON {
    /// The one top-level key under which `tvm` tools add their own data to a TVMaze record.
    public static let tvmKey = "_tvm"

    private static let tvmKeyBytes = Array(tvmKey.utf8)

    /// Returns the compact record with `fields` added under its top-level `_tvm` object.
    ///
    /// - If the record has no `_tvm`, `,"_tvm":{…}` is appended after the last member (`{}` becomes
    ///   `{"_tvm":{…}}`).
    /// - If it has a `_tvm` object, the fields are merged into it: existing keys keep their place, a key given
    ///   again gets the new value in place, new keys are appended in the order given.
    /// - If `_tvm` holds something other than an object, that value is replaced by an object of `fields`.
    /// - With duplicate top-level `_tvm` keys the last one is used (the one jq sees); earlier ones stay.
    /// - With an empty `fields` list the compact record is returned unchanged.
    ///
    /// Only the top-level `_tvm` counts; `_tvm` keys deeper in the record are ordinary data.
    ///
    /// ```swift
    /// let scored = try RawJSON.addingTVM([("score", JSONText.number(17.5))], to: show)
    /// // {"id":1,…,"_tvm":{"score":17.5}}
    /// ```
    /// - Parameters:
    ///   - fields: Keys and raw JSON texts of their values (see ``JSONText``). Values may contain whitespace;
    ///     they are validated and compacted. A key given twice keeps its first position and its last value.
    ///   - object: A JSON object (a TVMaze record).
    /// - Throws: ``RawJSONError`` if `object` is invalid or not an object, or
    ///   ``RawJSONError/invalidFieldValue(key:underlying:)`` if a field value is not one valid JSON value.
    public static func addingTVM(_ fields: [(key: String, value: [UInt8])], to object: some Collection<UInt8>)
        throws(RawJSONError) -> [UInt8]
    {
        let fields = try normalized(fields)
        return try RawJSONScanner.withScanner(object) {
            (scanner: inout RawJSONScanner) throws(RawJSONError) -> [UInt8] in
            let members = try scanner.scanObjectLayout(marking: tvmKeyBytes)
            let output = scanner.output
            guard !fields.isEmpty else { return output }
            guard let tvm = members.last(where: \.isMarked) else {
                var result: [UInt8] = []
                result.reserveCapacity(output.count + 16 + fields.reduce(0) { $0 + $1.key.count + $1.value.count + 4 })
                result.append(contentsOf: output[..<(output.count - 1)])
                if !members.isEmpty {
                    result.append(UInt8(ascii: ","))
                }
                result.append(contentsOf: JSONString.encodedBytes(tvmKey))
                result.append(UInt8(ascii: ":"))
                appendObject(of: fields, to: &result)
                result.append(UInt8(ascii: "}"))
                return result
            }
            var result: [UInt8] = []
            result.reserveCapacity(output.count + fields.reduce(0) { $0 + $1.key.count + $1.value.count + 4 })
            result.append(contentsOf: output[..<tvm.valueStart])
            let existing = output[tvm.valueStart..<tvm.valueEnd]
            if existing.first == UInt8(ascii: "{") {
                try merge(fields, into: existing, appendingTo: &result)
            } else {
                appendObject(of: fields, to: &result)
            }
            result.append(contentsOf: output[tvm.valueEnd...])
            return result
        }
    }

    /// Returns the compact record without its top-level `_tvm` member(s), every other member in place.
    ///
    /// The favorites store uses it to keep records exactly as TVMaze sent them. `_tvm` keys deeper in the
    /// record are kept. A record without `_tvm` comes back compact and otherwise unchanged.
    /// - Parameter object: A JSON object.
    /// - Throws: ``RawJSONError`` if `object` is invalid or not an object.
    public static func removingTVM(from object: some Collection<UInt8>) throws(RawJSONError) -> [UInt8] {
        try RawJSONScanner.withScanner(object) { (scanner: inout RawJSONScanner) throws(RawJSONError) -> [UInt8] in
            let members = try scanner.scanObjectLayout(marking: tvmKeyBytes)
            return ScannedObject(compact: scanner.output, members: members, keys: []).compactWithoutMarked()
        }
    }

    /// A field to add: the key, its UTF-8 bytes for matching, and its validated compact value.
    private typealias Field = (key: String, utf8: [UInt8], value: [UInt8])

    private static func normalized(_ fields: [(key: String, value: [UInt8])]) throws(RawJSONError) -> [Field] {
        var result: [Field] = []
        result.reserveCapacity(fields.count)
        for field in fields {
            let value: [UInt8]
            do {
                value = try compact(field.value)
            } catch {
                throw .invalidFieldValue(key: field.key, underlying: error)
            }
            let utf8 = Array(field.key.utf8)
            if let index = result.firstIndex(where: { $0.utf8 == utf8 }) {
                result[index].value = value
            } else {
                result.append((field.key, utf8, value))
            }
        }
        return result
    }

    private static func appendObject(of fields: [Field], to result: inout [UInt8]) {
        result.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 {
                result.append(UInt8(ascii: ","))
            }
            result.append(contentsOf: JSONString.encodedBytes(field.key))
            result.append(UInt8(ascii: ":"))
            result.append(contentsOf: field.value)
        }
        result.append(UInt8(ascii: "}"))
    }

    /// Appends the compact object `existing` with `fields` merged in (replaced in place, new ones at the end).
    private static func merge(
        _ fields: [Field], into existing: ArraySlice<UInt8>, appendingTo result: inout [UInt8]
    ) throws(RawJSONError) {
        var used = [Bool](repeating: false, count: fields.count)
        var count = 0
        result.append(UInt8(ascii: "{"))
        try RawJSONScanner.withScanner(existing) { (scanner: inout RawJSONScanner) throws(RawJSONError) in
            guard try scanner.openTopLevel(UInt8(ascii: "{")) else { return }
            repeat {
                let key = try scanner.scanTopLevelKey()
                try scanner.scanValue(emit: false)
                if count > 0 {
                    result.append(UInt8(ascii: ","))
                }
                count += 1
                if let index = fields.firstIndex(where: { scanner.key(key, equals: $0.utf8) }) {
                    used[index] = true
                    result.append(
                        contentsOf: UnsafeBufferPointer(start: scanner.base + key.start, count: key.end - key.start))
                    result.append(UInt8(ascii: ":"))
                    result.append(contentsOf: fields[index].value)
                } else {
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            start: scanner.base + key.start, count: scanner.position - key.start))
                }
            } while try scanner.nextTopLevelItem(isObject: true)
        }
        for (index, field) in fields.enumerated() where !used[index] {
            if count > 0 {
                result.append(UInt8(ascii: ","))
            }
            count += 1
            result.append(contentsOf: JSONString.encodedBytes(field.key))
            result.append(UInt8(ascii: ":"))
            result.append(contentsOf: field.value)
        }
        result.append(UInt8(ascii: "}"))
    }
}
