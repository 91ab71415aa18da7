import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The secret of `tvm-fav serve --token`: `$XDG_CONFIG_HOME/tvm/serve-token`, mode 0600 in a 0700 folder, made
/// the first time (32 random hex digits) and never printed or logged.
enum ServeToken {
    /// Why the token cannot be used.
    enum Failure: Error, LocalizedError {
        case unsafe(path: String)
        case unwritable(path: String, errno: Int32)

        var errorDescription: String? {
            switch self {
            case .unsafe(let path):
                return "the token file \(path) can be read by other users or is not a plain file; "
                    + "run chmod 600 '\(path)', or remove it to make a new token"
            case .unwritable(let path, let code):
                return "cannot write the token file \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// The file's path.
    static func path(configFolder: String) -> String { configFolder + "/serve-token" }

    /// Reads the saved token, making and saving one first if there is none.
    ///
    /// - Parameter configFolder: tvm's configuration folder, `$XDG_CONFIG_HOME/tvm`.
    /// - Returns: The token and whether it was just made.
    /// - Throws: ``Failure``.
    static func load(configFolder: String) throws(Failure) -> (token: String, made: Bool) {
        let path = path(configFolder: configFolder)
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 == 0, info.st_uid == getuid(),
                let text = try? String(contentsOfFile: path, encoding: .utf8)
            else { throw .unsafe(path: path) }
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 16, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw .unsafe(path: path)
            }
            return (token, false)
        }
        try? FileManager.default.createDirectory(
            atPath: configFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var generator = SystemRandomNumberGenerator()
        let token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
            .joined()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: path, errno: errno) }
        defer { close(descriptor) }
        let bytes = Array((token + "\n").utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count,
            fsync(descriptor) == 0
        else { throw .unwritable(path: path, errno: errno) }
        return (token, true)
    }
}
