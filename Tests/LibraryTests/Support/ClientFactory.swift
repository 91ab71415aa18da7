import Foundation

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// Builds API clients over a ``ScriptedTransport`` with tiny delays, so retries take milliseconds.
enum ClientFactory {
    static let baseURL = "http://api.test"
    /// A base URL for a test that needs https.
    static let secureBaseURL = "https://api.test"

    /// A policy with `retries` retries and back-offs of about a millisecond.
    static func policy(retries: Int = 2, maxDelay: Double = 60) -> RetryPolicy {
        RetryPolicy(retries: retries, baseDelay: 0.001, rateLimitBaseDelay: 0.001, maxDelay: maxDelay)
    }

    static func client(
        _ transport: ScriptedTransport,
        policy: RetryPolicy = policy(),
        limiter: RateLimiter = RateLimiter(limit: 1_000, window: 1),
        events: EventRecorder = EventRecorder(),
        cache: (any ResponseCache)? = nil,
        cacheMode: CacheMode = .normal,
        skipsUnreachableHosts: Bool = false,
        clock: any PacingClock = SystemClock(),
        onExhausted: @escaping APIClient.ExhaustedHandler = { _ in false },
        baseURL: String = baseURL,
        spoolDirectory: String = NSTemporaryDirectory()
    ) throws -> APIClient {
        try APIClient(
            baseURL: baseURL, transport: transport, limiter: limiter, policy: policy, onEvent: events.handler,
            onExhausted: onExhausted, cache: cache, cacheMode: cacheMode, skipsUnreachableHosts: skipsUnreachableHosts,
            clock: clock, spoolDirectory: spoolDirectory)
    }
}

extension APIClient {
    /// Downloads with `download(url:policy:receive:)` and returns the whole response, for tests: the body is
    /// collected, and `validate` may call it unusable.
    func downloadBody(
        url: String,
        policy: DownloadPolicy = DownloadPolicy(allowedHosts: nil, maxBytes: 1 << 20),
        validate: (HTTPResponse) -> String? = { _ in nil }
    ) async throws(APIError) -> HTTPResponse {
        try await download(url: url, policy: policy) { streamed throws(TransportFailure) in
            var body: [UInt8] = []
            while let chunk = try await streamed.body.next() { body += chunk }
            let response = HTTPResponse(status: streamed.status, headers: streamed.headers, body: body)
            return validate(response).map { .unusable($0) } ?? .accepted(response)
        }
    }
}
