import Foundation
import GRDB
import TVMRecords

/// A batch of shows on its way into the favorites, kept in a scratch database file instead of in memory.
///
/// `tvm-fav add` reads all of stdin before it writes, so that the favorites database's write lock is never held
/// while a pipe is read or a show is fetched, and a batch is saved whole or not at all. Gathering a large batch in
/// memory made a 1 GB stdin cost 1.14 GB of RAM; the batch now goes row by row to a scratch file beside the
/// database (same file system, never a RAM-backed /tmp), and ``FavoritesStore/save(batch:at:)`` copies it in one
/// short transaction. An id still to be fetched keeps its place as an empty row until ``fill(_:with:)`` or
/// ``drop(_:)``. The file is deleted when the batch is released, or when Ctrl-C, SIGTERM or SIGHUP ends the process
/// (``SignalCleanup``).
public final class FavoritesBatch: @unchecked Sendable {
    /// The scratch database file.
    public let path: String
    private let queue: DatabaseQueue
    private var pendingRows: [(record: ShowRecord?, id: Int)] = []
    /// The bytes of the records in `pendingRows`.
    private var pendingBytes = 0
    private var next = 1
    /// The file's slot in ``SignalCleanup``, which removes it should Ctrl-C or SIGTERM end the process.
    private var signalSlot: Int?
    /// How many rows go to the file in one transaction, or are read back at once.
    private static let chunk = 2_000
    /// The most record bytes held in memory on the way to the file or back from it (beyond one record): records of
    /// up to the 4 MiB cap must not be held by the thousand.
    private static let chunkBytes = RecordSize.max

