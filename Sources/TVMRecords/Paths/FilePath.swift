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

    /// Whether the path ends with `/`, which names a folder, never a file.
    ///
    /// - Parameter path: A file path.
    /// - Returns: `true` for `dir/` and `/`.
    public static func namesFolder(_ path: String) -> Bool {
        path.hasSuffix("/")
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
