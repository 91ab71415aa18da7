import Foundation
import GRDB
import TVMRecords

/// One saved TV show: a row of the `favorite` table.
///
/// The whole show record is kept as TVMaze sent it (minus the toolkit's `_tvm` member), as compact JSON text
/// with every field in its order, so that `tvm-fav list` can print exactly what was saved. The show id and
/// name are copied into their own columns to sort and look up by.
///
/// ```swift
/// let favorites = try store.favorites(sortedBy: .name)
/// print(favorites.map(\.name))
/// ```
public struct Favorite: Codable, Sendable, Equatable, Identifiable {
    /// The TVMaze show id; the primary key.
    public var id: Int
    /// The show's name, as in the record.
    public var name: String
    /// The compact JSON text of the show record, without `_tvm`.
    public var record: String
    /// When the show was first saved; re-adding it keeps this date.
    public var addedAt: Date
    /// When the record was last written (added, re-added or refreshed).
    public var updatedAt: Date
    /// The order of saving: 1 for the first favorite ever saved, growing with each new one.
    ///
    /// Favorites saved in one batch share ``addedAt`` but keep the order of their input lines here.
    public var position: Int

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - show: The show record to keep.
    ///   - addedAt: When it was first saved.
    ///   - updatedAt: When it was last written.
    ///   - position: Its place in the order of saving.
    public init(show: ShowRecord, addedAt: Date, updatedAt: Date, position: Int) {
        self.id = show.id
        self.name = show.name
        self.record = String(decoding: show.json, as: UTF8.self)
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.position = position
    }

    /// The stored record as UTF-8 bytes, ready to be written as one JSON line.
    public var recordBytes: [UInt8] { Array(record.utf8) }

    /// The stored record with toolkit fields under `_tvm`: the same bytes as ``RawJSON/addingTVM(_:to:)``.
    ///
    /// A saved record is compact, valid (the table checks `json_valid`) and has no `_tvm` (saving drops it), so
    /// the fields are spliced in before its closing brace without scanning it again: `tvm-fav list` does this
    /// for every favorite. A record that is not of that form (edited outside tvm) is handed to `addingTVM`.
    /// - Parameter fields: Keys and compact JSON texts of their values, as ``JSONText`` builds them.
    /// - Returns: The record's bytes with `"_tvm":{…}` as its last member.
    /// - Throws: ``RawJSONError`` from `addingTVM`, for a record that is not a JSON object.
    public func recordAddingTVM(_ fields: [(key: String, value: [UInt8])]) throws(RawJSONError) -> [UInt8] {
        var bytes = recordBytes
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}"),
            !Self.mentionsTVM(bytes)
        else { return try RawJSON.addingTVM(fields, to: bytes) }
        bytes.removeLast()
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes += Array(#""_tvm":{"#.utf8)
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += JSONText.string(field.key)
            bytes.append(UInt8(ascii: ":"))
            bytes += field.value
        }
        bytes += Array("}}".utf8)
        return bytes
    }

    /// Whether `"_tvm"` occurs anywhere in the text (at any depth: then the careful path decides).
    private static func mentionsTVM(_ bytes: [UInt8]) -> Bool {
        let needle = Array(#""_tvm""#.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The columns, named as the issue and `sqlite3` users see them.
    enum CodingKeys: String, CodingKey {
        case id, name, record, position
        case addedAt = "added_at"
        case updatedAt = "updated_at"
    }

    /// The table's columns, for building requests.
    public enum Columns {
        /// `id`: the TVMaze show id.
        public static let id = Column(CodingKeys.id)
        /// `name`: the show's name.
        public static let name = Column(CodingKeys.name)
        /// `record`: the show record as JSON text.
        public static let record = Column(CodingKeys.record)
        /// `added_at`: when the show was first saved.
        public static let addedAt = Column(CodingKeys.addedAt)
        /// `updated_at`: when the row was last written.
        public static let updatedAt = Column(CodingKeys.updatedAt)
        /// `position`: the order of saving.
        public static let position = Column(CodingKeys.position)
    }
}

extension Favorite: FetchableRecord, PersistableRecord {
    /// The table name, `favorite` (singular, as GRDB recommends).
    public static let databaseTableName = "favorite"
}