    /// Creates an empty batch in a new scratch file in the folder of the favorites database it is for.
    ///
    /// - Parameter database: The favorites database file the batch will be saved into.
    /// - Throws: ``StoreError/readOnly(path:)`` naming `database` when its folder exists but this process cannot
    ///   write it or the file, else what ``init(folder:)`` throws.
    public convenience init(beside database: String) throws(StoreError) {
        let folder = FilePath.folder(of: database)
        if FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder) && !ReadOnlyFile.canWrite(database) {
            throw .readOnly(path: database)
        }
        do {
            try self.init(folder: folder)
        } catch .cannotOpen(_, let reason) {
            // The scratch file's name means nothing to the user: say which database could not be written beside.
            throw .cannotOpen(path: database, reason: "no file can be created in its folder (\(reason))")
        }
    }

    /// Creates an empty batch in a new scratch file in `folder`.
    ///
    /// - Parameter folder: Where the file goes: the favorites database's folder (created if missing).
    /// - Throws: ``StoreError`` when the folder or the file cannot be created.
    public init(folder: String) throws(StoreError) {
        let folder = folder.isEmpty ? "." : folder
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(path: folder, reason: error.localizedDescription)
        }
        Self.removeAbandoned(in: folder)
        path = folder + "/.tvm-batch-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        signalSlot = SignalCleanup.removeOnSignal(path)
        var configuration = Configuration()
        configuration.label = "tvm.batch"
        configuration.prepareDatabase { db in
            // A scratch file: if the process dies it is garbage anyway, so no journal and no syncs.
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE show (seq INTEGER PRIMARY KEY, id INTEGER NOT NULL, name TEXT, record TEXT);
                        CREATE INDEX show_id ON show(id, seq);
                        CREATE TABLE episode_list (show_id INTEGER PRIMARY KEY);
                        CREATE TABLE episode (
                          seq INTEGER PRIMARY KEY, id INTEGER NOT NULL, show_id INTEGER NOT NULL,
                          position INTEGER NOT NULL, season INTEGER, number INTEGER, type TEXT, regular INTEGER NOT NULL,
                          name TEXT, airdate TEXT, airtime TEXT, airstamp TEXT, airs_at INTEGER, runtime INTEGER,
                          record TEXT NOT NULL);
                        CREATE INDEX episode_show ON episode(show_id);
                        """)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            if let signalSlot { SignalCleanup.forget(signalSlot) }
            throw StoreError.from(error, path: path, operation: "creating a scratch file for the batch", timeout: 0)
        }
    }

    /// Removes the scratch files of runs that died before they could (a `kill -9`, a power cut): those whose
    /// process no longer exists.
    private static func removeAbandoned(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".tvm-batch-") {
            let fields = name.dropFirst(".tvm-batch-".count).split(separator: "-")
            guard let pid = fields.first.flatMap({ pid_t($0) }), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    deinit {
        try? queue.close()
        try? FileManager.default.removeItem(atPath: path)
        if let signalSlot { SignalCleanup.forget(signalSlot) }
    }

    /// Appends a show; returns its place in the batch.
    ///
    /// - Parameter show: A complete record.
    /// - Returns: The row's sequence number.
    /// - Throws: ``StoreError`` when the scratch file cannot be written (a full disk).
    @discardableResult
    public func append(_ show: ShowRecord) throws(StoreError) -> Int {
        try add(record: show, id: show.id)
    }

    /// Appends a place for a show that is still to be fetched.
    ///
    /// - Parameter id: The show id.
    /// - Returns: The row's sequence number, for ``fill(_:with:)`` or ``drop(_:)``.
    /// - Throws: ``StoreError`` when the scratch file cannot be written.
    public func appendPlaceholder(id: Int) throws(StoreError) -> Int {
        try add(record: nil, id: id)
    }

    /// Puts a fetched record in its place.
    ///
    /// - Parameters:
    ///   - seq: The placeholder's sequence number.
    ///   - show: The fetched record.
    /// - Throws: ``StoreError`` when the scratch file cannot be written.
    public func fill(_ seq: Int, with show: ShowRecord) throws(StoreError) {
        try commitPending()
        try change("filling the batch") { db in
            try db.execute(
                sql: "UPDATE show SET id = ?, name = ?, record = ? WHERE seq = ?",
                arguments: [show.id, show.name, String(decoding: show.json, as: UTF8.self), seq])
        }
    }

    /// Removes a placeholder whose show could not be fetched.
    ///
    /// - Parameter seq: The placeholder's sequence number.
    /// - Throws: ``StoreError`` when the scratch file cannot be written.
    public func drop(_ seq: Int) throws(StoreError) {
        try commitPending()
        try change("changing the batch") { db in
            try db.execute(sql: "DELETE FROM show WHERE seq = ?", arguments: [seq])
        }
    }

    /// Sets a show's whole episode list, as TVMaze sent it: saving the batch replaces the show's stored episodes
    /// with these (episodes missing from the list are dropped; watched marks stay).
    ///
    /// A show whose list is never set keeps its stored episodes. Elements that are not episode objects with an id
    /// are left out.
    /// - Parameters:
    ///   - records: The compact episode objects, in TVMaze's order.
    /// - Returns: How many elements were left out.
    /// - Throws: ``StoreError`` when the scratch file cannot be written.
    @discardableResult
    public func setEpisodes(showID: Int, records: [[UInt8]]) throws(StoreError) -> Int {
        let rows = StoredEpisode.rows(of: records, showID: showID)
        let skipped = records.count - rows.count
        try change("filling the batch") { db in
            try db.execute(sql: "DELETE FROM episode WHERE show_id = ?", arguments: [showID])
            try db.execute(sql: "INSERT OR IGNORE INTO episode_list (show_id) VALUES (?)", arguments: [showID])
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO episode (id, show_id, position, season, number, type, regular, name, airdate, airtime,
                      airstamp, airs_at, runtime, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for row in rows {
                try statement.execute(arguments: [
                    row.id, row.showID, row.position, row.season, row.number, row.type, row.isRegular, row.name,
                    row.airdate, row.airtime, row.airstamp, row.airsAt, row.runtime, row.record,
                ])
            }
        }
        return skipped
    }

    /// The episodes the batch holds for a show, in TVMaze's order; empty when its list was not set.
    ///
    /// - Throws: ``StoreError`` when the scratch file cannot be read.
    public func episodes(showID: Int) throws(StoreError) -> [StoredEpisode] {
        do {
            return try queue.read { db in
                try StoredEpisode.fetchAll(
                    db, sql: "SELECT * FROM episode WHERE show_id = ? ORDER BY position", arguments: [showID])
            }
        } catch {
            throw StoreError.from(error, path: path, operation: "reading the batch", timeout: 0)
        }
    }

    /// Writes the rows still buffered to the file.
    ///
    /// - Throws: ``StoreError`` when the scratch file cannot be written.
    public func commitPending() throws(StoreError) {
        guard !pendingRows.isEmpty else { return }
        let rows = pendingRows
        let first = next - rows.count
        pendingRows.removeAll(keepingCapacity: true)
        pendingBytes = 0
        try change("filling the batch") { db in
            let statement = try db.makeStatement(sql: "INSERT INTO show (seq, id, name, record) VALUES (?, ?, ?, ?)")
            for (offset, row) in rows.enumerated() {
                try statement.execute(arguments: [
                    first + offset, row.id, row.record?.name,
                    row.record.map { String(decoding: $0.json, as: UTF8.self) },
                ])
            }
        }
    }

    /// The complete records in batch order, a chunk at a time, read after the batch was saved.
    ///
    /// A chunk ends at `limit` records or once it holds 4 MiB, whichever comes first (it always has one record).
    /// - Parameters:
    ///   - seq: Start after this sequence number (0 for the first chunk).
    ///   - limit: The most records to return.
    /// - Returns: `(seq, record)` pairs; empty at the end.
    /// - Throws: ``StoreError`` when the scratch file cannot be read.
    public func records(after seq: Int, limit: Int = 1_000) throws(StoreError) -> [(seq: Int, json: [UInt8])] {
        try commitPending()
        do {
            return try queue.read { db in
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT seq, record FROM show WHERE seq > ? AND record IS NOT NULL ORDER BY seq LIMIT ?",
                    arguments: [seq, limit])
                var chunk: [(seq: Int, json: [UInt8])] = []
                var bytes = 0
                while bytes < Self.chunkBytes, let row = try rows.next() {
                    let json = Array((row[1] as String).utf8)
                    bytes += json.count
                    chunk.append((row[0], json))
                }
                return chunk
            }
        } catch {
            throw StoreError.from(error, path: path, operation: "reading the batch", timeout: 0)
        }
    }

    private func add(record: ShowRecord?, id: Int) throws(StoreError) -> Int {
        pendingRows.append((record, id))
        pendingBytes += record?.json.count ?? 0
        let seq = next
        next += 1
        if pendingRows.count >= Self.chunk || pendingBytes >= Self.chunkBytes { try commitPending() }
        return seq
    }

    private func change(_ operation: String, _ body: (Database) throws -> Void) throws(StoreError) {
        do {
            try queue.inDatabase { db in
                try db.inTransaction {
                    try body(db)
                    return .commit
                }
            }
        } catch {
            throw StoreError.from(error, path: path, operation: operation, timeout: 0)
        }
    }
}
