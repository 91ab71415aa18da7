import Foundation
import TVMRecords

/// What can go wrong when reading or changing the search history file.
public enum SearchHistoryError: Error, LocalizedError, Sendable, Equatable {
    /// The state folder could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The lock file that serialises writers could not be opened or locked.
    case cannotLock(path: String, reason: String)
    /// The history file exists but could not be read.
    case cannotRead(path: String, reason: String)
    /// The new history could not be written or moved into place.
    case cannotWrite(path: String, reason: String)
    /// A stored line is not a `{"query":…,"at":…}` object; such lines are skipped when reading.
    case malformedEntry(String)

    /// A readable description that names the file and what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            return "cannot create the state folder \(path) (\(reason)); check $XDG_STATE_HOME and its permissions"
        case .cannotLock(let path, let reason):
            return "cannot lock the search history at \(path) (\(reason)); check that the folder is writable"
        case .cannotRead(let path, let reason):
            return "cannot read the search history \(path) (\(reason))"
        case .cannotWrite(let path, let reason):
            return "cannot save the search history \(path) (\(reason)); check free space and permissions"
        case .malformedEntry(let line):
            return "not a search history entry: \(line)"
        }
    }
}
