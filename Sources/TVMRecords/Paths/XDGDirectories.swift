import Foundation

/// The toolkit's data, cache and state folders, per the XDG Base Directory specification.
///
/// Each variable is used only when it holds an absolute path: the specification says relative paths are
/// invalid and must be ignored. The defaults are `~/.local/share`, `~/.cache`, `~/.local/state` and `~/.config`, each
/// with a `tvm` folder inside.
public struct XDGDirectories: Sendable, Equatable {
    /// `$XDG_DATA_HOME/tvm`: the favorites database.
    public let data: String
    /// `$XDG_CACHE_HOME/tvm`: HTTP responses, posters, the shared rate window.
    public let cache: String
    /// `$XDG_STATE_HOME/tvm`: the search history.
    public let state: String
    /// `$XDG_CONFIG_HOME/tvm`: the TVMaze account's credentials.
    public let config: String

    /// Resolves the folders from an environment.
    ///
    /// - Parameter environment: Usually `ProcessInfo.processInfo.environment`; `HOME` is read from it too.
    public init(environment: [String: String]) {
        func trimmed(_ path: String) -> String {
            var path = Substring(path)
            while path.hasSuffix("/") { path.removeLast() }
            return String(path)
        }
        let home = trimmed(environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory())
        func resolve(_ name: String, _ fallback: String) -> String {
            let base = environment[name].flatMap { $0.hasPrefix("/") ? trimmed($0) : nil } ?? (home + "/" + fallback)
            return base + "/tvm"
        }
        data = resolve("XDG_DATA_HOME", ".local/share")
        cache = resolve("XDG_CACHE_HOME", ".cache")
        state = resolve("XDG_STATE_HOME", ".local/state")
        config = resolve("XDG_CONFIG_HOME", ".config")
    }

    /// Creates a folder and its parents (mode 0700) if missing.
    ///
    /// - Parameter path: The folder.
    /// - Throws: The file system's error when it cannot be created.
    public static func ensure(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: path,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
    }
}
