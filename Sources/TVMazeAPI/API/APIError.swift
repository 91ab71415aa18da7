import Foundation
import TVMRecords

/// What can go wrong when asking the TVMaze API for data.
public enum APIError: Error, LocalizedError, Sendable, Equatable {
    /// The API answered 404: the show, page or search has no result.
    case notFound(url: String)
    /// The API kept answering 429 after every retry.
    case rateLimited(url: String, attempts: Int)
    /// Connecting or reading timed out on every attempt.
    case timedOut(url: String, attempts: Int, detail: String)
    /// The connection failed, or the server kept answering 5xx, on every attempt.
    case unavailable(url: String, attempts: Int, detail: String)
    /// The API rejected the request (a 4xx other than 404 and 429), e.g. 422 for an unknown country.
    case rejected(url: String, status: Int, message: String)
    /// The API answered with a body that is not valid JSON, on every attempt.
    case invalidResponse(url: String, attempts: Int, detail: String)
    /// `--offline` was given and the response is not in the local cache.
    case notCached(url: String)
    /// The API base URL or a request parameter cannot form a valid URL.
    case invalidURL(String)
    /// The task was cancelled while the request waited for the rate window; it was not sent.
    case cancelled(url: String)
    /// The request was not sent: an earlier request to the same host failed at the network level on every
    /// attempt (`cause`), and the client skips that host for the rest of the run (`skipsUnreachableHosts`).
    indirect case skipped(url: String, host: String, cause: APIError)
    /// A download was not sent to `url` because its ``DownloadPolicy`` refuses it; `redirectedFrom` is the URL
    /// whose redirect led there, or `nil` when `url` is the one asked for. Never retried.
    case refused(url: String, redirectedFrom: String?, reason: URLRefusal)
    /// The body is larger than the most the request allowed (`maxBytes`); the transfer was stopped. Never
    /// retried.
    case tooLarge(url: String, maxBytes: Int)
    /// The answer to `url` is not the record asked for: its `id` is `found` (`nil`: no numeric `id`, or not an
    /// object) where `expected` was asked. Never retried, cached or saved.
    case wrongRecord(url: String, expected: Int, found: Int?)
    /// The answer to `url` could not be kept while it arrived: the temporary file that holds a large array answer
    /// (``SpooledElements``) could not be written or read, for `reason`. A local failure: never retried.
    case cannotSpool(url: String, reason: String)

    /// `after 1 attempt`, `after 3 attempts`.
    package static func afterAttempts(_ attempts: Int) -> String {
        "after \(attempts) attempt\(attempts == 1 ? "" : "s")"
    }

    /// A readable description that quotes the URL and the cause.
    public var errorDescription: String? {
        switch self {
        case .notFound(let url):
            return "not found: \(url)"
        case .rateLimited(let url, let attempts):
            return "rate limited by the API (HTTP 429) on \(url) \(Self.afterAttempts(attempts)); wait a minute and "
                + "try again"
        case .timedOut(let url, let attempts, let detail):
            // The transport's detail may say what to do already.
            return "timed out on \(url) \(Self.afterAttempts(attempts)) (\(detail))"
                + (detail.contains("--timeout") ? "" : "; try a larger --timeout")
        case .unavailable(let url, let attempts, let detail):
            return "\(detail) for \(url) \(Self.afterAttempts(attempts))"
        case .rejected(let url, let status, let message):
            return "the API rejected \(url) (HTTP \(status))" + (message.isEmpty ? "" : ": \(message)")
        case .invalidResponse(let url, let attempts, let detail):
            return "the API returned invalid JSON for \(url) \(Self.afterAttempts(attempts)) (\(detail))"
        case .notCached(let url):
            return "not in the local cache (offline): \(url)"
        case .invalidURL(let text):
            return "invalid URL: \(text)"
        case .cancelled(let url):
            return "cancelled before it was sent: \(url)"
        case .skipped(let url, let host, _):
            return "not tried: \(url) (\(host) could not be reached earlier in this run)"
        case .refused(let url, let origin?, let reason):
            return "refused to follow the redirect from \(URLRefusal.redacted(origin)) to \(URLRefusal.redacted(url)): "
                + reason.description
        case .refused(let url, nil, let reason):
            return "refused to fetch \(URLRefusal.redacted(url)): \(reason)"
        case .tooLarge(let url, let maxBytes):
            return "the response from \(url) is larger than \(ByteSize(bytes: maxBytes)); it was not read further"
        case .wrongRecord(let url, let expected, let found?):
            return
                "the answer to \(url) is the record of id \(found), not \(expected); it was not cached or saved "
                + "(a server or proxy in the way answers the wrong record); try again later"
        case .wrongRecord(let url, let expected, nil):
            return
                "the answer to \(url) is not a record with an id (\(expected) was asked); it was not cached or saved; "
                + "try again later"
        case .cannotSpool(let url, let reason):
            return "\(reason), while reading \(url); set TMPDIR to a writable folder with free space"
        }
    }

    /// Whether the failure is a network-level one that the original app specification's retry dialog offers to retry.
    public var isFetchFailure: Bool {
        switch self {
        case .rateLimited, .timedOut, .unavailable, .invalidResponse: return true
        case .notFound, .rejected, .notCached, .invalidURL, .cancelled, .skipped, .refused, .tooLarge, .wrongRecord,
            .cannotSpool:
            return false
        }
    }
}
