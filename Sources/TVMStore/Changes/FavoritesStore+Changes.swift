import Foundation
import GRDB
import TVMRecords

/// What a refresh's save records besides the records: see ``FavoritesStore/save(batch:at:addingNew:marking:unmarking:refresh:)``.
public struct RefreshRecording: Sendable, Equatable {
    /// The favorites now known up to date: those fetched whole, and those the updates list showed unchanged.
    /// Their `checked_at` becomes the time of the save; the others keep theirs, so the next refresh looks again.
    public var checked: [Int]

    /// Creates the recording.
    ///
    /// - Parameter checked: The favorites known up to date.
    public init(checked: [Int]) {
        self.checked = checked
    }
}

/// What a refresh needs to know of a favorite to decide whether to fetch it.
public struct RefreshState: Sendable, Equatable {
    /// When a refresh last knew it up to date; `nil` when none did.
    public var checkedAt: Date?
    /// The stored record's `updated` (TVMaze's Unix time of its last change).
    public var updated: Int?
    /// Whether its episode list is stored.
    public var hasEpisodes: Bool

    /// Creates a state.
    public init(checkedAt: Date?, updated: Int?, hasEpisodes: Bool) {
        self.checkedAt = checkedAt
        self.updated = updated
        self.hasEpisodes = hasEpisodes
    }
}

