import Foundation
import NIOConcurrencyHelpers
import TVMRecords
import TVMazeAPI

/// Makes images available as local files: from the ``ImageCache`` when there, else downloaded and stored.
///
/// A cached image costs no request. Requests for the same URL made while its download is under way wait
/// for that download instead of starting another. A download must be a 200 with an `image/*` content type and
/// a JPEG, PNG or WebP signature (see ``ImageFormat/problem(with:)``); anything else is retried like a
/// transient failure, then reported and never stored.
///
/// ```swift
/// let fetcher = ImageFetcher(cache: cache, client: client)
/// let file = try await fetcher.localFile(for: url)   // file.path, file.downloaded
/// ```
public final class ImageFetcher: Sendable {
    /// A local image file and whether this call's work downloaded it.
    public struct LocalFile: Sendable, Equatable {
        /// The absolute path of the cache entry.
        public var path: String
        /// `true` when it was downloaded (by this call or one it waited for), `false` when it was cached.
        public var downloaded: Bool
    }

    /// The cache images are stored in.
    public let cache: ImageCache
    private let client: APIClient
    private let inFlight = NIOLockedValueBox<[String: Task<Result<LocalFile, ImageFetchError>, Never>]>([:])

    /// Creates a fetcher.
    ///
    /// - Parameters:
    ///   - cache: Where images are looked up and stored.
    ///   - client: Downloads missing images (with its retries, without the API's pacing).
    public init(cache: ImageCache, client: APIClient) {
        self.cache = cache
        self.client = client
    }

    /// The local file of the image at `url`, downloading it when it is not cached.
    ///
    /// - Parameter url: The absolute image URL, as the record has it.
    /// - Returns: The file's path, and whether it was downloaded.
    /// - Throws: ``ImageFetchError``.
    public func localFile(for url: String) async throws(ImageFetchError) -> LocalFile {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            parsed.host?.isEmpty == false
        else { throw .invalidURL(url) }
        let task = inFlight.withLockedValue { tasks in
            if let running = tasks[url] { return running }
            let task = Task { await self.resolve(url) }
            tasks[url] = task
            return task
        }
        return try await task.value.get()
    }

    /// Looks in the cache, else downloads and stores; then forgets the in-flight task.
    private func resolve(_ url: String) async -> Result<LocalFile, ImageFetchError> {
        defer { _ = inFlight.withLockedValue { $0.removeValue(forKey: url) } }
        if let path = cache.cachedFile(for: url) {
            return .success(LocalFile(path: path, downloaded: false))
        }
        let response: HTTPResponse
        do {
            response = try await client.download(url: url) { ImageFormat.problem(with: $0) }
        } catch {
            if case .invalidResponse(let url, let attempts, let detail) = error {
                return .failure(.notAnImage(url: url, attempts: attempts, detail: detail))
            }
            return .failure(.download(error))
        }
        do {
            return .success(LocalFile(path: try cache.store(response.body, for: url), downloaded: true))
        } catch {
            return .failure(.store(error))
        }
    }
}
