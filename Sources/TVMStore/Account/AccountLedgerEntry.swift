import GRDB

/// A mark TVMaze confirmed having: a row of `account_ledger`.
///
/// `tvm-fav push` sends the local marks whose time or type differs from their ledger row (or that have none), and
/// writes a row only for what TVMaze confirmed, so a second push sends nothing and a push cut short resends only
/// what was not confirmed. `tvm-fav pull` writes a row for each mark TVMaze listed.
public struct AccountLedgerEntry: Codable, Sendable, Equatable, Hashable {
    /// The episode.
    public var episodeID: Int
    /// The mark's time on TVMaze, Unix seconds; 0 unknown.
    public var markedAt: Int
    /// The mark's type on TVMaze: 0 watched, 1 acquired, 2 skipped.
    public var type: Int

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - episodeID: The episode.
    ///   - markedAt: Unix seconds, 0 unknown.
    ///   - type: 0 watched, 1 acquired, 2 skipped.
    public init(episodeID: Int, markedAt: Int, type: Int = 0) {
        self.episodeID = episodeID
        self.markedAt = markedAt
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case markedAt = "marked_at"
        case type
    }

    /// The table's columns.
    public enum Columns {
        /// `episode_id`.
        public static let episodeID = Column(CodingKeys.episodeID)
    }
}

extension AccountLedgerEntry: FetchableRecord, PersistableRecord {
    /// The table name, `account_ledger`.
    public static let databaseTableName = "account_ledger"
}
