/// A JSON object scanned once: its compact text and its top-level members, `_tvm` members marked.

package struct ScannedObject {
    /// The compact text of the whole object.
    package let compact: [UInt8]
    /// The top-level members, as ranges of ``compact``.
    package let members: [RawJSONMember]
    /// The decoded key of each member, in the same order.
    package let keys: [String]

    private static let tvmKey = Array(RawJSON.tvmKey.utf8)

    /// Scans `bytes` when they hold an object.
    ///
    /// - Returns: `nil` when the value is not an object (a number, a string, an array, …).
    /// - Throws: ``RawJSONError`` when the bytes are not one valid JSON value.
    package static func scan(_ bytes: some Collection<UInt8>) throws(RawJSONError) -> ScannedObject? {
        try RawJSONScanner.withScanner(bytes) {
            (scanner: inout RawJSONScanner) throws(RawJSONError) -> ScannedObject? in
            scanner.skipWhitespace()
            guard scanner.position < scanner.end, scanner.base[scanner.position] == UInt8(ascii: "{") else {
                try scanner.scanWholeValue(emit: false)
                return nil
            }
            let members = try scanner.scanObjectLayout(marking: tvmKey)
            let compact = scanner.output
            return ScannedObject(compact: compact, members: members, keys: members.map { key($0, in: compact) })
        }
    }

    /// The decoded key of a member of `compact`.
    private static func key(_ member: RawJSONMember, in compact: [UInt8]) -> String {
        let content = compact[(member.keyStart + 1)..<(member.keyEnd - 1)]
        if !content.contains(UInt8(ascii: "\\")) {
            return String(decoding: content, as: UTF8.self)
        }
        return (try? JSONString.decode(compact[member.keyStart..<member.keyEnd])) ?? ""
    }

    /// The compact text of a member's value.
    package func value(_ member: RawJSONMember) -> ArraySlice<UInt8> {
        compact[member.valueStart..<member.valueEnd]
    }

    /// The compact text of the last member named `key`, or `nil`.
    package func lastValue(forKey key: String) -> [UInt8]? {
        guard let index = keys.lastIndex(of: key), !members[index].isMarked else { return nil }
        return Array(value(members[index]))
    }

    /// The compact object without its `_tvm` members.
    package func compactWithoutMarked() -> [UInt8] {
        guard members.contains(where: \.isMarked) else { return compact }
        var result: [UInt8] = [UInt8(ascii: "{")]
        result.reserveCapacity(compact.count)
        for member in members where !member.isMarked {
            if result.count > 1 {
                result.append(UInt8(ascii: ","))
            }
            result.append(contentsOf: compact[member.keyStart..<member.valueEnd])
        }
        result.append(UInt8(ascii: "}"))
        return result
    }
}
