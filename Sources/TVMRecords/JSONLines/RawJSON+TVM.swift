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
                var result = Array(output.dropLast())
                if !members.isEmpty {
                    result.append(UInt8(ascii: ","))
                }
                result += JSONString.encodedBytes(tvmKey) + [UInt8(ascii: ":")]
                appendObject(of: fields, to: &result)
                result.append(UInt8(ascii: "}"))
                return result
            }
            var result = Array(output[..<tvm.valueStart])
            let existing = output[tvm.valueStart..<tvm.valueEnd]
            if existing.first == UInt8(ascii: "{") {
                try merge(fields, into: existing, appendingTo: &result)
            } else {
                appendObject(of: fields, to: &result)
            }
            result += output[tvm.valueEnd...]
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
        result += object(fields.map(member))
    }

    /// Appends the compact object `existing` with `fields` merged in (replaced in place, new ones at the end).
    private static func merge(
        _ fields: [Field], into existing: ArraySlice<UInt8>, appendingTo result: inout [UInt8]
    ) throws(RawJSONError) {
        guard let existing = try ScannedObject.scan(existing) else { return appendObject(of: fields, to: &result) }
        var used = Set<Int>()
        var members = existing.members.indices.map { index -> [UInt8] in
            let member = existing.members[index]
            guard let field = fields.firstIndex(where: { $0.utf8 == Array(existing.keys[index].utf8) }) else {
                return Array(existing.compact[member.keyStart..<member.valueEnd])
            }
            used.insert(field)
            return Array(existing.compact[member.keyStart..<member.keyEnd]) + [UInt8(ascii: ":")] + fields[field].value
        }
        members += fields.indices.filter { !used.contains($0) }.map { member(fields[$0]) }
        result += object(members)
    }

    /// The text `"key":value` of a field.
    private static func member(_ field: Field) -> [UInt8] {
        JSONString.encodedBytes(field.key) + [UInt8(ascii: ":")] + field.value
    }

    /// The object whose members are these texts.
    private static func object(_ members: [[UInt8]]) -> [UInt8] {
        [UInt8(ascii: "{")] + Array(members.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "}")]
    }
}
