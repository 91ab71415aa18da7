#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path arithmetic on the strings users type, without Foundation's path APIs (whose `deletingLastPathComponent`
/// trapped on a one-character relative path such as `x`).
public enum FilePath {
    /// The folder part of a path: `a/b/c` → `a/b`, `/c` → `/`, `c` → `` (the current folder).
    ///
    /// - Parameter path: A file path, relative or absolute.
    /// - Returns: The folder, or the empty string when the path has no folder part.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// Whether something is at `path`: `false` only when nothing is (`ENOENT`, as a cache that was never made).
    ///
    /// - Parameter path: A file path.
    /// - Returns: Whether the path names a file or folder.
    /// - Throws: ``Unreachable`` when the path cannot be looked at: a file stands where a folder should be
    ///   (`ENOTDIR`), or a folder on the way may not be entered (`EACCES`).
    public static func exists(_ path: String) throws(Unreachable) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return true }
        if errno == ENOENT { return false }
        throw Unreachable(reason: String(cString: strerror(errno)).lowercased())
    }

    /// Why a path cannot be looked at, in the system's words (`not a directory`).
    public struct Unreachable: Error, Sendable, Equatable {
        /// The reason.
        public var reason: String
    }

    /// Whether the path names a folder, never a file: it ends with `/`, or a folder is there (links followed).
    ///
    /// - Parameter path: A file path.
    /// - Returns: `true` for `dir/`, `/` and an existing `dir`.
    public static func namesFolder(_ path: String) -> Bool {
        var info = stat()
        return path.hasSuffix("/") || (stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    /// A file named `name` in the folder `folder`: `("/tmp", "a")` and `("/tmp/", "a")` → `/tmp/a`.
    ///
    /// - Parameters:
    ///   - folder: A folder path.
    ///   - name: A file name.
    /// - Returns: The joined path.
    public static func inFolder(_ folder: String, _ name: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// What is at `path` when it is something a database file cannot be: a FIFO (opening it would wait for a
    /// writer forever), a device, a socket or a folder. Links are followed.
    ///
    /// - Parameter path: A file path.
    /// - Returns: `nil` for a regular file or nothing at all (a file to create); otherwise what it is, e.g.
    ///   `a FIFO (named pipe)`.
    public static func nonRegularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Why a private state file (the shared rate window, the HTTP cache) may not be used, as shown to users.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The reason, e.g. `it is a symbolic link`.
        public var description: String

        /// Creates a refusal with its reason.
        public init(description: String) { self.description = description }
    }

    /// Opens a private state file for reading and writing, creating it (mode 0600) when missing, without
    /// following a symbolic link and without blocking (a FIFO in its place must not hang the tool); it must be
    /// a regular file.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The open descriptor (the caller closes it), or why the file may not be used: a symbolic link
    ///   (whose target is never touched), not a regular file, or the system's reason.
    public static func openPrivateFile(_ path: String) -> Result<Int32, Refusal> {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            let reason = errno
            var link = stat()
            if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                return .failure(Refusal(description: "it is a symbolic link; give the path of a file"))
            }
            return .failure(Refusal(description: String(cString: strerror(reason))))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(Refusal(description: "it is not a regular file"))
        }
        return .success(fd)
    }

    /// Expands a leading `~` or `~/` to the home folder, as a shell would have (for paths given through an
    /// environment variable, where no shell expanded them).
    ///
    /// - Parameters:
    ///   - path: A file path.
    ///   - home: The home folder (`$HOME`).
    /// - Returns: The path with `~` replaced; other paths unchanged (`~user` is left alone).
    public static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }
}
