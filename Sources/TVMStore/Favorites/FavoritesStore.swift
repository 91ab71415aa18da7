import Foundation
import GRDB
import TVMRecords

/// The favorites database: saved TV shows, kept whole, readable offline.
///
/// A file database is a GRDB `DatabasePool` in WAL mode, so readers never wait for a writer; writers wait
/// for each other up to the lock timeout (SQLite's busy timeout). The schema comes from named migrations
/// (``migrator``). Every write is one transaction: a batch is saved whole or not at all.
///
/// ```swift
/// let store = try await FavoritesStore(path: directories.data + "/tvm.sqlite")
/// let summary = try await store.save([show])   // added 1, updated 0
/// let all = try await store.favorites(sortedBy: .added)
/// ```
public final class FavoritesStore: Sendable {
    /// The lock timeout used when none is given, in seconds.
    public static let defaultLockTimeout: Double = 5

    /// The database file, or `:memory:` for an in-memory database.
    public let path: String
    /// How long a write waits for another process's lock before failing, in seconds.
    public let lockTimeout: Double
    private let writer: any DatabaseWriter

    /// How a database file is opened.
    public enum Access: Sendable {
        /// For saving and deleting: a WAL `DatabasePool`; the file and its folder are created if missing.
        case readWrite
        /// For reading only: one read-only connection, which never writes and never takes the write lock.
        ///
        /// The file must exist. When its schema is not up to date, or it cannot be read without writing
        /// (a WAL left by a crash that needs recovery), it is opened read-write instead.
        case readOnly
    }

