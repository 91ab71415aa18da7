import Foundation
import GRDB
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// The whole TVMaze show catalogue on disk: every show's record, a full-text index, and where syncing stands.
///
/// One SQLite file (`$XDG_DATA_HOME/tvm/catalog.sqlite` by default), in WAL mode, so that searches read while a
/// sync writes. The schema comes from named migrations (``migrator``). A damaged file is moved aside
/// (`catalog.sqlite.corrupt-<time>`) and, when the store is opened for writing, made anew.
///
/// ```swift
/// let store = try CatalogStore.open(path: path, access: .readOnly)
/// let hits = try store.search(CatalogQuery(text: "girls"))
/// ```
public final class CatalogStore: Sendable {
    /// How long a write waits for another process's lock, in seconds.
    public static let lockTimeout: Double = 10

    /// The page size of a new catalogue file, in bytes.
    static let pageSize = 16_384

    /// The database file.
    public let path: String
    let writer: any DatabaseWriter

    /// How the file is opened.
    public enum Access: Sendable {
        /// For syncing: the file and its folder are created if missing; a read-only file is an error.
        case readWrite
        /// For searching: the file must exist (else ``CatalogError/missing(path:)``).
        case readOnly
    }

    /// Something the caller should tell the user about.
    public enum Event: Sendable, Equatable {
        /// A damaged file was moved to `movedTo`.
        case movedAside(movedTo: String, reason: String)
        /// The full-text index of an older file is being made again for this version, which takes a while.
        case reindexing(shows: Int)
    }

    private init(writer: any DatabaseWriter, path: String) {
        self.writer = writer
        self.path = path
    }

    /// Uses an open database, bringing its schema up to date; unit tests pass an in-memory `DatabaseQueue()`.
    ///
    /// - Parameter writer: The database.
    /// - Throws: ``CatalogError`` when the schema cannot be set up.
    public convenience init(writer: any DatabaseWriter) throws(CatalogError) {
        do {
            try Self.migrator.migrate(writer)
        } catch {
            throw CatalogError.from(error, path: writer.path, operation: "creating the tables", timeout: 0)
        }
        self.init(writer: writer, path: writer.path)
    }

    /// Opens the catalogue file, creating it when opened for writing.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - access: Whether the caller writes.
    ///   - onEvent: Told when a damaged file was moved aside, or before a long migration.
    ///   - repairing: With `.readWrite`, check the whole file first (``damage()``) and move a damaged one aside
    ///     too, so that a `--full` sync builds it anew.
    /// - Returns: The store.
    /// - Throws: ``CatalogError``: `.missing` for a read without a file, `.readOnly` for a write on a file or
    ///   folder that cannot be written, `.needsUpgrade` for a read of an older file that cannot be written,
    ///   `.unknownSchema` for a newer file, `.cannotOpen` for a path that is not a
    ///   regular file (a FIFO, a folder, a device).
    public static func open(
        path: String, access: Access, repairing: Bool = false, onEvent: @Sendable (Event) -> Void = { _ in }
    ) throws(CatalogError) -> CatalogStore {
        if let kind = FilePath.nonRegularKind(path) {
            throw .cannotOpen(
                path: path,
                reason: "it is \(kind), not a regular file; give the path of a catalogue file or of one to create")
        }
        let store: CatalogStore
        do {
            store = try openOnce(path: path, access: access, onEvent: onEvent)
        } catch let error as CatalogError {
            throw error
        } catch  where access == .readOnly && CatalogError.isCorruption(error) {
            // A reader says so and leaves the file alone; a sync moves it aside and builds anew.
            throw CatalogError.from(error, path: path, operation: "opening", timeout: lockTimeout)
        } catch  where CatalogError.isCorruption(error) {
            return try reopenedAside(path: path, access: access, reason: "\(error)", onEvent: onEvent)
        } catch {
            throw CatalogError.from(error, path: path, operation: "opening", timeout: lockTimeout)
        }
        guard repairing, access == .readWrite, let reason = try store.damage() else { return store }
        try? (store.writer as? DatabasePool)?.close()
        return try reopenedAside(path: path, access: access, reason: reason, onEvent: onEvent)
    }

