import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Where the TVMaze credentials are kept: `$XDG_CONFIG_HOME/tvm/account` (mode 0600, in a 0700 folder), unless
/// `TVM_TVMAZE_USER` and `TVM_TVMAZE_KEY` are set, which win over the file.
///
/// The file holds one JSON object, `{"username":…,"apikey":…,"premium":N}`. It is written atomically (a new
/// file created 0600, synced, then renamed over the old one), and refused when other users can open it.
public struct CredentialStore: Sendable {
    /// The credentials file.
    public let path: String
    private let environment: [String: String]

    /// The environment variables that override the file.
    public static let userVariable = "TVM_TVMAZE_USER"
    /// The API key's variable.
    public static let keyVariable = "TVM_TVMAZE_KEY"

    /// Creates a store for a config folder.
    ///
    /// - Parameters:
    ///   - configFolder: `$XDG_CONFIG_HOME/tvm`.
    ///   - environment: Where `TVM_TVMAZE_USER` and `TVM_TVMAZE_KEY` are read.
    public init(configFolder: String, environment: [String: String]) {
        path = configFolder + "/account"
        self.environment = environment
    }

    /// Whether the credentials come from the environment.
    public var fromEnvironment: Bool { Self.isOverridden(by: environment) }

    /// Whether `TVM_TVMAZE_USER` or `TVM_TVMAZE_KEY` is set in `environment`, overriding the file.
    public static func isOverridden(by environment: [String: String]) -> Bool {
        !(environment[userVariable] ?? "").isEmpty || !(environment[keyVariable] ?? "").isEmpty
    }

    /// The credentials in force: the environment's, else the file's, else `nil`.
    ///
    /// - Throws: ``AccountError/halfEnvironment(missing:)``, ``AccountError/readableByOthers(path:mode:)`` or
    ///   ``AccountError/unusableFile(path:reason:)``.
    public func load() throws(AccountError) -> Credentials? {
        let user = environment[Self.userVariable] ?? ""
        let key = environment[Self.keyVariable] ?? ""
        switch (user.isEmpty, key.isEmpty) {
        case (false, false): return Credentials(username: user, key: key)
        case (false, true): throw .halfEnvironment(missing: Self.keyVariable)
        case (true, false): throw .halfEnvironment(missing: Self.userVariable)
        case (true, true): return try loadFile()
        }
    }

    /// The file's credentials, or `nil` when there is no file.
    ///
    /// - Throws: ``AccountError/readableByOthers(path:mode:)`` or ``AccountError/unusableFile(path:reason:)``.
    public func loadFile() throws(AccountError) -> Credentials? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unusableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unusableFile(path: path, reason: "not a regular file")
        }
        let mode = Int(info.st_mode & 0o777)
        guard mode & 0o077 == 0 else { throw .readableByOthers(path: path, mode: mode) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            guard bytes.count < 65_536 else { throw .unusableFile(path: path, reason: "larger than 64 KiB") }
        }
        guard let stored = try? JSONDecoder().decode(StoredCredentials.self, from: Data(bytes)),
            !stored.username.isEmpty, !stored.apikey.isEmpty
        else { throw .unusableFile(path: path, reason: "not the JSON object tvm-fav login writes") }
        return Credentials(username: stored.username, key: stored.apikey, premium: stored.premium)
    }

    /// Writes the credentials atomically: a new file, mode 0600, in the folder (made 0700), synced and renamed
    /// over the old one.
    ///
    /// - Parameter credentials: What to store.
    /// - Throws: ``AccountError/unusableFile(path:reason:)``.
    public func save(_ credentials: Credentials) throws(AccountError) {
        let folder = FilePath.folder(of: path)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unusableFile(path: path, reason: "cannot create \(folder): \(error.localizedDescription)")
        }
        chmod(folder, 0o700)
        let stored = StoredCredentials(
            username: credentials.username, apikey: credentials.key, premium: credentials.premium ?? 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else {
            throw .unusableFile(path: path, reason: "cannot encode the credentials")
        }
        let temporary = folder + "/.account.\(getpid()).tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unusableFile(path: path, reason: String(cString: strerror(errno))) }
        let bytes = [UInt8](data) + [UInt8(ascii: "\n")]
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unusableFile(path: path, reason: reason)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Deletes the file.
    ///
    /// - Returns: Whether there was one.
    /// - Throws: ``AccountError/unusableFile(path:reason:)`` when it exists and cannot be deleted.
    @discardableResult
    public func delete() throws(AccountError) -> Bool {
        guard unlink(path) == 0 else {
            if errno == ENOENT { return false }
            throw .unusableFile(path: path, reason: String(cString: strerror(errno)))
        }
        return true
    }

    /// The file's layout.
    private struct StoredCredentials: Codable {
        var username: String
        var apikey: String
        var premium: Int
    }
}
