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
/// // or, chunk by chunk: let writer = try cache.writer(for: url); … try writer.commit()
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

    /// Starts writing an image of `url` into the cache, chunk by chunk (see ``ImageCacheWriter``).
    ///
    /// - Parameter url: The URL the image is downloaded from.
    /// - Returns: A writer over a new temporary file in the cache folder.
    /// - Throws: ``ImageCacheError/writeFailed(path:reason:)`` when the file cannot be created.
    public func writer(for url: String) throws(ImageCacheError) -> ImageCacheWriter {
        try ImageCacheWriter(cache: self, url: url)
    }

    /// Stores an image of `url` and returns its path.
    ///
    /// The body is written to a temporary file in the cache folder and renamed to its entry name, so the
    /// entry appears complete or not at all; on any failure the temporary file is removed.
    /// - Parameters:
    ///   - body: The image bytes: a whole JPEG, PNG or WebP image.
    ///   - url: The URL the image was downloaded from.
    /// - Returns: The absolute path of the entry.
    /// - Throws: ``ImageCacheError/notAnImage(url:)``, ``ImageCacheError/incomplete(url:detail:)`` or
    ///   ``ImageCacheError/writeFailed(path:reason:)``.
    public func store(_ body: [UInt8], for url: String) throws(ImageCacheError) -> String {
        guard ImageFormat(signatureOf: body) != nil else { throw .notAnImage(url: url) }
        let writer = try writer(for: url)
        try writer.write(body)
        return try writer.commit()
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }

    static func describe(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
}
