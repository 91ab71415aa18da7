@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// Builds API clients over a ``ScriptedTransport`` with tiny delays, so retries take milliseconds.
enum ClientFactory {
    static let baseURL = "http://api.test"

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
        onExhausted: @escaping APIClient.ExhaustedHandler = { _ in false }
    ) throws -> APIClient {
        try APIClient(
            baseURL: baseURL, transport: transport, limiter: limiter, policy: policy, onEvent: events.handler,
            onExhausted: onExhausted, cache: cache, cacheMode: cacheMode, skipsUnreachableHosts: skipsUnreachableHosts)
    }
}
