import Foundation
import GRDB

/// A favorite that TVMaze answered 404 for: a row of the `favorite_missing` table.
///
/// A refresh that fetches the show again removes the row. After ``FavoritesStore/goneAfter`` of 404s the show is
/// marked gone (``goneAt``): `tvm-fav list` says so, and the refresh reports it that once.
public struct MissingFavorite: Codable, Sendable, Equatable {
    /// The TVMaze show id; the primary key.
    public var showID: Int
    /// When the first 404 of this run of them was seen.
    public var since: Date
    /// When the show was marked gone, or `nil` while it is only missing.
    public var goneAt: Date?

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - showID: The show.
    ///   - since: The first 404.
    ///   - goneAt: When it was marked gone.
    public init(showID: Int, since: Date, goneAt: Date? = nil) {
        self.showID = showID
        self.since = since
        self.goneAt = goneAt
    }

    /// The columns.
    enum CodingKeys: String, CodingKey {
        case since
        case showID = "show_id"
        case goneAt = "gone_at"
    }

    /// The table's columns, for building requests.
    public enum Columns {
        /// `show_id`: the show.
        public static let showID = Column(CodingKeys.showID)
        /// `since`: the first 404.
        public static let since = Column(CodingKeys.since)
        /// `gone_at`: when it was marked gone.
        public static let goneAt = Column(CodingKeys.goneAt)
    }
}

extension MissingFavorite: FetchableRecord, PersistableRecord {
    /// The table name, `favorite_missing`.
    public static let databaseTableName = "favorite_missing"
}
