import Foundation
import GRDB
import GRDBSQLite
import NIOConcurrencyHelpers
import TVMRecords

/// The on-disk HTTP response cache: SQLite through GRDB, at `$XDG_CACHE_HOME/tvm/http.sqlite`.
///
/// Several processes may read and write it at once (WAL mode, a busy timeout). A file that cannot be
/// opened or read as a cache (corrupt, not a database, an incompatible schema) is moved aside as
/// `http.sqlite.corrupt-<time>` and rebuilt, with a ``APIEvent/cacheReset(detail:)`` event; when even that
/// fails, the cache turns itself off for the run and requests go to the network. It never makes a request
/// fail. The database is opened on first use, so commands that never fetch never touch it.
public final class HTTPCache: ResponseCache {
    /// Counts and extremes of the cache, for `tvm-fetch cache info`.
    public struct Info: Sendable, Equatable {
        /// The number of entries.
        public var entries: Int
        /// The bytes of the stored bodies.
        public var bodyBytes: Int
        /// The size of the database file and its WAL on disk.
        public var fileBytes: Int
        /// When the oldest entry was fetched, in seconds since 1970.
        public var oldest: Double?
        /// When the newest entry was fetched.
        public var newest: Double?
    }

    /// How precisely "least recently used" is tracked, in seconds.
    static let lastUsedGranularity: Double = 60

    /// The database file.
    public let path: String
    /// The most body bytes kept before least-recently-used entries are evicted.
    public let maxBytes: Int
    private let onEvent: @Sendable (APIEvent) -> Void
    private let state = NIOLockedValueBox<State>(.closed)

    private enum State {
        case closed
        case open(DatabaseQueue)
        case disabled
    }

    /// Creates a cache (the file is opened on first use).
    public init(path: String, maxBytes: Int, onEvent: @escaping @Sendable (APIEvent) -> Void = { _ in }) {
        self.path = path
        self.maxBytes = maxBytes
        self.onEvent = onEvent
    }

    /// See ``ResponseCache/lookup(_:)``.
    public func lookup(_ key: String) -> CachedResponse? {
        let now = Date().timeIntervalSince1970
        return withDatabase { pool in
            try pool.inDatabase { db -> CachedResponse? in
                // Plain SQL: the query interface's `fetchOne(db, key:)` first reads the table's primary key
                // from the schema, a query more on every cached run. Cached: `tvm-episodes` looks up every show.
                guard
                    let entry = try CacheEntry.fetchOne(
                        db.cachedStatement(sql: "SELECT * FROM response WHERE key = ?"), arguments: [key])
                else { return nil }
                // Eviction only needs a rough order, so a hit writes (which costs a WAL commit) only when
                // the entry's last use is older than the granularity.
                if now - entry.lastUsed > Self.lastUsedGranularity {
                    try db.execute(sql: "UPDATE response SET last_used = ? WHERE key = ?", arguments: [now, key])
                }
                return CachedResponse(
                    status: entry.status,
                    body: Array(entry.body),
                    fetchedAt: entry.fetchedAt,
                    maxAge: entry.maxAge
                )
            }
        } ?? nil
    }

    /// See ``ResponseCache/store(_:for:)``.
    ///
    /// ``maxBytes`` is a hard cap on the stored bodies: a body larger than the cap is not stored (and an older
    /// copy under the same key is dropped, so the cache never answers with something older than the network
    /// gave), and least recently used entries are evicted until the rest fits.
    public func store(_ response: CachedResponse, for key: String) {
        let maxBytes = self.maxBytes
        _ = withDatabase { pool in
            try pool.write { db in
                guard response.body.count <= maxBytes else {
                    _ = try CacheEntry.deleteOne(db, key: key)
                    try Self.evict(db, keepingAtMost: maxBytes, protecting: nil)
                    return
                }
                let entry = CacheEntry(
                    key: key,
                    status: response.status,
                    body: Data(response.body),
                    fetchedAt: response.fetchedAt,
                    maxAge: response.maxAge,
                    lastUsed: response.fetchedAt,
                    size: response.body.count
                )
                try entry.save(db)
                try Self.evict(db, keepingAtMost: maxBytes, protecting: key)
            }
        }
    }

    deinit {
        guard case .open(let pool) = state.withLockedValue({ $0 }) else { return }
        Self.emptyWAL(of: pool, path: path)
    }

