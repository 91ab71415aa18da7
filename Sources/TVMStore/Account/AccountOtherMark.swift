import Foundation
import GRDB
import TVMRecords

/// A mark TVMaze holds that is not "watched": acquired (1) or skipped (2). A row of `account_other_mark`.
///
/// Kept apart from `watched`, so it never counts as watched; printed under `_tvm`.
public struct AccountOtherMark: Codable, Sendable, Equatable, Hashable {
    /// The episode.
    public var episodeID: Int
    /// Its show.
    public var showID: Int
    /// 1 acquired, 2 skipped.
    public var type: Int
    /// Unix seconds, 0 unknown.
    public var markedAt: Int

    /// Creates a row.
    public init(episodeID: Int, showID: Int, type: Int, markedAt: Int) {
        self.episodeID = episodeID
        self.showID = showID
        self.type = type
        self.markedAt = markedAt
    }

    /// The type's name: `acquired`, `skipped`.
    public var typeName: String { type == 1 ? "acquired" : "skipped" }

    /// The line `tvm-fav pull` prints for it: `{"episode":1,"show":1,"watched_at":null,"_tvm":{"mark":"skipped",
    /// "marked_at":"2024-03-01T20:00:00.000Z"}}` (`marked_at` null when unknown).
    public var json: [UInt8] {
        let time =
            markedAt == 0
            ? Array("null".utf8) : JSONText.string(DatabaseDate.iso8601(Date(timeIntervalSince1970: Double(markedAt))))
        return Array(#"{"episode":"#.utf8) + JSONText.number(episodeID) + Array(#","show":"#.utf8)
            + JSONText.number(showID) + Array(#","watched_at":null,"_tvm":{"mark":"#.utf8) + JSONText.string(typeName)
            + Array(#","marked_at":"#.utf8) + time + Array("}}".utf8)
    }

    enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case showID = "show_id"
        case type
        case markedAt = "marked_at"
    }
}

extension AccountOtherMark: FetchableRecord, PersistableRecord {
    /// The table name, `account_other_mark`.
    public static let databaseTableName = "account_other_mark"
}
