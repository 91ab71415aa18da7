import Foundation

/// Why the HTTP cache file was not opened.
public enum HTTPCacheError: Error, LocalizedError, Sendable, Equatable {
    /// The cache file (or its `-wal` or `-shm` file) is a symbolic link or not a regular file: its target is never
    /// opened, so another SQLite file never gets the cache's tables or a `VACUUM`.
    case refused(path: String, reason: String)
    /// The cache file cannot be reached: a file stands where its folder should be, or permissions forbid it.
    case unreachable(path: String, reason: String)

    /// The message: the path, why it was refused, and what to do.
    public var errorDescription: String? {
        switch self {
        case .refused(let path, let reason):
            return "refusing the HTTP cache \(path): \(reason); remove it, or set XDG_CACHE_HOME to another folder"
        case .unreachable(let path, let reason):
            return "the HTTP cache \(path) cannot be used (\(reason)); set XDG_CACHE_HOME to another folder"
        }
    }
}