    /// Copies the WAL into the database file and truncates it, when it holds anything: a run that wrote (or
    /// found the WAL of one that crashed) leaves it empty behind it.
    ///
    /// SQLite keeps the WAL file between runs (`SQLITE_FCNTL_PERSIST_WAL`) and, when the last connection
    /// closes, checkpoints it without emptying it. The next process then finds frames it cannot know were
    /// copied already: it reads the whole WAL to rebuild its index, and at its own close copies the frames
    /// again, with three `fdatasync`s, on every cached run. An empty WAL has nothing to recover or copy.
    private static func emptyWAL(of pool: DatabaseQueue, path: String) {
        var status = stat()
        guard stat(path + "-wal", &status) == 0, status.st_size > 0 else { return }
        try? pool.writeWithoutTransaction { db in
            // Another process writing or reading keeps the WAL: wait briefly, then leave it to a later run.
            sqlite3_busy_timeout(db.sqliteConnection, 200)
            try db.checkpoint(.truncate)
        }
    }

    /// Counts the entries and bytes.
    ///
    /// - Returns: The figures; zeros when there is no cache file yet.
    /// - Throws: ``HTTPCacheError/unreachable(path:reason:)`` when its folder cannot hold it; a database error
    ///   when the file cannot be read.
    public func info() throws -> Info {
        let fileBytes = ["", "-wal"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
        guard try fileExists() else { return Info(entries: 0, bodyBytes: 0, fileBytes: 0, oldest: nil, newest: nil) }
        let pool = try open()
        return try pool.read { db in
            let row = try Row.fetchOne(
                db,
                sql: "SELECT COUNT(*), COALESCE(SUM(size), 0), MIN(fetched_at), MAX(fetched_at) FROM response"
            )
            return Info(
                entries: row?[0] ?? 0,
                bodyBytes: row?[1] ?? 0,
                fileBytes: fileBytes,
                oldest: row?[2],
                newest: row?[3]
            )
        }
    }

    /// Deletes every entry and gives the space back to the file system.
    ///
    /// In WAL mode neither the deletion nor `VACUUM` shrinks a file by itself: `VACUUM` writes the compacted
    /// database into the WAL, which grows to the old database's size and is kept (this cache keeps its WAL
    /// file between runs). So after the `VACUUM` the WAL is checkpointed into the database file, which shrinks
    /// it to the compacted size, and truncated to zero bytes: both files end a few pages long.
    /// - Returns: How many entries were removed.
    /// - Throws: ``HTTPCacheError/unreachable(path:reason:)`` when its folder cannot hold it; a database error;
    ///   `SQLITE_BUSY` when another process keeps the database busy past the busy timeout (the entries are then
    ///   gone, and the space comes back at the next clear).
    public func clear() throws -> Int {
        guard try fileExists() else { return 0 }
        let pool = try open()
        let removed = try pool.write { db in try CacheEntry.deleteAll(db) }
        try pool.vacuum()
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        return removed
    }

    /// Evicts least-recently-used entries until the bodies fit in `maxBytes`, never the entry under `key`.
    private static func evict(_ db: Database, keepingAtMost maxBytes: Int, protecting key: String?) throws {
        var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM response") ?? 0
        guard total > maxBytes else { return }
        let cursor = try CacheEntry.all().leastRecentlyUsedFirst().fetchCursor(db)
        var victims: [String] = []
        while total > maxBytes, let entry = try cursor.next() {
            if entry.key == key { continue }
            victims.append(entry.key)
            total -= entry.size
        }
        _ = try CacheEntry.deleteAll(db, keys: victims)
    }

    /// Runs `body` on the open database. A file that is not a usable cache is set aside once and the work
    /// retried on a new file; any other failure (a lock held past the timeout, a read-only folder, a full
    /// disk) turns the cache off for the run, with one warning.
    private func withDatabase<T>(_ body: (DatabaseQueue) throws -> T) -> T? {
        if case .disabled = state.withLockedValue({ $0 }) { return nil }
        for attempt in 0..<2 {
            do {
                return try body(try pool())
            } catch {
                if attempt == 0, Self.isUnusableFile(error), setAside(because: error) { continue }
                disable(because: error)
                return nil
            }
        }
        return nil
    }

    /// Whether an error says the file itself is not a cache we can use: corrupt, not a database, or a
    /// database with another schema.
    private static func isUnusableFile(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode.primaryResultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_ERROR, .SQLITE_SCHEMA, .SQLITE_FORMAT: return true
        default: return false
        }
    }

