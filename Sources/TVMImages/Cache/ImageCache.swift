import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Images stored on disk, one file per URL, named by the SHA-256 of the URL.
///
/// Each entry is `<64 hex digits>.<jpg|png|webp>` directly inside ``directory``: the name comes from the hash
/// of the URL and the extension from the image's signature, never from the URL path, so no URL can place a
/// file anywhere else. A download is written to a hidden temporary file in the same folder and renamed into
/// place, so an entry is always a complete image. Serving an entry sets its modification time to now, which
/// makes the modification time the last use that ``prune(maxBytes:now:)`` evicts by.
///
/// Safe to use from several tasks and processes at once: two writers of the same URL each rename a complete
/// file into place, and the last one wins.
///
/// ```swift
/// let cache = ImageCache(directory: directories.cache + "/images")
/// let path = try cache.cachedFile(for: url) ?? cache.store(body, for: url)
/// ```
public struct ImageCache: Sendable {
    /// The folder holding the images, e.g. `~/.cache/tvm/images`.
    public let directory: String

    /// Suffix of the temporary files that downloads are written to before the rename.
    static let temporarySuffix = ".tmp"

    /// Creates a cache over a folder; nothing is touched until it is used.
    ///
    /// - Parameter directory: The folder, an absolute path.
    public init(directory: String) {
        self.directory = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
    }

    /// Creates the folder (mode 0700) if it is missing.
    ///
    /// - Throws: ``ImageCacheError/directoryUnusable(path:reason:)``.
    public func prepare() throws(ImageCacheError) {
        do {
            try XDGDirectories.ensure(directory)
        } catch {
            throw .directoryUnusable(path: directory, reason: Self.describe(error))
        }
    }

    /// The file name stem of a URL's entry: the SHA-256 of the URL in hexadecimal.
    ///
    /// - Parameter url: The image URL, exactly as it appears in the record.
    public static func stem(for url: String) -> String {
        SHA256.hexDigest(of: url)
    }

    /// The path an image of `url` in `format` is stored at.
    ///
    /// - Parameters:
    ///   - url: The image URL.
    ///   - format: The image format, which gives the extension.
    public func path(for url: String, format: ImageFormat) -> String {
        directory + "/" + Self.stem(for: url) + "." + format.fileExtension
    }

    /// The path of the cached image of `url`, marked as just used, or `nil` when it is not cached.
    ///
    /// An empty file (left by a crash on a file system that lost the data but kept the rename) does not count.
    /// - Parameter url: The image URL.
    public func cachedFile(for url: String) -> String? {
        let stem = directory + "/" + Self.stem(for: url) + "."
        for format in ImageFormat.allCases {
            let path = stem + format.fileExtension
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { continue }
            // Best effort: a read-only cache still serves, it only loses the recency.
            _ = utimensat(AT_FDCWD, path, nil, 0)
            return path
        }
        return nil
    }

    /// Stores an image of `url` and returns its path.
    ///
    /// The body is written to a temporary file in the cache folder and renamed to its entry name, so the
    /// entry appears complete or not at all; on any failure the temporary file is removed.
    /// - Parameters:
    ///   - body: The image bytes; they must start with a JPEG, PNG or WebP signature.
    ///   - url: The URL the image was downloaded from.
    /// - Returns: The absolute path of the entry.
    /// - Throws: ``ImageCacheError/notAnImage(url:)`` or ``ImageCacheError/writeFailed(path:reason:)``.
    public func store(_ body: [UInt8], for url: String) throws(ImageCacheError) -> String {
        guard let format = ImageFormat(signatureOf: body) else { throw .notAnImage(url: url) }
        let destination = path(for: url, format: format)
        let temporary =
            directory + "/." + Self.stem(for: url) + "." + format.fileExtension + "."
            + String(getpid()) + "-" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + Self.temporarySuffix
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: temporary, reason: Self.errnoText()) }
        var failure: String?
        body.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Self.errnoText()
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0 && failure == nil { failure = Self.errnoText() }
        if failure == nil && rename(temporary, destination) != 0 { failure = Self.errnoText() }
        if let failure {
            unlink(temporary)
            throw .writeFailed(path: destination, reason: failure)
        }
        return destination
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    static func describe(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
