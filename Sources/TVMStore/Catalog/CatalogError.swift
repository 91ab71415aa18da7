import Foundation
import GRDB

/// What can go wrong with the catalogue file.
///
/// Every case names the file, and the message says what to do.
public enum CatalogError: Error, LocalizedError, Sendable, Equatable {
    /// There is no catalogue at `path` yet.
    case missing(path: String)
    /// The file or its folder cannot be written (a sync, a clear).
    case readOnly(path: String)
    /// The folder could not be created, or the file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// Another process held the database locked for longer than the lock timeout.
    case locked(path: String, timeout: Double)
    /// The disk is full.
    case diskFull(path: String)
    /// The file was written by an older tvm and must be upgraded, but this process cannot write it.
    case needsUpgrade(path: String)
    /// The file was written by a newer tvm.
    case unknownSchema(path: String, migrations: [String])
    /// Any other SQLite failure; `operation` says what was being done.
    case failed(path: String, operation: String, reason: String)
    /// The file is damaged: empty, corrupt, or holding a record that is not a show's JSON; `reason` says how.
    case damaged(path: String, reason: String)

    /// What to run to make a catalogue, with its size and the time a first sync takes.
    public static let howToMake =
        "run tvm-fetch catalog sync to download it (about 380 pages, 95,000 shows: about 200 MB on disk, and "
        + "3 to 4 minutes at TVMaze's rate limit of 20 requests every 10 seconds)"

    /// A sentence that quotes the file and says what to do.
    public var errorDescription: String? {
        switch self {
        case .missing(let path):
            return "there is no show catalogue at \(path) yet; \(Self.howToMake)"
        case .readOnly(let path):
            return ReadOnlyFile.message(
                "the show catalogue", path,
                otherwise: "the show catalogue \(path) is read-only; make the file and its folder writable "
                    + "(chmod u+w), or choose another file with --catalog or TVM_CATALOG")
        case .cannotOpen(let path, let reason):
            return "cannot open the show catalogue \(path): \(reason); check the path and its permissions"
        case .locked(let path, let timeout):
            return
                "the show catalogue \(path) stayed locked by another process for \(Int(timeout)) s; "
                + "try again when it has finished"
        case .diskFull(let path):
            return "the disk holding the show catalogue \(path) is full; free some space and try again"
        case .needsUpgrade(let path):
            return
                "the show catalogue \(path) was written by an older tvm and must be upgraded before it can be read, "
                + "which needs write access to the file and its folder; run tvm-fetch catalog sync once as a user "
                + "who can write it, or copy it to a writable folder and give that copy with --catalog"
        case .unknownSchema(let path, let migrations):
            return
                "the show catalogue \(path) was written by a newer tvm (unknown migrations: "
                + "\(migrations.joined(separator: ", "))); upgrade tvm or choose another file with --catalog"
        case .damaged(let path, let reason):
            return
                "the show catalogue \(path) is damaged (\(reason)); run tvm-fetch catalog sync --full to download "
                + "it again, or tvm-fetch catalog clear --yes to remove it"
        case .failed(let path, let operation, let reason):
            return "\(operation) failed on the show catalogue \(path): \(reason)"
        }
    }

    /// Whether the file is damaged (not a database, or corrupt): then it is moved aside and made anew.
    static func isCorruption(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// Whether SQLite failed on a damaged full-text index (FTS5 reports it as a plain error).
    static func isDamagedIndex(_ error: any Error) -> Bool {
        guard let message = (error as? DatabaseError)?.message else { return false }
        return ["vtable constructor failed", "malformed", "fts5: corrupt"].contains { message.contains($0) }
    }

    /// Turns any error GRDB threw into a catalogue error.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - path: The file.
    ///   - operation: What was being done.
    ///   - timeout: The lock timeout, for the message of a busy database.
    /// - Returns: The matching case; `failed` when no other fits.
    static func from(_ error: any Error, path: String, operation: String, timeout: Double) -> CatalogError {
        if let error = error as? CatalogError { return error }
        if isCorruption(error) || isDamagedIndex(error) {
            return .damaged(path: path, reason: "\(operation): \((error as? DatabaseError)?.message ?? "\(error)")")
        }
        // The favorites store already reads SQLite's result codes; the catalogue names the same problems.
        switch StoreError.from(error, path: path, operation: operation, timeout: timeout) {
        case .locked: return .locked(path: path, timeout: timeout)
        case .readOnly: return .readOnly(path: path)
        case .diskFull: return .diskFull(path: path)
        case .cannotOpen(_, let reason), .cannotCreateFolder(_, let reason):
            return .cannotOpen(path: path, reason: reason)
        case .notADatabase(_, let reason), .failed(_, _, let reason):
            return .failed(path: path, operation: operation, reason: reason)
        case .unknownSchema(_, let migrations): return .unknownSchema(path: path, migrations: migrations)
        case .needsUpgrade: return .needsUpgrade(path: path)
        }
    }
}
