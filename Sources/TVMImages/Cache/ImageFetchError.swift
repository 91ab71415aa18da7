import Foundation
import TVMRecords
import TVMazeAPI

/// Why an image could not be made available locally.
public enum ImageFetchError: Error, LocalizedError, Sendable, Equatable {
    /// The image is not cached and the download failed (no network, 404, 5xx, timeout, `--offline`, …).
    case download(APIError)
    /// The server kept answering something that is not an image (wrong status, content type or signature).
    case notAnImage(url: String, attempts: Int, detail: String)
    /// The image was downloaded but could not be stored.
    case store(ImageCacheError)
    /// The URL is not an absolute http or https URL.
    case invalidURL(String)
    /// The fetcher's ``DownloadPolicy`` refuses `url`: a host not on the allow-list, a user name or password, a
    /// scheme other than http(s). Nothing was sent to it. `redirectedFrom` is the image URL whose redirect led
    /// there, or `nil` when `url` is the image URL itself.
    case refused(url: String, redirectedFrom: String?, reason: URLRefusal)
    /// The image is larger than the policy's `maxBytes`; the download was stopped there and nothing was stored.
    case tooLarge(url: String, maxBytes: Int)

    /// A sentence quoting the URL and the cause.
    public var errorDescription: String? {
        switch self {
        case .download(let error):
            return error.localizedDescription
        case .notAnImage(let url, let attempts, let detail):
            return "\(url) is not an image (\(detail)) \(APIError.afterAttempts(attempts)); not stored"
        case .store(let error):
            return error.localizedDescription
        case .invalidURL(let url):
            return "\"\(url)\" is not an absolute http or https URL"
        case .refused(let url, let origin, let reason):
            return APIError.refused(url: url, redirectedFrom: origin, reason: reason).localizedDescription
        case .tooLarge(let url, let maxBytes):
            return "the image at \(url) is larger than the \(ByteSize(bytes: maxBytes)) --max-size; not stored"
        }
    }
}
