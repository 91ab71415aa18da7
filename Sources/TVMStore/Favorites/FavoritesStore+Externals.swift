import GRDB

/// A favorite as an import places shows: its id, name, other services' ids, and whether its episodes are stored.
public struct FavoriteExternals: Sendable, Equatable {
    /// The TVMaze id.
    public var id: Int
    /// The name.
    public var name: String
    /// `externals.thetvdb`.
    public var thetvdb: Int?
    /// `externals.imdb`.
    public var imdb: String?
    /// Whether its episode list is stored.
    public var hasEpisodes: Bool
}

extension FavoritesStore {
    /// Every favorite's ids at other services, read from the records by SQLite (the records stay on disk).
    ///
    /// - Throws: ``StoreError``.
    public func externals() async throws(StoreError) -> [FavoriteExternals] {
        try await read("reading favorites") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, json_extract(record, '$.externals.thetvdb') AS tvdb,
                      json_extract(record, '$.externals.imdb') AS imdb, episodes_at IS NOT NULL AS listed
                    FROM favorite ORDER BY position
                    """
            ).map { row in
                FavoriteExternals(
                    id: row["id"], name: row["name"], thetvdb: row["tvdb"], imdb: row["imdb"],
                    hasEpisodes: row["listed"])
            }
        }
    }
}
