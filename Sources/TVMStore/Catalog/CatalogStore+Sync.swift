import Foundation
import GRDB

/// What a sync writes: pages and single shows, removals, and where the sync stands. Each call is one transaction.
extension CatalogStore {
    /// The ids TVMaze puts on one index page: page N holds ids 250N to 250N+249.
    public static let idsPerPage = 250

    /// How a page's records are stored.
    public enum PageMode: Sendable {
        /// A first or `--full` sync: the page is the truth for its id range, so stored shows of that range that
        /// it lacks are to be removed when the walk ends (``finishFullSync(endPage:)``).
        case replacingRange
        /// An incremental sync: only records newer than the stored ones are written (an index page may be a day
        /// stale at TVMaze's edge), and nothing is removed.
        case newerOnly
    }

    /// Where syncing stands.
    ///
    /// - Throws: ``CatalogError``.
    public func syncState() throws(CatalogError) -> CatalogSyncState {
        try read("reading the sync state") { db in try CatalogSyncState.fetchOne(db) ?? CatalogSyncState() }
    }

    /// Starts a first or `--full` sync at page 0.
    ///
    /// - Parameter date: When it starts (Unix time).
    /// - Throws: ``CatalogError``.
    public func beginFullSync(at date: Double) throws(CatalogError) {
        try write("starting a sync") { db in
            var state = try CatalogSyncState.fetchOne(db) ?? CatalogSyncState()
            state.fullNextPage = 0
            state.fullStartedAt = date
            try state.save(db)
            try db.execute(sql: "DELETE FROM removal_candidate")
        }
    }

    /// Stores one index page in one transaction: its shows, and, in a full sync, where the sync goes on.
    ///
    /// - Parameters:
    ///   - page: The page number.
    ///   - entries: The page's valid records.
    ///   - mode: Whether the page replaces its id range or only brings newer records.
    ///   - advancesFullSync: Whether the full sync under way goes on at the next page.
    /// - Returns: How many shows were written (added or changed); none is removed, a full sync removes when it
    ///   ends.
    /// - Throws: ``CatalogError``; then nothing was written.
    @discardableResult
    public func storePage(_ page: Int, entries: [CatalogEntry], mode: PageMode, advancesFullSync: Bool)
        throws(CatalogError) -> Int
    {
        var iterator = entries.makeIterator()
        return try storePage(page, mode: mode, advancesFullSync: advancesFullSync) { iterator.next() }
    }

    /// Stores one index page in one transaction, reading its records one at a time from `next` inside it: its
    /// shows, and, in a full sync, where the sync goes on. An error thrown by `next` rolls the page back.
    ///
    /// - Parameters:
    ///   - page: The page number.
    ///   - mode: Whether the page replaces its id range or only brings newer records.
    ///   - advancesFullSync: Whether the full sync under way goes on at the next page.
    ///   - next: The page's next valid record, or `nil` after the last.
    /// - Returns: How many shows were written (added or changed); none is removed, a full sync removes when it
    ///   ends.
    /// - Throws: ``CatalogError``; then nothing was written.
    @discardableResult
    public func storePage(
        _ page: Int, mode: PageMode, advancesFullSync: Bool, next: () throws -> CatalogEntry?
    ) throws(CatalogError) -> Int {
        try write("storing index page \(page)") { db in
            let (written, keep) = try Self.upsert(next, db)
            if mode == .replacingRange {
                let range = (page * Self.idsPerPage)..<((page + 1) * Self.idsPerPage)
                let stale = try CatalogShow.filter(range.contains(CatalogShow.Columns.id))
                    .select(CatalogShow.Columns.id, as: Int.self).fetchAll(db).filter { !keep.contains($0) }
                // Kept until the walk ends: then all are removed, or none when they are too many.
                try db.execute(
                    sql: "DELETE FROM removal_candidate WHERE id >= ? AND id < ?",
                    arguments: [range.lowerBound, range.upperBound])
                for id in stale { try db.execute(sql: "INSERT INTO removal_candidate VALUES (?)", arguments: [id]) }
            }
            if advancesFullSync {
                var state = try CatalogSyncState.fetchOne(db) ?? CatalogSyncState()
                state.fullNextPage = page + 1
                try state.save(db)
            }
            try PendingPage.deleteOne(db, key: page)
            return written
        }
    }

    /// Stores single shows (`/shows/{id}`) that are newer than the stored ones, in one transaction.
    ///
    /// - Parameter entries: The records.
    /// - Returns: How many were written.
    /// - Throws: ``CatalogError``.
    @discardableResult
    public func store(_ entries: [CatalogEntry]) throws(CatalogError) -> Int {
        try write("storing shows") { db in try Self.upsert(entries, db) }
    }

    /// Removes shows, in one transaction.
    ///
    /// - Parameter ids: Show ids; ids not in the catalogue are ignored.
    /// - Returns: How many were removed.
    /// - Throws: ``CatalogError``.
    @discardableResult
    public func remove(ids: [Int]) throws(CatalogError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try write("removing shows") { db in try Self.delete(ids, db) }
    }

    /// The shows a first or `--full` sync whose walk met the end of the index at `endPage` would remove: those
    /// its pages lacked, and those past the end.
    ///
    /// - Parameter endPage: The page that answered 404.
    /// - Throws: ``CatalogError``.
    public func fullSyncRemovals(endPage: Int) throws(CatalogError) -> [Int] {
        try read("reading the shows to remove") { db in try Self.fullSyncRemovals(endPage: endPage, db) }
    }

