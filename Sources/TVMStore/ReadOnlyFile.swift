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

    /// Whether a plain read-only connection may open the file: one that finds no `-shm` makes the `-wal` and `-shm`
    /// companions, with the file's mode and this user as their owner, and a read-only or another user's `-shm`
    /// stops every later writer. So it is opened by a process that may write the file, or one that finds the
    /// companions there.
    ///
    /// - Parameter path: The database file.
    static func mayShare(_ path: String) -> Bool {
        canWrite(path) || FileManager.default.fileExists(atPath: path + "-shm")
    }

    /// The file's `-wal` and `-shm` companions that exist but that this process cannot write.
    ///
    /// - Parameter path: The database file.
    /// - Returns: Their paths, `-wal` first.
    static func readOnlyCompanions(of path: String) -> [String] {
        ["-wal", "-shm"].map { path + $0 }.filter { access($0, F_OK) == 0 && access($0, W_OK) != 0 }
    }

    /// The read-only message: `otherwise`, unless the file and its folder may be written and its companions are
    /// what is read-only; then it names them.
    ///
    /// - Parameters:
    ///   - what: The file's description: `the favorites database`.
    ///   - path: The database file.
    ///   - otherwise: The message for a read-only file or folder.
    static func message(_ what: String, _ path: String, otherwise: String) -> String {
        let companions = readOnlyCompanions(of: path)
        guard !companions.isEmpty, canWrite(path) else { return otherwise }
        let names = companions.joined(separator: " ")
        let one = companions.count == 1
        return "\(what) \(path) cannot be written: \(one ? "its companion" : "its companions") \(names) "
            + "\(one ? "is" : "are") read-only, left by a run that could only read it; make \(one ? "it" : "them") "
            + "writable (chmod u+w \(names))"
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
