import Foundation
import NIOConcurrencyHelpers
import TVMRecords
import TVMazeAPI

/// Makes images available as local files: from the ``ImageCache`` when there, else downloaded and stored.
///
/// Image URLs come from records, which may come from anywhere: a URL is fetched only when the
/// ``DownloadPolicy`` allows its host (and the host of every redirect), and its body is streamed to a temporary
/// file and stopped at the policy's `maxBytes`, never held whole in memory. A cached image costs no request.
/// Requests for the same URL made while its download is under way wait for that download instead of starting
/// another. A download must be a 200 with an `image/*` content type, a JPEG, PNG or WebP signature, and the
/// end its format requires (see ``ImageFormat/endProblem(head:tail:length:)``); anything else is retried like
/// a transient failure, then reported and never stored. A refused URL and an image over the size limit are not
/// retried.
///
/// ```swift
/// let policy = DownloadPolicy(allowedHosts: HostAllowList([HostAllowList.tvmazeImages]), maxBytes: 20 << 20)
/// let fetcher = ImageFetcher(cache: cache, client: client, policy: policy)
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
    /// The hosts and the size images may come from.
    public let policy: DownloadPolicy
    private let client: APIClient
    private let inFlight = NIOLockedValueBox<[String: Task<Result<LocalFile, ImageFetchError>, Never>]>([:])

    /// Creates a fetcher.
    public init(cache: ImageCache, client: APIClient, policy: DownloadPolicy) {
        self.cache = cache
        self.client = client
        self.policy = policy
    }

    /// The local file of the image at `url`, downloading it when it is not cached.
    ///
    /// - Parameter url: The absolute image URL, as the record has it.
    /// - Returns: The file's path, and whether it was downloaded.
    /// - Throws: ``ImageFetchError``; ``ImageFetchError/refused(url:redirectedFrom:reason:)`` without looking
    ///   at the cache or the network when the policy refuses the URL.
    public func localFile(for url: String) async throws(ImageFetchError) -> LocalFile {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            parsed.host?.isEmpty == false
        else { throw .invalidURL(url) }
        if let reason = policy.allowedHosts?.refusal(for: parsed) {
            throw .refused(url: url, redirectedFrom: nil, reason: reason)
        }
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
        let stored: Result<String, ImageCacheError>
        do {
            stored = try await client.download(url: url, policy: policy) { response throws(TransportFailure) in
                try await self.receive(response, from: url)
            }
        } catch {
            switch error {
            case .invalidResponse(let url, let attempts, let detail):
                return .failure(.notAnImage(url: url, attempts: attempts, detail: detail))
            case .refused(let refused, let origin, let reason):
                return .failure(.refused(url: refused, redirectedFrom: origin, reason: reason))
            case .tooLarge(_, let maxBytes):
                return .failure(.tooLarge(url: url, maxBytes: maxBytes))
            default:
                return .failure(.download(error))
            }
        }
        return stored.map { LocalFile(path: $0, downloaded: true) }.mapError { .store($0) }
    }

    /// Streams one attempt's 200 response into a temporary file of the cache and renames it into place when it
    /// is a whole image. A response that is not one is `unusable` (retried); a cache that cannot be written ends
    /// the download with its error.
    private func receive(_ response: HTTPStreamingResponse, from url: String) async throws(TransportFailure)
        -> DownloadVerdict<Result<String, ImageCacheError>>
    {
        if let problem = ImageFormat.problem(status: response.status, contentType: response.header("content-type")) {
            return .unusable(problem)
        }
        let writer: ImageCacheWriter
        do {
            writer = try cache.writer(for: url)
        } catch {
            return .accepted(.failure(error))
        }
        defer { writer.discard() }
        while let chunk = try await response.body.next() {
            do {
                try writer.write(chunk)
            } catch {
                return .accepted(.failure(error))
            }
            // A captive portal's page is known by its first bytes: no need to read the rest.
            if let problem = writer.startProblem { return .unusable(problem) }
        }
        if let problem = writer.problem { return .unusable(problem) }
        do {
            return .accepted(.success(try writer.commit()))
        } catch {
            return .accepted(.failure(error))
        }
    }
}