    private func disable(because error: any Error) {
        let wasDisabled = state.withLockedValue { state in
            defer { state = .disabled }
            if case .disabled = state { return true }
            return false
        }
        if !wasDisabled {
            onEvent(
                .cacheReset(
                    detail:
                        "the HTTP cache \(path) cannot be used (\(Self.describe(error))); caching is off for this run"))
        }
    }

    private func pool() throws -> DatabaseQueue {
        try state.withLockedValue { state in
            switch state {
            case .open(let pool): return pool
            case .disabled: throw DatabaseError(resultCode: .SQLITE_CANTOPEN, message: "cache disabled")
            case .closed:
                let pool = try open()
                state = .open(pool)
                return pool
            }
        }
    }

    /// Whether the cache file was made; a path that cannot hold it (a file where its folder should be) throws.
    private func fileExists() throws(HTTPCacheError) -> Bool {
        do {
            return try FilePath.exists(path)
        } catch {
            throw .unreachable(path: path, reason: error.reason)
        }
    }

    private func open() throws -> DatabaseQueue {
        try XDGDirectories.ensure((path as NSString).deletingLastPathComponent)
        try refuseLinks()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "tvm-http-cache"
        // WAL is set once, when the file is made (openAndMigrate): the mode is kept in the file, and GRDB's
        // `journalMode = .wal` would check it again at every open, with a file-size lookup of the WAL.
        configuration.prepareDatabase { db in
            // A short-lived process would otherwise delete and recreate the WAL and shared-memory files at
            // every run (a checkpoint, two file creations and an fsync of the folder).
            var persist: CInt = 1
            _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        // Turning a new file to WAL mode takes a lock SQLite does not wait for (the busy timeout does not apply),
        // so the tools of a pipeline that create the file at the same moment can meet SQLITE_BUSY here. Once the
        // file is in WAL mode the pragma is a no-op: a short pause and another try settle it.
        var attempt = 1
        while true {
            do {
                return try openAndMigrate(configuration)
            } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY && attempt < 10
            {
                usleep(useconds_t(20_000 * attempt))
                attempt += 1
            }
        }
    }

    /// Refuses a cache file that is a symbolic link or not a regular file (as the shared rate window file is
    /// refused, through the same `FilePath.openPrivateFile`), and a `-wal` or `-shm` file that is a link.
    private func refuseLinks() throws {
        switch FilePath.openPrivateFile(path) {
        case .success(let fd): close(fd)
        case .failure(let refusal): throw HTTPCacheError.refused(path: path, reason: refusal.description)
        }
        for suffix in ["-wal", "-shm"] {
            var status = stat()
            if lstat(path + suffix, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                throw HTTPCacheError.refused(
                    path: path + suffix, reason: "it is a symbolic link; give the path of a file")
            }
        }
    }

    private func openAndMigrate(_ configuration: Configuration) throws -> DatabaseQueue {
        let pool = try DatabaseQueue(path: path, configuration: configuration)
        // The usual case, a cache made by an earlier run: a read, where `migrate` would take the write lock.
        if (try? pool.read { try CacheEntry.migrator.hasCompletedMigrations($0) }) == true { return pool }
        let mode = try pool.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        guard mode == "wal" else { throw DatabaseError(message: "could not turn on WAL mode for \(path)") }
        do {
            try CacheEntry.migrator.migrate(pool)
        } catch {
            // The tools of a pipeline open a new cache file at the same moment. The migrator reads which
            // migrations are applied before it takes the write lock, so the slower process fails to create the
            // table the faster one just created ("table already exists"). The schema is then complete and the
            // file is fine: it must not be set aside as unusable.
            guard (try? pool.read { try CacheEntry.migrator.hasCompletedMigrations($0) }) == true else { throw error }
        }
        return pool
    }

    /// Moves an unusable cache file aside so the next open starts afresh.
    ///
    /// - Returns: `true` when the file was moved (or was already gone).
    private func setAside(because error: any Error) -> Bool {
        state.withLockedValue { $0 = .closed }
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return true }
        let aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
        do {
            try manager.moveItem(atPath: path, toPath: aside)
        } catch {
            return false
        }
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
            try? manager.moveItem(atPath: path + suffix, toPath: aside + suffix)
        }
        onEvent(
            .cacheReset(
                detail:
                    "the HTTP cache \(path) was unreadable (\(Self.describe(error))); moved it to \(aside) and started a new one"
            ))
        return true
    }

    private static func describe(_ error: any Error) -> String {
        if case HTTPCacheError.refused(_, let reason) = error { return reason }
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return error.localizedDescription
    }
}
