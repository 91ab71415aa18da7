import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// The one-writer rule of the catalogue: an exclusive `flock(2)` on `catalog.sqlite.lock`, held for a whole sync
/// or clear.
///
/// SQLite's own lock is per transaction, and a sync is hundreds of them: two syncs would interleave and fetch
/// every page twice. The lock is on a file of its own, not on the database (closing any other descriptor of the
/// database file would drop SQLite's POSIX locks in this process) nor on its folder (the favorites database
/// shares it, and takes a lock on the folder while it sets up). The kernel releases it when the process ends,
/// however it ends.
public final class CatalogSyncLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock of the catalogue at `path`, waiting for another sync to finish if one holds it.
    ///
    /// - Parameters:
    ///   - path: The catalogue file; the lock is `path` + `.lock`, in the same folder (created if missing).
    ///   - onWait: Called once, before waiting, when another process holds the lock.
    /// - Returns: The lock, held until it is released (deinitialised).
    /// - Throws: ``CatalogError/readOnly(path:)`` when the lock file cannot be created.
    public static func acquire(path: String, onWait: () -> Void) throws(CatalogError) -> CatalogSyncLock {
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == EACCES || errno == EROFS || errno == EPERM { throw .readOnly(path: path) }
            throw .cannotOpen(path: path + ".lock", reason: String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            onWait()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        return CatalogSyncLock(descriptor: descriptor)
    }
}
