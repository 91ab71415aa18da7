import TVMRecords

/// A complete TVMaze show record, ready to be saved: its id, its name and its compact JSON without `_tvm`.
///
/// "Complete" means an object that ``TVMazeRecordKind`` recognises as a show, with a positive integer `id`
/// and a string `name`: what `/shows/{id}`, `/shows?page=N` and the `show` of a search result hold. A bare
/// `{"id":1}` is not complete; `tvm-fav add` fetches such shows first.
///
/// ```swift
/// let show = try ShowRecord(json: Array(body))   // nil for anything but a complete show
/// print(show?.id, show?.name)                    // Optional(1) Optional("Under the Dome")
/// ```
public struct ShowRecord: Sendable, Equatable {
    /// The TVMaze show id.
    public let id: Int
    /// The show's name, without NUL characters (SQLite's text would end at the first).
    public let name: String
    /// The compact record: every member in its original order and spelling, minus top-level `_tvm` members.
    public let json: [UInt8]

    /// Reads a complete show record.
    ///
    /// - Parameter bytes: One JSON value, e.g. the body of `/shows/1` or one line of `tvm-fetch shows`.
    /// - Returns: `nil` when the value is valid JSON but not a complete show record.
    /// - Throws: ``RawJSONError`` when the bytes are not one valid JSON value.
    public init?(json bytes: some Collection<UInt8>) throws(RawJSONError) {
        guard let object = try ScannedObject.scan(bytes), let record = Self.complete(object) else { return nil }
        self = record
    }

    private init(id: Int, name: String, json: [UInt8]) {
        self.id = id
        self.name = name
        self.json = json
    }

    /// The complete show in a scanned object, or `nil`.
    static func complete(_ object: ScannedObject) -> ShowRecord? {
        var keys: [String] = []
        keys.reserveCapacity(object.members.count)
        var id: Int?
        var name: String?
        for (index, member) in object.members.enumerated() where !member.isMarked {
            let key = object.keys[index]
            keys.append(key)
            // As in jq and RawJSON.value(forKey:in:), the last of duplicate keys wins.
            if key == "id" {
                id = RawJSON.integer(object.value(member))
            } else if key == "name" {
                name = (try? JSONString.decode(object.value(member)))?.replacingOccurrences(of: "\u{0}", with: "")
            }
        }
        guard let id, id > 0, let name, TVMazeRecordKind.detect(keys: keys) == .show else { return nil }
        return ShowRecord(id: id, name: name, json: object.compactWithoutMarked())
    }

    /// The complete show held by the compact object text `bytes` (a `show` member's value), or `nil`.
    static func complete(inValue bytes: [UInt8]) -> ShowRecord? {
        guard bytes.first == UInt8(ascii: "{"), let object = try? ScannedObject.scan(bytes) else { return nil }
        return complete(object)
    }
}
