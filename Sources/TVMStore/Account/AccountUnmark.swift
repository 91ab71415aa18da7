import Foundation
import GRDB

/// A local unmark of a mark TVMaze has: a row of `account_unmark`, waiting for `tvm-fav push` to send it.
///
/// Rows are written by a trigger when a mark with a ledger row is deleted (so `tvm-fav unwatch` needs no change),
/// and dropped when the episode is marked again. A free account cannot send them: the push says so once
/// (`reported`), and `tvm-fav pull` does not bring those marks back.
public struct AccountUnmark: Codable, Sendable, Equatable, Hashable {
    /// The episode.
    public var episodeID: Int
    /// Its show.
    public var showID: Int
    /// When the mark was removed.
    public var unmarkedAt: Date
    /// Whether a push already said it cannot be sent (a free account).
    public var reported: Bool

    enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case showID = "show_id"
        case unmarkedAt = "unmarked_at"
        case reported
    }

    /// The table's columns.
    public enum Columns {
        /// `episode_id`.
        public static let episodeID = Column(CodingKeys.episodeID)
        /// `reported`.
        public static let reported = Column(CodingKeys.reported)
    }
}

extension AccountUnmark: FetchableRecord, PersistableRecord {
    /// The table name, `account_unmark`.
    public static let databaseTableName = "account_unmark"
}