    private static func fullSyncRemovals(endPage: Int, _ db: Database) throws -> [Int] {
        try Int.fetchAll(
            db,
            sql: """
                SELECT id FROM removal_candidate WHERE id IN (SELECT id FROM show)
                UNION SELECT id FROM show WHERE id >= ?
                """, arguments: [endPage * idsPerPage])
    }

    /// Ends a first or `--full` sync whose walk met the end of the index at `endPage`: the shows its pages lacked
    /// and those past the end are removed, in one transaction, and the sync counts as complete from when it
    /// started.
    ///
    /// - Parameter endPage: The page that answered 404.
    /// - Returns: How many shows were removed.
    /// - Throws: ``CatalogError``.
    @discardableResult
    public func finishFullSync(endPage: Int) throws(CatalogError) -> Int {
        try write("finishing the sync") { db in
            let removed = try Self.delete(try Self.fullSyncRemovals(endPage: endPage, db), db)
            try db.execute(sql: "DELETE FROM removal_candidate")
            var state = try CatalogSyncState.fetchOne(db) ?? CatalogSyncState()
            state.lastSync = state.fullStartedAt ?? Date().timeIntervalSince1970
            state.fullNextPage = nil
            state.fullStartedAt = nil
            try state.save(db)
            return removed
        }
    }

    /// Records that an incremental sync that started at `date` is complete.
    ///
    /// - Parameter date: When it started (Unix time).
    /// - Throws: ``CatalogError``.
    public func finishIncrementalSync(startedAt date: Double) throws(CatalogError) {
        try write("finishing the sync") { db in
            var state = try CatalogSyncState.fetchOne(db) ?? CatalogSyncState()
            state.lastSync = date
            try state.save(db)
        }
    }

    /// Remembers pages to fetch again at the next sync.
    ///
    /// - Parameter pages: The pages and why they failed.
    /// - Throws: ``CatalogError``.
    public func addPending(_ pages: [PendingPage]) throws(CatalogError) {
        guard !pages.isEmpty else { return }
        try write("remembering failed pages") { db in
            for page in pages { try page.upsert(db) }
        }
    }

    /// The pages that failed in an earlier sync, in order.
    ///
    /// - Throws: ``CatalogError``.
    public func pendingPages() throws(CatalogError) -> [Int] {
        try read("reading failed pages") { db in
            try PendingPage.order(PendingPage.Columns.page).fetchAll(db).map(\.page)
        }
    }

    /// Every stored show's `updated` time, by id.
    ///
    /// - Throws: ``CatalogError``.
    public func updatedTimes() throws(CatalogError) -> [Int: Int] {
        try read("reading the catalogue") { db in
            var times: [Int: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, updated FROM show")
            while let row = try rows.next() { times[row[0]] = row[1] }
            return times
        }
    }

    // MARK: - Rows and the full-text index

    /// Writes each entry that is new or newer than the stored row, keeping the full-text index in step.
    private static func upsert(_ entries: [CatalogEntry], _ db: Database) throws -> Int {
        var iterator = entries.makeIterator()
        return try upsert({ iterator.next() }, db).written
    }

    /// Writes the records `next` hands out that are newer than the stored ones; returns how many, and every id
    /// handed out.
    private static func upsert(_ next: () throws -> CatalogEntry?, _ db: Database) throws -> (
        written: Int, ids: Set<Int>
    ) {
        var written = 0
        var ids: Set<Int> = []
        while let entry = try next() {
            let id = entry.show.id
            ids.insert(id)
            let exists: Bool
            if let old = try CatalogRecord.fetchOne(db, key: id) {
                let stored = try Int.fetchOne(db, sql: "SELECT updated FROM show WHERE id = ?", arguments: [id]) ?? 0
                guard entry.show.updated > stored else { continue }
                try unindex(old, db)
                exists = true
            } else {
                exists = false
            }
            try entry.show.save(db)
            // An insert or an update, not `save` (an update, then an insert): each binds the record once.
            let record = CatalogRecord(id: id, record: String(decoding: entry.json, as: UTF8.self))
            if exists { try record.update(db) } else { try record.insert(db) }
            try index(id: id, entry.searchText, db)
            written += 1
        }
        return (written, ids)
    }

    private static func delete(_ ids: [Int], _ db: Database) throws -> Int {
        var removed = 0
        for id in ids {
            guard let old = try CatalogRecord.fetchOne(db, key: id) else { continue }
            try unindex(old, db)
            try CatalogRecord.deleteOne(db, key: id)
            try CatalogShow.deleteOne(db, key: id)
            removed += 1
        }
        return removed
    }

    /// Takes a stored record out of the contentless index, which needs the values it indexed: they are derived
    /// from the stored record again, exactly as when it was written.
    private static func unindex(_ old: CatalogRecord, _ db: Database) throws {
        guard let entry = try? CatalogEntry(json: Array(old.record.utf8)) else { return }
        let text = entry.searchText
        try db.execute(
            sql: """
                INSERT INTO show_search(show_search, rowid, name, genres, channel, summary)
                VALUES ('delete', ?, ?, ?, ?, ?)
                """,
            arguments: [old.id, text.name, text.genres, text.channel, text.summary])
        try db.execute(
            sql: "INSERT INTO show_name(show_name, rowid, name) VALUES ('delete', ?, ?)",
            arguments: [old.id, text.name])
    }
}
