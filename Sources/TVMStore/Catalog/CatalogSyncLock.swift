/// The one-writer rule of the catalogue: an exclusive `flock(2)` on `catalog.sqlite.lock`, held for a whole sync
/// or clear.
///
/// SQLite's own lock is per transaction, and a sync is hundreds of them: two syncs would interleave and fetch
/// every page twice. The lock is on a file of its own, not on the database (closing any other descriptor of the
/// database file would drop SQLite's POSIX locks in this process) nor on its folder (the favorites database
/// shares it, and takes a lock on the folder while it sets up). The kernel releases it when the process ends,
/// however it ends.
public final class CatalogSyncLock: Sendable {
    private let lock: ProcessLock

    private init(lock: ProcessLock) {
        self.lock = lock
    }

    /// Takes the lock of the catalogue at `path`, waiting for another sync to finish if one holds it.
    ///
    /// - Parameters:
    ///   - path: The catalogue file; the lock is `path` + `.lock`, in the same folder (created if missing).
    ///   - onWait: Called once, before waiting, when another process holds the lock.
    /// - Returns: The lock, held until it is released (deinitialised).
    /// - Throws: ``CatalogError/readOnly(path:)`` when the lock file cannot be created.
    public static func acquire(path: String, onWait: () -> Void) throws(CatalogError) -> CatalogSyncLock {
        do {
            return CatalogSyncLock(lock: try ProcessLock.acquire(path: path + ".lock", onWait: onWait))
        } catch {
            switch error {
            case .readOnly: throw .readOnly(path: path)
            case .other(let reason): throw .cannotOpen(path: path + ".lock", reason: reason)
            }
        }
    }
}
