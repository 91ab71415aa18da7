import Foundation
import TVMRecords

/// What can go wrong with the local image cache.
public enum ImageCacheError: Error, LocalizedError, Sendable, Equatable {
    /// The cache folder cannot be created or read.
    case directoryUnusable(path: String, reason: String)
    /// A downloaded image could not be written (or renamed into place); nothing was stored.
    case writeFailed(path: String, reason: String)
    /// A cache file could not be removed.
    case removeFailed(path: String, reason: String)
    /// The bytes given to ``ImageCache/store(_:for:)`` (or a writer) are not a JPEG, PNG or WebP image.
    case notAnImage(url: String)
    /// The bytes start as an image but do not end as one (a body cut short); the detail says how.
    case incomplete(url: String, detail: String)

    /// A sentence quoting the path and the cause.
    public var errorDescription: String? {
        switch self {
        case .directoryUnusable(let path, let reason):
            return "cannot use the image cache folder \(path): \(reason)"
        case .writeFailed(let path, let reason):
            return "cannot write \(path): \(reason); check the free space and permissions of the cache folder"
        case .removeFailed(let path, let reason):
            return "cannot remove \(path): \(reason)"
        case .notAnImage(let url):
            return "not storing \(url): it is not a JPEG, PNG or WebP image"
        case .incomplete(let url, let detail):
            return "not storing \(url): \(detail)"
        }
    }
}
