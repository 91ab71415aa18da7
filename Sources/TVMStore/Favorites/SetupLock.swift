import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock(2)` on a database's folder, held while the database file is created and migrated.
///
/// SQLite's own locks do not cover the moment a file is created: two processes that both find no database
/// both create the schema, and the second one's write meets the first one's transaction without waiting
/// (SQLITE_BUSY at once, whatever the busy timeout). Holding this lock around opening and migrating makes the
/// second process wait until the first has finished, then find the schema in place. The folder itself is locked,
/// so that no lock file is left beside the user's database; a folder that cannot be opened is not locked (the
/// open that follows reports the real problem).
enum SetupLock {
    /// Runs `body` while holding the lock, waiting for it at most `timeout` seconds.
    ///
    /// - Parameters:
    ///   - folder: The database's folder.
    ///   - path: The database file, for messages.
    ///   - timeout: How long to wait for another process's lock, in seconds.
    ///   - body: The work done under the lock.
    /// - Returns: What `body` returned.
    /// - Throws: ``StoreError/locked(path:timeout:)`` when the lock stayed taken for `timeout` seconds; what
    ///   `body` threw.
    static func holding<T>(folder: String, path: String, timeout: Double, _ body: () throws(StoreError) -> T)
        throws(StoreError) -> T
    {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return try body() }
            guard ContinuousClock.now < deadline else { throw .locked(path: path, timeout: timeout) }
            usleep(5_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