    /// Opens the database file and makes sure its schema is up to date.
    ///
    /// - Parameters:
    ///   - path: The database file, e.g. `$XDG_DATA_HOME/tvm/tvm.sqlite`.
    ///   - lockTimeout: How long to wait for a lock held by another process, in seconds.
    ///   - access: Whether the store will write; `.readWrite` creates the file and its folder if missing.
    /// - Throws: ``StoreError`` when the folder, the file or the schema cannot be set up.
    public convenience init(path: String, lockTimeout: Double = defaultLockTimeout, access: Access = .readWrite)
        async throws(StoreError)
    {
        if FilePath.namesFolder(path) {
            throw .cannotOpen(
                path: path,
                reason: "it names a folder; give a file path, such as \(FilePath.inFolder(path, "tvm.sqlite"))")
        }
        if let kind = FilePath.nonRegularKind(path) {
            throw .cannotOpen(
                path: path,
                reason: "it is \(kind), not a regular file; give the path of a database file or of one to create")
        }
        if access == .readOnly, let store = try Self.openedForReading(path: path, lockTimeout: lockTimeout) {
            self.init(checked: store.writer, path: path, lockTimeout: lockTimeout)
            return
        }
        let configuration = Self.configuration(lockTimeout: lockTimeout, readonly: false)
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreateFolder(path: folder, reason: error.localizedDescription)
            }
        }
        // Creating the file and migrating it happen under a lock on its folder, so that two processes that find
        // no database never create the schema at the same time (one of them used to fail at once with SQLITE_BUSY
        // and lose its batch). See SetupLock.
        let pool = try SetupLock.holding(folder: folder.isEmpty ? "." : folder, path: path, timeout: lockTimeout) {
            () throws(StoreError) -> DatabasePool in
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: configuration)
            } catch {
                throw StoreError.from(error, path: path, operation: "opening", timeout: lockTimeout)
            }
            try Self.prepareSchema(of: pool, path: path, lockTimeout: lockTimeout)
            return pool
        }
        self.init(checked: pool, path: path, lockTimeout: lockTimeout)
    }

    /// Uses an open database, bringing its schema up to date; unit tests pass an in-memory `DatabaseQueue()`.
    ///
    /// - Parameters:
    ///   - writer: The database connection(s).
    ///   - path: The file, for messages; the writer's own path by default.
    ///   - lockTimeout: The lock timeout the writer was configured with, for messages.
    /// - Throws: ``StoreError`` when the schema cannot be set up, or was written by a newer version.
    public convenience init(
        writer: any DatabaseWriter, path: String? = nil, lockTimeout: Double = defaultLockTimeout
    ) async throws(StoreError) {
        let path = path ?? writer.path
        try Self.prepareSchema(of: writer, path: path, lockTimeout: lockTimeout)
        self.init(checked: writer, path: path, lockTimeout: lockTimeout)
    }

    /// Brings the schema up to date: applies the migrations not applied yet.
    private static func prepareSchema(of writer: any DatabaseWriter, path: String, lockTimeout: Double)
        throws(StoreError)
    {
        let state: SchemaState
        do {
            state = try schemaState(of: writer)
        } catch {
            throw StoreError.from(error, path: path, operation: "opening", timeout: lockTimeout)
        }
        if !state.unknown.isEmpty {
            throw .unknownSchema(path: path, migrations: state.unknown)
        }
        if !state.completed {
            do {
                try migrator.migrate(writer)
            } catch {
                throw StoreError.from(error, path: path, operation: "creating the tables", timeout: lockTimeout)
            }
        }
    }

    private init(checked writer: any DatabaseWriter, path: String, lockTimeout: Double) {
        self.writer = writer
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// Opens an existing database file with one read-only connection, if it can be read as it is.
    ///
    /// A file this process cannot write (another user's, a read-only one, or in a read-only folder) is opened
    /// immutable (``ReadOnlyFile``), unless its `-shm` is there: the `-shm` a WAL reader makes would stop writers.
    /// - Returns: The store, or `nil` when the file is missing, or cannot be opened read-only or its schema is not
    ///   this version's and it can be written; then `init(path:lockTimeout:access:)` knows what to do (create,
    ///   migrate, report).
    /// - Throws: ``StoreError/needsUpgrade(path:)`` for an older file that cannot be written,
    ///   ``StoreError/unknownSchema(path:migrations:)`` for a newer one, or what opening it immutable met.
    private static func openedForReading(path: String, lockTimeout: Double = defaultLockTimeout) throws(StoreError)
        -> FavoritesStore?
    {
        let configuration = configuration(lockTimeout: lockTimeout, readonly: true)
        if ReadOnlyFile.mayShare(path), let queue = try? DatabaseQueue(path: path, configuration: configuration),
            let schema = try? schemaState(of: queue), schema.completed, schema.unknown.isEmpty
        {
            return FavoritesStore(checked: queue, path: path, lockTimeout: lockTimeout)
        }
        guard FileManager.default.fileExists(atPath: path), !ReadOnlyFile.canWrite(path) else { return nil }
        let queue: DatabaseQueue
        let schema: SchemaState
        do {
            guard let opened = try ReadOnlyFile.openImmutable(path, configuration: configuration) else { return nil }
            queue = opened
            schema = try schemaState(of: queue)
        } catch {
            throw StoreError.from(error, path: path, operation: "opening", timeout: lockTimeout)
        }
        if !schema.unknown.isEmpty { throw .unknownSchema(path: path, migrations: schema.unknown) }
        if !schema.completed { throw .needsUpgrade(path: path) }
        return FavoritesStore(checked: queue, path: path, lockTimeout: lockTimeout)
    }

    private static func configuration(lockTimeout: Double, readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockTimeout)
        configuration.label = "tvm.favorites"
        configuration.readonly = readonly
        return configuration
    }

    /// Whether every migration was applied, and which applied ones this version does not know.
    private struct SchemaState {
        var completed: Bool
        var unknown: [String]
    }

    /// Reads the applied migrations once (GRDB's `grdb_migrations` table, absent in a new database).
    private static func schemaState(of reader: any DatabaseReader) throws -> SchemaState {
        let known = migrator.migrations
        let applied: Set<String> = try reader.read { db in
            // One query, not a schema lookup first: this runs at every start of tvm-fav list.
            do {
                return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
            } catch let error as DatabaseError where error.message?.hasPrefix("no such table") == true {
                return []
            }
        }
        return SchemaState(
            completed: known.allSatisfy(applied.contains),
            unknown: applied.subtracting(known).sorted())
    }

    // MARK: - Writing

    /// Saves complete show records in one transaction: new shows are added, known ones get the new record.
    ///
    /// A show saved again keeps its place in the order of saving and its ``Favorite/addedAt``. Records are
    /// written in the order given; the same id twice is added once, then updated. The records go through a
    /// ``FavoritesBatch`` in the temporary folder, so that there is one way of saving: ``save(batch:at:)``.
    /// - Parameters:
    ///   - shows: The records.
    ///   - date: The time to stamp them with.
    /// - Returns: How many were added and how many updated.
    /// - Throws: ``StoreError``; then nothing was written.
    public func save(_ shows: [ShowRecord], at date: Date = Date()) async throws(StoreError) -> SaveSummary {
        guard !shows.isEmpty else { return SaveSummary() }
        let batch = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        for show in shows { try batch.append(show) }
        return try await save(batch: batch, at: date)
    }

    /// Saves a batch gathered on disk in one short transaction, as ``save(_:at:)`` saves records in memory.
    ///
    /// New shows are added in batch order (a show twice is added at its first place, with its last record); known
    /// ones get the new record and keep their place. Each show whose episode list the batch holds
    /// (``FavoritesBatch/setEpisodes(showID:records:)``) gets exactly those episodes: new ones are added, changed
    /// ones updated, and those TVMaze no longer lists are dropped; watched marks are never touched by that.
    /// - Parameters:
    ///   - batch: The batch; its placeholders still empty are left out.
    ///   - date: The time to stamp the rows with.
    ///   - addingNew: Whether shows that are not favorites are added (`tvm-fav add`), or left out (`tvm-fav
    ///     refresh`, so that a show deleted while it was being fetched stays deleted).
    ///   - marking: Watched marks to add in the same transaction; an episode already marked keeps its mark.
    ///   - earlierMarkWins: Whether a mark of an episode already marked replaces its time when it is earlier (or
    ///     the stored one has none): `tvm-fav import`, whose history may know better when an episode was first seen.
    ///   - unmarking: Episode ids whose marks are removed in the same transaction.
    ///   - refresh: For `tvm-fav refresh`: stamp the shows known up to date (``RefreshRecording``). Whoever saves,
    ///     what changed in a favorite whose record the batch replaces is recorded as events, in the same
    ///     transaction: a refresh after an `add` that brought the news has nothing left to compare.
    ///   - checked: Shows fetched whole (record and episode list) for this save: stamped known up to date, so that
    ///     the next refresh asks the updates list about them instead of fetching them again.
    /// - Returns: How many records added a favorite and how many updated one, the marks added or changed, and
    ///   the events recorded.
    /// - Throws: ``StoreError``; then nothing was written.
    public func save(
        batch: FavoritesBatch, at date: Date = Date(), addingNew: Bool = true, marking: [WatchMark] = [],
        earlierMarkWins: Bool = false, unmarking: [Int] = [], refresh: RefreshRecording? = nil, checked: [Int] = []
    ) async throws(StoreError) -> SaveSummary {
        try batch.commitPending()
        let scratch = batch.path
        do {
            return try await writer.writeWithoutTransaction { db in
                // ATTACH cannot happen inside a transaction; the copy itself is one IMMEDIATE transaction.
                try db.execute(sql: "ATTACH DATABASE ? AS batch", arguments: [scratch])
                defer { try? db.execute(sql: "DETACH DATABASE batch") }
                var summary = SaveSummary()
                try db.inTransaction(.immediate) {
                    // The diff reads the stored copies before they are replaced, in the same transaction: two
                    // refreshes at once each see what the other saved, so no change is recorded twice.
                    let changes = try Self.recordChanges(db, at: date)
                    summary = try Self.copyShows(db, at: date, addingNew: addingNew)
                    summary.changes = changes
                    try Self.copyEpisodes(db, at: date)
                    summary.marked = try Self.change(
                        db, marking: marking, earlierWins: earlierMarkWins, unmarking: unmarking)
                    if let refresh { try Self.stampChecked(db, refresh, at: date) }
                    if !checked.isEmpty { try Self.stampChecked(db, RefreshRecording(checked: checked), at: date) }
                    return .commit
                }
                return summary
            }
        } catch {
            throw StoreError.from(error, path: path, operation: "saving favorites", timeout: lockTimeout)
        }
    }

    /// Copies the attached batch's shows into `favorite`.
    private static func copyShows(_ db: Database, at date: Date, addingNew: Bool) throws -> SaveSummary {
        var summary = SaveSummary()
        let last = "(SELECT max(seq) FROM batch.show AS l WHERE l.id = s.id AND l.record IS NOT NULL)"
        try db.execute(
            sql: """
                UPDATE favorite SET name = s.name, record = s.record, updated_at = :date
                FROM batch.show AS s WHERE favorite.id = s.id AND s.seq = \(last)
                """,
            arguments: ["date": date])
        summary.updated = db.changesCount
        guard addingNew else { return summary }
        let records = try Int.fetchOne(db, sql: "SELECT count(*) FROM batch.show WHERE record IS NOT NULL") ?? 0
        let base = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), 0) FROM favorite") ?? 0
        // The new shows are numbered by their first place in the batch, over their ids alone, and `position` keeps
        // that order; each record is read as its row is written: a sort would hold the records (up to 4 MiB each).
        try db.execute(
            sql: """
                INSERT INTO favorite (id, name, record, added_at, updated_at, position)
                SELECT s.id, s.name, s.record, :date, :date, :base + f.position
                FROM (SELECT id, row_number() OVER (ORDER BY first) AS position
                      FROM (SELECT id, min(seq) AS first FROM batch.show WHERE record IS NOT NULL GROUP BY id)
                      WHERE id NOT IN (SELECT id FROM main.favorite)) AS f
                JOIN batch.show AS s ON s.id = f.id AND s.seq = \(last)
                """,
            arguments: ["date": date, "base": base])
        summary.added = db.changesCount
        summary.updated = records - summary.added
        return summary
    }

    /// Replaces the stored episodes of each show whose list the attached batch holds (favorites only).
    private static func copyEpisodes(_ db: Database, at date: Date) throws {
        let lists = "(SELECT show_id FROM batch.episode_list WHERE show_id IN (SELECT id FROM main.favorite))"
        try db.execute(
            sql: """
                DELETE FROM main.episode WHERE show_id IN \(lists)
                  AND id NOT IN (SELECT id FROM batch.episode);
                INSERT INTO main.episode (id, show_id, position, season, number, type, regular, name, airdate, airtime,
                  airstamp, airs_at, runtime, record)
                SELECT id, show_id, position, season, number, type, regular, name, airdate, airtime, airstamp, airs_at,
                  runtime, record FROM batch.episode WHERE show_id IN \(lists) ORDER BY seq
                ON CONFLICT (id) DO UPDATE SET show_id = excluded.show_id, position = excluded.position,
                  season = excluded.season, number = excluded.number, type = excluded.type, regular = excluded.regular,
                  name = excluded.name, airdate = excluded.airdate, airtime = excluded.airtime,
                  airstamp = excluded.airstamp, airs_at = excluded.airs_at, runtime = excluded.runtime,
                  record = excluded.record;
                """)
        try db.execute(
            sql: "UPDATE main.favorite SET episodes_at = :date WHERE id IN \(lists)", arguments: ["date": date])
    }

    /// Adds and removes watched marks; an episode already marked keeps its first mark, or with `earlierWins` the
    /// earlier of the two times (a time known wins over none).
    /// - Returns: How many marks were added or changed.
    private static func change(_ db: Database, marking: [WatchMark], earlierWins: Bool, unmarking: [Int]) throws
        -> Int
    {
        var changed = 0
        for mark in marking {
            if earlierWins {
                try db.execute(
                    sql: """
                        INSERT INTO watched (episode_id, show_id, watched_at) VALUES (?, ?, ?)
                        ON CONFLICT (episode_id) DO UPDATE SET watched_at = excluded.watched_at
                        WHERE excluded.watched_at IS NOT NULL
                          AND (watched.watched_at IS NULL OR excluded.watched_at < watched.watched_at)
                        """,
                    arguments: [mark.episodeID, mark.showID, mark.watchedAt])
            } else {
                try mark.insert(db, onConflict: .ignore)
            }
            changed += db.changesCount
        }
        for start in stride(from: 0, to: unmarking.count, by: 500) {
            let ids = unmarking[start..<min(start + 500, unmarking.count)]
            try WatchMark.filter(ids.contains(WatchMark.Columns.episodeID)).deleteAll(db)
        }
        return changed
    }

    /// Replaces the records of shows that are still favorites, in one transaction; never adds one.
    ///
    /// `tvm-fav refresh` uses it, so that a show deleted while it was being fetched stays deleted.
    /// - Parameters:
    ///   - shows: Freshly fetched records.
    ///   - date: The time to stamp them with.
    /// - Returns: The ids whose rows were updated.
    /// - Throws: ``StoreError``; then nothing was written.
    public func refresh(_ shows: [ShowRecord], at date: Date = Date()) async throws(StoreError) -> [Int] {
        guard !shows.isEmpty else { return [] }
        return try await write("saving refreshed favorites") { db in
            var updated: [Int] = []
            for show in shows {
                let favorite = Favorite(show: show, addedAt: date, updatedAt: date, position: 0)
                do {
                    try favorite.update(db, columns: Self.recordColumns)
                    updated.append(show.id)
                } catch RecordError.recordNotFound {
                    continue
                }
            }
            return updated
        }
    }

    /// Deletes favorites in one transaction.
    ///
    /// - Parameter ids: Show ids; ids that are not favorites are ignored.
    /// - Returns: How many rows were deleted.
    /// - Throws: ``StoreError``; then nothing was deleted.
    public func remove(ids: [Int]) async throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await write("deleting favorites") { db in
            try Favorite.all().filter(showIDs: ids).deleteAll(db)
        }
    }

    // MARK: - Reading

    /// Every favorite, in the order asked for.
    ///
    /// - Parameter order: The order; the order of saving by default.
    /// - Throws: ``StoreError``.
    public func favorites(sortedBy order: FavoriteOrder = .added) async throws(StoreError) -> [Favorite] {
        try await read("reading favorites") { db in try Favorite.all().sorted(by: order).fetchAll(db) }
    }

    /// One page of favorites in the order asked for, each row read on its own: a row that cannot be read is
    /// returned as ``FavoriteRow/unreadable(id:reason:)`` and the others still come.
    ///
    /// `tvm-fav list` reads page after page, so that 50,000 favorites never sit in memory at once. Each page is
    /// its own read: a list taken while another process saves may show that save from some page on.
    /// - Parameters:
    ///   - offset: How many favorites come before the page.
    ///   - limit: The page's most favorites.
    /// - Returns: The page; fewer than `limit` rows at the end.
    /// - Throws: ``StoreError`` when the table cannot be read at all.
    public func page(sortedBy order: FavoriteOrder, offset: Int, limit: Int) async throws(StoreError) -> [FavoriteRow] {
        try await read("reading favorites") { db in
            // SQL rather than the query interface, which reads the whole schema first (tableExists).
            let sql = "SELECT * FROM favorite ORDER BY \(order.orderingSQL) LIMIT ? OFFSET ?"
            return try Row.fetchAll(db, sql: sql, arguments: [limit, offset]).map { row in
                do {
                    return .favorite(try Favorite(row: row))
                } catch {
                    return .unreadable(id: row["id"], reason: "\(error)")
                }
            }
        }
    }

    /// The favorites among `ids`, in the order of `ids` (ids that are not favorites are left out).
    ///
    /// - Parameter ids: Show ids.
    /// - Throws: ``StoreError``.
    public func favorites(ids: [Int]) async throws(StoreError) -> [Favorite] {
        guard !ids.isEmpty else { return [] }
        let found = try await read("reading favorites") { db in
            try Favorite.all().filter(showIDs: ids).fetchAll(db)
        }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
    }

    /// The favorite with show id `id`, or `nil`.
    ///
    /// - Parameter id: A show id.
    /// - Throws: ``StoreError``.
    public func favorite(id: Int) async throws(StoreError) -> Favorite? {
        try await read("reading a favorite") { db in try Favorite.fetchOne(db, key: id) }
    }

    /// Which of `ids` are favorites.
    ///
    /// - Parameter ids: Show ids.
    /// - Throws: ``StoreError``.
    public func savedIDs(among ids: [Int]) async throws(StoreError) -> Set<Int> {
        guard !ids.isEmpty else { return [] }
        return try await read("reading favorites") { db in
            Set(try Favorite.all().filter(showIDs: ids).select(Favorite.Columns.id, as: Int.self).fetchAll(db))
        }
    }

    /// The show ids of every favorite.
    ///
    /// - Throws: ``StoreError``.
    public func allIDs() async throws(StoreError) -> Set<Int> {
        try await read("reading favorites") { db in
            Set(try Favorite.select(Favorite.Columns.id, as: Int.self).fetchAll(db))
        }
    }

    /// The number of favorites.
    ///
    /// - Throws: ``StoreError``.
    public func count() async throws(StoreError) -> Int {
        try await read("counting favorites") { db in try Favorite.fetchCount(db) }
    }

    /// A number that changes whenever another connection, in this process or another, commits to the database:
    /// two values from the same store differ when something changed in between.
    ///
    /// Values from different stores are not comparable (SQLite's `PRAGMA data_version` is per connection).
    /// - Throws: ``StoreError`` when the database cannot be read.
    public func dataVersion() async throws(StoreError) -> Int {
        do {
            // Always on the same connection (a pool's writer), outside a transaction.
            return try await writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        } catch {
            throw StoreError.from(error, path: path, operation: "checking for changes", timeout: lockTimeout)
        }
    }

    // MARK: - Plumbing

    private static let recordColumns = [Favorite.Columns.name, Favorite.Columns.record, Favorite.Columns.updatedAt]

    func write<T: Sendable>(
        _ operation: String, _ updates: @escaping @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw StoreError.from(error, path: path, operation: operation, timeout: lockTimeout)
        }
    }

    func read<T: Sendable>(
        _ operation: String, _ value: @escaping @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw StoreError.from(error, path: path, operation: operation, timeout: lockTimeout)
        }
    }
}
