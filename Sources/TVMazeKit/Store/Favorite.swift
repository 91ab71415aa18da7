import Foundation
import GRDB

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

    /// Reads a row column by column.
    ///
    /// Equivalent to the `Decodable` conformance, written out because GRDB's Codable decoding dominates the
    /// start-up of `tvm-fav list` (it instantiates generic decoders and checks protocol conformances).
    /// - Parameter row: A row of the `favorite` table.
    public init(row: Row) throws {
        id = row[Columns.id]
        name = row[Columns.name]
        record = row[Columns.record]
        addedAt = row[Columns.addedAt]
        updatedAt = row[Columns.updatedAt]
        position = row[Columns.position]
    }

    /// Writes the columns, for the same reason as ``init(row:)``: a 50,000-show `add` encodes every row.
    ///
    /// - Parameter container: The container GRDB fills the statement from.
    public func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.name] = name
        container[Columns.record] = record
        container[Columns.addedAt] = addedAt
        container[Columns.updatedAt] = updatedAt
        container[Columns.position] = position
    }
}
