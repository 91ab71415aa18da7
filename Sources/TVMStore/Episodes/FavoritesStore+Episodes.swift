import Foundation
import GRDB
import TVMRecords

extension FavoritesStore {
    /// A favorite's stored episodes, in TVMaze's order.
    ///
    /// - Returns: The episodes; empty when none are stored.
    /// - Throws: ``StoreError``.
    public func episodes(showID: Int) async throws(StoreError) -> [StoredEpisode] {
        try await read("reading episodes") { db in
            try StoredEpisode.filter(StoredEpisode.Columns.showID == showID).order(StoredEpisode.Columns.position)
                .fetchAll(db)
        }
    }

    /// A favorite whose episode list is kept, and its stored episodes, read together: what `tvm-episodes` answers
    /// from when the network and the HTTP cache cannot.
    ///
    /// - Returns: The favorite and its episodes in TVMaze's order; `nil` when the show is not a favorite, or its
    ///   episodes were never stored.
    /// - Throws: ``StoreError``.
    public func keptEpisodes(showID: Int) async throws(StoreError) -> (favorite: Favorite, episodes: [StoredEpisode])? {
        // Cached statements: `tvm-episodes` reads this once per show on stdin, and preparing the statements
        // each time (GRDB's query builder and authorizer) was a third of the read's cost.
        try await read("reading episodes") { db in
            guard
                let favorite = try Favorite.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM favorite WHERE id = ? AND episodes_at IS NOT NULL"),
                    arguments: [showID])
            else { return nil }
            let episodes = try StoredEpisode.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM episode WHERE show_id = ? ORDER BY position"),
                arguments: [showID])
            return (favorite, episodes)
        }
    }

    /// The episodes of some shows (a JSON array of ids) airing in a window (first and last second), by the index
    /// `episode_window`.
    static let episodesAiringSQL = """
        SELECT e.* FROM json_each(?) AS s JOIN episode AS e ON e.show_id = s.value
        WHERE e.airs_at BETWEEN ? AND ? ORDER BY e.show_id, e.position
        """

    /// Favorites whose episode lists are kept, each with its stored episodes airing in a window, in one read:
    /// what `tvm-episodes --upcoming` answers from when the network and the HTTP cache cannot.
    ///
    /// - Parameters:
    ///   - showIDs: The shows.
    ///   - window: Air times to keep, seconds since the epoch (``StoredEpisode/airsAt``), both ends included, and
    ///     36 hours before it, for the all-day episodes ``EpisodeFacts/airs(in:)`` keeps.
    /// - Returns: By show id, each favorite whose episode list is kept and its episodes in the window, in TVMaze's
    ///   order; the other shows are left out.
    /// - Throws: ``StoreError``.
    public func keptEpisodes(showIDs: Set<Int>, airing window: ClosedRange<Int>) async throws(StoreError)
        -> [Int: (favorite: Favorite, episodes: [StoredEpisode])]
    {
        guard !showIDs.isEmpty else { return [:] }
        let ids = Self.jsonArray(showIDs.sorted())
        return try await read("reading episodes") { db in
            var kept: [Int: (favorite: Favorite, episodes: [StoredEpisode])] = [:]
            let favorites = try Favorite.fetchAll(
                db,
                sql: "SELECT * FROM favorite WHERE id IN (SELECT value FROM json_each(?)) AND episodes_at IS NOT NULL",
                arguments: [ids])
            for favorite in favorites { kept[favorite.id] = (favorite, []) }
            // From earlier than the window: an all-day episode stays upcoming through its date (EpisodeFacts).
            let episodes = try StoredEpisode.fetchAll(
                db, sql: Self.episodesAiringSQL,
                arguments: [ids, window.lowerBound - EpisodeFacts.allDayGrace, window.upperBound])
            for episode in episodes { kept[episode.showID]?.episodes.append(episode) }
            return kept
        }
    }

    /// Stored episodes by id (ids not stored are left out).
    ///
    /// - Parameter ids: Episode ids.
    /// - Throws: ``StoreError``.
    public func episodes(ids: [Int]) async throws(StoreError) -> [Int: StoredEpisode] {
        guard !ids.isEmpty else { return [:] }
        return try await read("reading episodes") { db in
            var found: [Int: StoredEpisode] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(start + 500, ids.count)]
                for episode in try StoredEpisode.filter(chunk.contains(StoredEpisode.Columns.id)).fetchAll(db) {
                    found[episode.id] = episode
                }
            }
            return found
        }
    }

    /// The favorites among `showIDs` whose episode lists are stored.
    ///
    /// - Parameter showIDs: Show ids.
    /// - Throws: ``StoreError``.
    public func showsWithEpisodes(among showIDs: [Int]) async throws(StoreError) -> Set<Int> {
        guard !showIDs.isEmpty else { return [] }
        return try await read("reading favorites") { db in
            Set(
                try Int.fetchAll(
                    db,
                    sql:
                        "SELECT id FROM favorite WHERE episodes_at IS NOT NULL AND id IN (SELECT value FROM json_each(?))",
                    arguments: [Self.jsonArray(showIDs)]))
        }
    }

    /// The watched marks of some episodes, by episode id.
    ///
    /// - Parameter episodeIDs: Episode ids.
    /// - Throws: ``StoreError``.
    public func marks(episodeIDs: [Int]) async throws(StoreError) -> [Int: WatchMark] {
        guard !episodeIDs.isEmpty else { return [:] }
        return try await read("reading watched marks") { db in
            let marks = try WatchMark.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM watched WHERE episode_id IN (SELECT value FROM json_each(?))"),
                arguments: [Self.jsonArray(episodeIDs)])
            return Dictionary(marks.map { ($0.episodeID, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Every watched mark, oldest first (then by episode id).
    ///
    /// - Parameter showID: Only this show's marks, when given.
    /// - Throws: ``StoreError``.
    public func marks(showID: Int? = nil) async throws(StoreError) -> [WatchMark] {
        try await read("reading watched marks") { db in
            var request = WatchMark.all()
            if let showID { request = request.filter(WatchMark.Columns.showID == showID) }
            return try request.order(WatchMark.Columns.watchedAt, WatchMark.Columns.episodeID).fetchAll(db)
        }
    }

    /// `upNext(now:)`'s query: per favorite, the counts and the first unwatched aired regular episode, each
    /// answered from the index `episode_order` alone (`:now` is the time of the run).
    ///
    /// `regular = 1`, not `regular`: only an equality lets SQLite walk `episode_order`. `+e.airs_at`: the unary
    /// `+` keeps SQLite from choosing `episode_window` (show, air time) for the aired count, which would then read
    /// every aired row of the table to check `regular`.
    static let upNextSQL: String = {
        let regular = "e.show_id = f.id AND e.regular = 1"
        let aired = "\(regular) AND +e.airs_at <= :now"
        // MATERIALIZED: flattened into the outer query, each correlated subquery its columns name ran once per
        // reference (next_id for the join and the output, last_watched for the output and the order).
        return """
            WITH p AS MATERIALIZED (
              SELECT f.id, f.name, f.episodes_at IS NOT NULL AS listed,
                (SELECT count(*) FROM episode AS e WHERE \(regular)) AS total,
                (SELECT count(*) FROM episode AS e WHERE \(aired)) AS aired,
                (SELECT count(*) FROM episode AS e JOIN watched AS w ON w.episode_id = e.id WHERE \(regular))
                  AS watched,
                (SELECT e.id FROM episode AS e WHERE \(aired)
                  AND NOT EXISTS (SELECT 1 FROM watched AS w WHERE w.episode_id = e.id)
                  ORDER BY e.season, e.number, e.position LIMIT 1) AS next_id,
                (SELECT max(w.watched_at) FROM watched AS w WHERE w.show_id = f.id) AS last_watched
              FROM favorite AS f
            )
            SELECT p.*, n.record AS next FROM p LEFT JOIN episode AS n ON n.id = p.next_id
            ORDER BY p.last_watched IS NULL, p.last_watched DESC, p.name COLLATE NOCASE, p.id
            """
    }()

    /// Each favorite's next episode to watch and its progress, in `tvm-fav next`'s order: the shows watched most
    /// recently first, then the others by name.
    ///
    /// Counts leave specials out. An episode has aired when its `airstamp` (else the start of its `airdate`, UTC)
    /// is at or before `now`.
    /// - Parameter now: The time of the run, seconds since the epoch.
    /// - Returns: One line per favorite, with or without an episode left.
    /// - Throws: ``StoreError``.
    public func upNext(now: Int) async throws(StoreError) -> [UpNext] {
        try await read("reading episodes") { db in
            let rows = try Row.fetchAll(db, sql: Self.upNextSQL, arguments: ["now": now])
            return rows.map { row in
                UpNext(
                    showID: row["id"], showName: row["name"], episode: row["next"], watched: row["watched"],
                    aired: row["aired"], total: row["total"], hasEpisodeList: row["listed"])
            }
        }
    }

    /// Ids as a JSON array, for `json_each(?)`: one statement whatever the number of ids.
    static func jsonArray(_ ids: [Int]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
