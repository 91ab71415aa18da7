import Foundation
import GRDB
import TVMRecords

/// What can go wrong with the favorites database.
///
/// Every case names the database file, so that the message says which file to look at. A failed save or
/// delete changes nothing: each batch is one transaction, rolled back on any error.
public enum StoreError: Error, LocalizedError, Sendable, Equatable {
    /// The folder for the database could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The database file could not be opened (missing permissions, a folder in its place, …).
    case cannotOpen(path: String, reason: String)
    /// Another process kept the database locked for longer than the lock timeout.
    case locked(path: String, timeout: Double)
    /// The database file, its folder or its `-wal`/`-shm` companions are read-only.
    case readOnly(path: String)
    /// The disk (or the file system quota) is full.
    case diskFull(path: String)
    /// The file is not an SQLite database, or it is damaged.
    case notADatabase(path: String, reason: String)
    /// The database was written by an older tvm and must be upgraded, but this process cannot write it.
    case needsUpgrade(path: String)
    /// The database was written by a newer tvm with migrations this version does not know.
    case unknownSchema(path: String, migrations: [String])
    /// Any other SQLite failure; `operation` says what was being done.
    case failed(path: String, operation: String, reason: String)

    /// A sentence that quotes the file and says what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            return "cannot create the folder for the favorites database \(path): \(reason)"
        case .cannotOpen(let path, let reason):
            return "cannot open the favorites database \(path): \(reason); check the path and its permissions"
        case .locked(let path, let timeout):
            return
                "the favorites database \(path) stayed locked by another process for \(Self.seconds(timeout)); "
                + "try again when it has finished, or give a longer --lock-timeout"
        case .readOnly(let path):
            return ReadOnlyFile.message(
                "the favorites database", path,
                otherwise: "the favorites database \(path) is read-only; make the file and its folder writable "
                    + "(chmod u+w) or choose another file with --db")
        case .diskFull(let path):
            return "the disk holding the favorites database \(path) is full; free some space and try again"
        case .notADatabase(let path, let reason):
            return
                "\(path) is not a usable SQLite database (\(reason)); move it away or choose another file with --db"
        case .needsUpgrade(let path):
            return
                "the favorites database \(path) was written by an older tvm and must be upgraded before it can be "
                + "read, which needs write access to the file and its folder; run any tvm-fav command once as a "
                + "user who can write it, or copy it to a writable folder and give that copy with --db"
        case .unknownSchema(let path, let migrations):
            return
                "the favorites database \(path) was written by a newer tvm (unknown migrations: "
                + "\(migrations.joined(separator: ", "))); upgrade tvm or choose another file with --db"
        case .failed(let path, let operation, let reason):
            return "\(operation) failed on the favorites database \(path): \(reason)"
        }
    }

    /// Turns any error thrown by GRDB into a store error.
    ///
    /// - Parameters:
    ///   - error: The error GRDB threw.
    ///   - path: The database file.
    ///   - operation: What was being done, e.g. `saving favorites`.
    ///   - timeout: The lock timeout in force, for the message of a busy database.
    /// - Returns: The matching case; `failed` when no other fits.
    public static func from(_ error: any Error, path: String, operation: String, timeout: Double) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .failed(path: path, operation: operation, reason: error.localizedDescription)
        }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path, timeout: timeout)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_IOERR where hasNoSpace(forFileAt: path): return .diskFull(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path, reason: reason)
        case .SQLITE_CANTOPEN, .SQLITE_PERM: return .cannotOpen(path: path, reason: reason)
        default: return .failed(path: path, operation: operation, reason: reason)
        }
    }

    /// Whether the file system holding `path` has no block left for it: SQLite reports a full disk met while it
    /// maps its shared-memory file (`-shm`), even to read, as an I/O error.
    private static func hasNoSpace(forFileAt path: String) -> Bool {
        var info = statvfs()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return statvfs(folder, &info) == 0 && info.f_bavail == 0
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
