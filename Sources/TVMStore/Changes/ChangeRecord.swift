import Foundation
import GRDB

/// One change `tvm-fav refresh` saw: a row of the `change_event` table.
///
/// Rows are appended in the same transaction that saves the fetched records, so an event is recorded exactly
/// when the stored copy changes, and never twice. `from_value`, `to_value` and `episode` hold compact JSON text.
public struct ChangeRecord: Codable, Sendable, Equatable, Identifiable {
    /// The row id, in the order the events were recorded; `nil` before the row is inserted.
    public var id: Int64?
    /// When the refresh that saw it ran.
    public var at: Date
    /// What changed.
    public var kind: ChangeKind
    /// The show id.
    public var showID: Int
    /// The show's name when the event was recorded.
    public var showName: String
    /// The episode's compact record as TVMaze sent it (the old one for a removed episode), or `nil`.
    public var episode: String?
    /// The value before, as JSON text, or `nil`.
    public var from: String?
    /// The value after, as JSON text, or `nil`.
    public var to: String?
    /// When `tvm-fav changes --mark-seen` printed it, or `nil`.
    public var seenAt: Date?

    /// Creates a row from what the diff found.
    ///
    /// - Parameters:
    ///   - at: When the refresh ran.
    public init(_ change: ShowChange, at: Date, showID: Int, showName: String) {
        self.at = at
        kind = change.kind
        self.showID = showID
        self.showName = showName
        episode = change.episode.map { String(decoding: $0, as: UTF8.self) }
        from = change.from.map { String(decoding: $0, as: UTF8.self) }
        to = change.to.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The columns, named as `sqlite3` users see them.
    enum CodingKeys: String, CodingKey {
        case id, at, episode
        case kind = "event"
        case showID = "show_id"
        case showName = "show_name"
        case from = "from_value"
        case to = "to_value"
        case seenAt = "seen_at"
    }

    /// The table's columns, for building requests.
    public enum Columns {
        /// `id`: the order of recording.
        public static let id = Column(CodingKeys.id)
        /// `at`: when the refresh ran.
        public static let at = Column(CodingKeys.at)
        /// `event`: the kind.
        public static let kind = Column(CodingKeys.kind)
        /// `show_id`.
        public static let showID = Column(CodingKeys.showID)
        /// `seen_at`.
        public static let seenAt = Column(CodingKeys.seenAt)
    }
}

extension ChangeRecord: FetchableRecord, MutablePersistableRecord {
    /// The table name, `change_event`.
    public static let databaseTableName = "change_event"

    /// Takes the id SQLite gave the inserted row.
    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
