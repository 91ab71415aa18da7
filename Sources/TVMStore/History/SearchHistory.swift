import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// The last successful searches, most recent first, kept in a small JSON Lines file.
///
/// The file is `search-history.jsonl` in the state folder (`$XDG_STATE_HOME/tvm`), one
/// ``SearchHistoryEntry`` per line, most recent first, at most ``limit`` lines. Only successful searches are
/// recorded (the caller decides what success is); repeating a search moves it to the top with the new time
/// and spelling, so no search is listed twice (searches are compared by ``SearchQuery/key``, ignoring case).
///
/// Safe across processes: every change happens under an exclusive `flock(2)` on `search-history.lock`
/// beside the file, and the new list is written to a temporary file and renamed over the old one, so a
/// reader never sees half a file and two writers never lose each other's search. Reading takes no lock.
///
/// ```swift
/// let history = SearchHistory(directory: XDGDirectories(environment: env).state)
/// try history.record(SearchQuery("girls")!)
/// try history.entries().map(\.query)  // ["girls", …]
/// ```
public struct SearchHistory: Sendable {
    /// How many searches are kept by default.
    public static let defaultLimit = 10
    /// The history file's name inside the state folder.
    public static let fileName = "search-history.jsonl"
    /// The lock file's name inside the state folder.
    public static let lockFileName = "search-history.lock"

    /// The state folder holding the file.
    public let directory: String
    /// The most searches kept.
    public let limit: Int

    /// The history file's path.
    public var path: String { directory + "/" + Self.fileName }

    private var lockPath: String { directory + "/" + Self.lockFileName }

    /// Describes the history in a folder; nothing is read or created yet.
    ///
    /// - Parameters:
    ///   - directory: The state folder, usually ``XDGDirectories/state``.
    ///   - limit: The most searches kept (at least 1).
    public init(directory: String, limit: Int = defaultLimit) {
        self.directory = directory
        self.limit = max(1, limit)
    }

    /// The remembered searches, most recent first.
    ///
    /// Lines that are not entries are skipped, and so are repeats of an earlier line's search, so a file
    /// edited by hand still reads as a valid history.
    /// - Returns: At most ``limit`` entries; empty when there is no file yet.
    /// - Throws: ``SearchHistoryError/cannotRead(path:reason:)`` when the file exists but cannot be read.
    public func entries() throws(SearchHistoryError) -> [SearchHistoryEntry] {
        guard let bytes = try readFile() else { return [] }
        var entries: [SearchHistoryEntry] = []
        var keys = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) where entries.count < limit {
            guard let entry = try? SearchHistoryEntry(json: line) else { continue }
            if keys.insert(entry.query.lowercased()).inserted {
                entries.append(entry)
            }
        }
        return entries
    }

    /// Remembers a successful search at the top of the list.
    ///
    /// An earlier entry for the same search (ignoring case) is removed; the oldest entries beyond ``limit``
    /// are dropped.
    /// - Parameters:
    ///   - query: The search that succeeded.
    ///   - date: When it succeeded.
    /// - Returns: The history after the change.
    /// - Throws: ``SearchHistoryError`` when the folder, the lock or the file cannot be used.
    @discardableResult
    public func record(_ query: SearchQuery, at date: Date = Date()) throws(SearchHistoryError)
        -> [SearchHistoryEntry]
    {
        try withLock { () throws(SearchHistoryError) -> [SearchHistoryEntry] in
            let key = query.key
            let kept = try entries().filter { $0.query.lowercased() != key }
            let updated = Array(([SearchHistoryEntry(query: query.text, at: date)] + kept).prefix(limit))
            try replaceFile(with: updated.flatMap { $0.json + [UInt8(ascii: "\n")] })
            return updated
        }
    }

    /// Forgets every search.
    ///
    /// - Throws: ``SearchHistoryError`` when the folder, the lock or the file cannot be used.
    public func clear() throws(SearchHistoryError) {
        try withLock { () throws(SearchHistoryError) in
            guard unlink(path) == 0 || errno == ENOENT else {
                throw .cannotWrite(path: path, reason: Self.describeErrno())
            }
        }
    }

    /// Runs `body` holding the exclusive lock, creating the folder first.
    private func withLock<T>(_ body: () throws(SearchHistoryError) -> T) throws(SearchHistoryError) -> T {
        do {
            try XDGDirectories.ensure(directory)
        } catch {
            throw .cannotCreateDirectory(path: directory, reason: Self.describe(error))
        }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotLock(path: lockPath, reason: Self.describeErrno()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .cannotLock(path: lockPath, reason: Self.describeErrno()) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// The whole file, or `nil` when it does not exist.
    private func readFile() throws(SearchHistoryError) -> [UInt8]? {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            throw .cannotRead(path: path, reason: Self.describe(error))
        }
    }

    /// Writes `bytes` to a temporary file, flushes it to disk and renames it over the history file.
    private func replaceFile(with bytes: [UInt8]) throws(SearchHistoryError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotWrite(path: temporary, reason: Self.describeErrno()) }
        var failure: String?
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = Self.describeErrno()
                break
            }
            offset += written
        }
        if failure == nil, fsync(fd) != 0 { failure = Self.describeErrno() }
        if close(fd) != 0, failure == nil { failure = Self.describeErrno() }
        if failure == nil, rename(temporary, path) != 0 { failure = Self.describeErrno() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    private static func describeErrno() -> String {
        String(cString: strerror(errno))
    }

    /// The system's reason under a Foundation file error ("Not a directory"), rather than Foundation's
    /// "The operation could not be completed".
    private static func describe(_ error: any Error) -> String {
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return error.localizedDescription
    }
}