extension FavoritesStore {
    /// Each favorite's refresh state, by show id.
    ///
    /// - Throws: ``StoreError``.
    public func refreshStates() async throws(StoreError) -> [Int: RefreshState] {
        try await read("reading favorites") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, checked_at, json_extract(record, '$.updated') AS updated,
                      episodes_at IS NOT NULL AS listed FROM favorite
                    """)
            var states: [Int: RefreshState] = [:]
            for row in rows {
                states[row["id"]] = RefreshState(
                    checkedAt: row["checked_at"], updated: row["updated"], hasEpisodes: row["listed"])
            }
            return states
        }
    }

    /// Compares each favorite in the attached batch with its stored copy and appends the changes to `change_event`.
    ///
    /// Episodes are compared only when the batch holds the show's whole list and a list was stored before.
    /// - Returns: How many events were recorded.
    static func recordChanges(_ db: Database, at date: Date) throws -> Int {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT f.id, s.name, f.record AS old, s.record AS new, f.episodes_at IS NOT NULL AS listed,
                  s.id IN (SELECT show_id FROM batch.episode_list) AS relisted
                FROM batch.show AS s JOIN main.favorite AS f ON f.id = s.id
                WHERE s.record IS NOT NULL
                  AND s.seq = (SELECT max(seq) FROM batch.show AS l WHERE l.id = s.id AND l.record IS NOT NULL)
                ORDER BY f.position
                """)
        var count = 0
        for row in rows {
            let id: Int = row["id"]
            var oldEpisodes: [StoredEpisode]?
            var newEpisodes: [StoredEpisode]?
            if row["listed"] && row["relisted"] {
                oldEpisodes = try StoredEpisode.fetchAll(
                    db, sql: "SELECT * FROM main.episode WHERE show_id = ? ORDER BY position", arguments: [id])
                newEpisodes = try StoredEpisode.fetchAll(
                    db, sql: "SELECT * FROM batch.episode WHERE show_id = ? ORDER BY position", arguments: [id])
            }
            let old: String = row["old"]
            let new: String = row["new"]
            let changes = ChangeDiff.changes(
                oldShow: Array(old.utf8), newShow: Array(new.utf8), oldEpisodes: oldEpisodes, newEpisodes: newEpisodes)
            for change in changes {
                var record = ChangeRecord(change, at: date, showID: id, showName: row["name"])
                try record.insert(db)
                count += 1
            }
        }
        return count
    }

    /// Sets `checked_at` of the favorites a refresh knows up to date.
    static func stampChecked(_ db: Database, _ refresh: RefreshRecording, at date: Date) throws {
        guard !refresh.checked.isEmpty else { return }
        try db.execute(
            sql: "UPDATE main.favorite SET checked_at = ? WHERE id IN (SELECT value FROM json_each(?))",
            arguments: [date, jsonArray(refresh.checked)])
    }

    /// The change events, oldest first: those refreshes recorded, and a `season_complete` for each season of a
    /// favorite whose regular episodes have all aired by `now`, after the show became a favorite.
    ///
    /// - Parameters:
    ///   - now: The time of the run (`TVM_NOW` in tests); seasons complete after it are not reported.
    ///   - since: Only events after this time.
    ///   - unseenOnly: Only events not marked seen.
    ///   - kinds: Only these kinds; all when empty.
    /// - Throws: ``StoreError``.
    public func changeEvents(now: Date, since: Date?, unseenOnly: Bool, kinds: Set<ChangeKind>) async throws(StoreError)
        -> [ChangeEvent]
    {
        try await read("reading changes") { db in
            var request = ChangeRecord.all()
            if let since { request = request.filter(ChangeRecord.Columns.at > since) }
            if unseenOnly { request = request.filter(ChangeRecord.Columns.seenAt == nil) }
            if !kinds.isEmpty { request = request.filter(kinds.contains(ChangeRecord.Columns.kind)) }
            var events = try request.order(ChangeRecord.Columns.at, ChangeRecord.Columns.id).fetchAll(db).map {
                record in
                ChangeEvent(
                    key: .recorded(record.id ?? 0), kind: record.kind, at: record.at, showID: record.showID,
                    showName: record.showName, episode: record.episode.map { Array($0.utf8) },
                    from: record.from.map { Array($0.utf8) }, to: record.to.map { Array($0.utf8) },
                    seen: record.seenAt != nil)
            }
            if kinds.isEmpty || kinds.contains(.seasonComplete) {
                let complete = try Self.completeSeasons(db, now: now).filter { event in
                    (since.map { event.at > $0 } ?? true) && !(unseenOnly && event.seen)
                }
                if !complete.isEmpty {
                    events = (events + complete).enumerated().sorted { left, right in
                        left.element.at != right.element.at
                            ? left.element.at < right.element.at : left.offset < right.offset
                    }.map(\.element)
                }
            }
            return events
        }
    }

    /// A `season_complete` for each season whose regular episodes all aired by `now`, the last one after the show
    /// became a favorite (seasons that ended before are history, not news).
    private static func completeSeasons(_ db: Database, now: Date) throws -> [ChangeEvent] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT e.show_id, f.name, e.season, max(e.airs_at) AS done, f.added_at,
                  (SELECT 1 FROM season_seen AS s WHERE s.show_id = e.show_id AND s.season = e.season) AS seen,
                  (SELECT l.record FROM episode AS l WHERE l.show_id = e.show_id AND l.season = e.season AND l.regular
                   ORDER BY l.airs_at DESC, l.position DESC LIMIT 1) AS last
                FROM episode AS e JOIN favorite AS f ON f.id = e.show_id
                WHERE e.regular AND e.season IS NOT NULL
                GROUP BY e.show_id, e.season
                HAVING count(*) = count(e.airs_at) AND max(e.airs_at) <= :now
                ORDER BY done, e.show_id, e.season
                """,
            arguments: ["now": Int(now.timeIntervalSince1970)])
        return rows.compactMap { row in
            let done = Date(timeIntervalSince1970: Double(row["done"] as Int))
            let addedAt: Date = row["added_at"]
            guard done > addedAt else { return nil }
            let season: Int = row["season"]
            let last: String? = row["last"]
            return ChangeEvent(
                key: .seasonComplete(showID: row["show_id"], season: season), kind: .seasonComplete, at: done,
                showID: row["show_id"], showName: row["name"], episode: last.map { Array($0.utf8) }, from: nil,
                to: JSONText.number(season), seen: row["seen"] != nil)
        }
    }

    /// Marks events seen, in one transaction; events seen before keep their first mark.
    ///
    /// - Parameters:
    ///   - keys: The events.
    ///   - date: When they were printed.
    /// - Throws: ``StoreError``; then nothing was marked.
    public func markSeen(_ keys: [ChangeEvent.Key], at date: Date) async throws(StoreError) {
        guard !keys.isEmpty else { return }
        try await write("marking changes seen") { db in
            var recorded: [Int] = []
            for key in keys {
                switch key {
                case .recorded(let id):
                    recorded.append(Int(id))
                case .seasonComplete(let showID, let season):
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO season_seen (show_id, season, seen_at) VALUES (?, ?, ?)",
                        arguments: [showID, season, date])
                }
            }
            try db.execute(
                sql: """
                    UPDATE change_event SET seen_at = ? WHERE seen_at IS NULL
                      AND id IN (SELECT value FROM json_each(?))
                    """,
                arguments: [date, Self.jsonArray(recorded)])
        }
    }
}
