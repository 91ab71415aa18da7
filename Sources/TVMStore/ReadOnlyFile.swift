import Foundation
import GRDB
import GRDBSQLite
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Opening a WAL database file that this process may read but not write (another user's file, a read-only folder).
///
/// A WAL file is read through its `-shm` companion, which SQLite makes next to the file and removes when the last
/// connection closes; a reader that cannot write the folder cannot make it, so a plain read-only connection
/// fails. SQLite's `immutable=1` URI parameter reads the file as it is on disk, with no `-shm` and no locks.
enum ReadOnlyFile {
    /// Whether this process may write the file (when it exists) and the folder holding it, as SQLite needs both.
    ///
    /// - Parameter path: The database file.
    static func canWrite(_ path: String) -> Bool {
        let folder = FilePath.folder(of: path).isEmpty ? "." : FilePath.folder(of: path)
        if FileManager.default.fileExists(atPath: path) && access(path, W_OK) != 0 { return false }
        return access(folder, W_OK) == 0
    }

    /// Opens `path` read-only and immutable: one connection that reads the file as it is, never locks it and
    /// never makes a `-shm`.
    ///
    /// Meant for files this process cannot write; a change made meanwhile by the file's owner may be unseen, and
    /// what only its `-wal` holds (a writer still at work, or one killed) is not read.
    /// - Parameters:
    ///   - path: The database file.
    ///   - configuration: The connection's configuration; it is made read-only.
    /// - Returns: The connection, or `nil` when this SQLite does not read `file:` URIs.
    /// - Throws: What GRDB throws when the file cannot be opened.
    static func openImmutable(_ path: String, configuration: Configuration) throws -> DatabaseQueue? {
        guard sqlite3_compileoption_used("USE_URI") == 1 else { return nil }
        var configuration = configuration
        configuration.readonly = true
        return try DatabaseQueue(path: uri(path), configuration: configuration)
    }

    /// The `file:` URI of `path` with `mode=ro&immutable=1`, its path percent-encoded (`?`, `#`, `%` and the like).
    static func uri(_ path: String) -> String {
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        // `file://x` would name a host: a path starting with two slashes keeps one.
        let absolute = encoded.hasPrefix("//") ? "/" + encoded.drop { $0 == "/" } : encoded
        return "file:\(absolute)?mode=ro&immutable=1"
    }
}