    /// Moves a damaged file aside (`PATH.corrupt-<time>`, its `-wal` and `-shm` removed), says so, and opens a new
    /// one.
    private static func reopenedAside(
        path: String, access: Access, reason: String, onEvent: @Sendable (Event) -> Void
    ) throws(CatalogError) -> CatalogStore {
        var aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside) {
            suffix += 1
            aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))-\(suffix)"
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: aside)
        } catch {
            throw .cannotOpen(path: path, reason: "it is damaged, and it could not be moved aside: \(error)")
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        onEvent(.movedAside(movedTo: aside, reason: reason))
        do {
            return try openOnce(path: path, access: access, onEvent: onEvent)
        } catch {
            throw CatalogError.from(error, path: path, operation: "opening", timeout: lockTimeout)
        }
    }

    private static func openOnce(path: String, access: Access, onEvent: (Event) -> Void) throws -> CatalogStore {
        let exists = FileManager.default.fileExists(atPath: path)
        let folder = FilePath.folder(of: path).isEmpty ? "." : FilePath.folder(of: path)
        switch access {
        case .readOnly:
            guard exists else { throw CatalogError.missing(path: path) }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            if size == 0 { throw CatalogError.damaged(path: path, reason: "the file is empty: 0 bytes") }
            if ReadOnlyFile.mayShare(path),
                let queue = try? DatabaseQueue(path: path, configuration: configuration(readonly: true)),
                try schemaIsCurrent(queue, path: path)
            {
                return CatalogStore(writer: queue, path: path)
            }
            // Another user's file, a read-only one, or a read-only folder: the -shm a WAL reader makes would stop
            // writers, or cannot be made.
            if !ReadOnlyFile.canWrite(path),
                let queue = try ReadOnlyFile.openImmutable(path, configuration: configuration(readonly: true))
            {
                guard try schemaIsCurrent(queue, path: path, forReading: true) else {
                    throw CatalogError.needsUpgrade(path: path)
                }
                return CatalogStore(writer: queue, path: path)
            }
            // A schema to migrate, or a WAL to recover: only a writer can.
            return try openForWriting(path: path, folder: folder, exists: exists, onEvent: onEvent)
        case .readWrite:
            return try openForWriting(path: path, folder: folder, exists: exists, onEvent: onEvent)
        }
    }

    private static func openForWriting(
        path: String, folder: String, exists: Bool, onEvent: (Event) -> Void
    ) throws -> CatalogStore {
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CatalogError.cannotOpen(path: path, reason: "cannot create its folder: \(error)")
            }
        }
        // SQLite opens a file it cannot write read-only without a word, and fails at the first write: ask first.
        if (exists && access(path, W_OK) != 0) || access(folder, W_OK) != 0 {
            throw CatalogError.readOnly(path: path)
        }
        if !exists {
            // 16 KiB pages, set before the first table and before WAL (which fixes the page size): records of
            // ~1.5 KB leave a quarter of each 4 KiB page empty.
            let queue = try DatabaseQueue(path: path, configuration: configuration(readonly: false))
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            try migrator.migrate(queue)
            try queue.close()
        }
        let pool = try DatabasePool(path: path, configuration: configuration(readonly: false))
        if try !schemaIsCurrent(pool, path: path) {
            let reindexing = try pool.read { db in
                try !migrator.appliedIdentifiers(db).contains(prefixIndexMigration)
                    && db.tableExists(CatalogRecord.databaseTableName) ? CatalogRecord.fetchCount(db) : 0
            }
            if reindexing > 0 { onEvent(.reindexing(shows: reindexing)) }
            // Another process opening the same older file may migrate it while this one waits for the write lock:
            // this one's step then fails (the index it adds exists). The other may still be on its next step, so
            // this one tries again, once a step, until the file is current.
            var attempts = 0
            while true {
                do {
                    try migrator.migrate(pool)
                    break
                } catch {
                    if try schemaIsCurrent(pool, path: path) { break }
                    attempts += 1
                    if attempts >= migrator.migrations.count { throw error }
                }
            }
        }
        return CatalogStore(writer: pool, path: path)
    }

    private static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(lockTimeout)
        configuration.label = "tvm.catalog"
        configuration.readonly = readonly
        return configuration
    }

    /// Whether every migration is applied; throws ``CatalogError/unknownSchema(path:migrations:)`` for a newer file.
    /// `forReading`: an index left without `v2-prefix-index` or `v3-name-index` is searched as it is (only slower),
    /// and `v4-removal-candidate` only matters to a sync, so a reader that cannot write the file does not need them.
    private static func schemaIsCurrent(_ reader: any DatabaseReader, path: String, forReading: Bool = false) throws
        -> Bool
    {
        let applied: Set<String> = try reader.read { db in
            guard try db.tableExists("grdb_migrations") else {
                // An empty file is new; anything else without our table is not a catalogue.
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
                if tables > 0 { throw DatabaseError(resultCode: .SQLITE_NOTADB, message: "not a show catalogue") }
                return []
            }
            return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        }
        let known = migrator.migrations
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { throw CatalogError.unknownSchema(path: path, migrations: unknown.sorted()) }
        return known.allSatisfy {
            applied.contains($0)
                || (forReading && [prefixIndexMigration, nameIndexMigration, removalMigration].contains($0))
        }
    }

    // MARK: - Information

    /// What `tvm-fetch catalog info` prints.
    public struct Info: Sendable, Equatable {
        /// How many shows the catalogue holds.
        public var shows: Int
        /// When the last complete sync started (Unix time), or `nil` before the first one ends.
        public var lastSync: Double?
        /// The next page of a first or `--full` sync that was interrupted, or `nil`.
        public var resumesAtPage: Int?
        /// Index pages that failed and will be fetched again.
        public var pendingPages: [Int]
        /// The bytes on disk: the file and its WAL.
        public var fileBytes: Int
    }

    /// The catalogue's figures.
    ///
    /// - Throws: ``CatalogError``.
    public func info() throws(CatalogError) -> Info {
        let (shows, state, pending) = try read("reading the catalogue") { db in
            (
                try CatalogShow.fetchCount(db), try CatalogSyncState.fetchOne(db),
                try PendingPage.order(PendingPage.Columns.page).fetchAll(db).map(\.page)
            )
        }
        let bytes = ["", "-wal"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0
            return total + size
        }
        return Info(
            shows: shows, lastSync: state?.lastSync, resumesAtPage: state?.fullNextPage, pendingPages: pending,
            fileBytes: bytes)
    }

    /// Removes a catalogue file with its WAL and shared-memory companions.
    ///
    /// - Parameter path: The file.
    /// - Returns: Whether there was a file to remove.
    /// - Throws: ``CatalogError/readOnly(path:)`` when it cannot be removed.
    public static func remove(path: String) throws(CatalogError) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw .readOnly(path: path)
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return true
    }

    // MARK: - Plumbing

    func write<T: Sendable>(_ operation: String, _ updates: (Database) throws -> T) throws(CatalogError) -> T {
        do {
            return try writer.write(updates)
        } catch {
            throw CatalogError.from(error, path: path, operation: operation, timeout: Self.lockTimeout)
        }
    }

    func read<T: Sendable>(_ operation: String, _ value: (Database) throws -> T) throws(CatalogError) -> T {
        do {
            return try writer.read(value)
        } catch {
            throw CatalogError.from(error, path: path, operation: operation, timeout: Self.lockTimeout)
        }
    }
}
