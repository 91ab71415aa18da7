import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock(2)` on a lock file of its own, held by one process for a long piece of work (a catalogue
/// sync, a favorites refresh), and released when it is deinitialised or the process ends, however it ends.
///
/// The lock is never on the database file itself (closing any other descriptor of that file would drop SQLite's
/// POSIX locks in this process) nor on its folder (``SetupLock`` takes that while a database is set up).
public final class ProcessLock: Sendable {
    /// Why the lock file could not be opened.
    public enum Failure: Error, Sendable, Equatable {
        /// The file or its folder cannot be written (`EACCES`, `EROFS`, `EPERM`).
        case readOnly
        /// Another reason, in words.
        case other(String)
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock on `path`, waiting for the process that holds it, if any, to release it.
    ///
    /// - Parameters:
    ///   - path: The lock file, created if missing (and its folder).
    ///   - onWait: Called once, before waiting, when another process holds the lock.
    /// - Returns: The lock, held until it is deinitialised.
    /// - Throws: ``Failure`` when the lock file cannot be opened.
    public static func acquire(path: String, onWait: () -> Void) throws(Failure) -> ProcessLock {
        let folder = FilePath.folder(of: path)
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == EACCES || errno == EROFS || errno == EPERM { throw .readOnly }
            throw .other(String(cString: strerror(errno)))
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            onWait()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }
        return ProcessLock(descriptor: descriptor)
    }
}
