import Foundation

/// Everything a ``ReplayServer`` needs to know before it starts.
///
/// ```swift
/// var configuration = ReplayConfiguration(fixturesDirectory: fixtures)
/// configuration.rateLimit = .tvmaze
/// configuration.faults = [FaultRule(.tooManyRequests(retryAfter: 1), matching: .prefix("/shows"), times: 1)]
/// let server = try await ReplayServer.start(configuration)
/// ```
public struct ReplayConfiguration: Sendable {
    /// The folder of recorded responses (file path = API path, see its `MANIFEST.md`), with `routes.json`.
    public var fixturesDirectory: URL
    /// The loopback port to listen on; 0 (the default) picks a free one.
    public var port: Int
    /// A rate limit to enforce on API requests, or nil (the default) for none.
    public var rateLimit: RateLimit?
    /// When set to K, `/shows?page=N` answers synthetic pages for N < K (see ``ReplayServer``) and 404 from K on.
    public var syntheticShowPages: Int?
    /// A delay added to every response (a uniformly slow server); zero by default.
    public var latency: Duration
    /// Fault rules in force from the start, tried in order.
    public var faults: [FaultRule]
    /// The clock that stamps request arrivals, for the rate limit and the request log; the system clock by
    /// default, a ``ReplayClock/manual(start:)`` one for tests that move time by hand.
    public var clock: ReplayClock

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - fixturesDirectory: The folder of recorded responses.
    ///   - port: The loopback port; 0 for any free port.
    ///   - rateLimit: A rate limit to enforce, or nil.
    ///   - syntheticShowPages: The number of show-index pages to synthesise, or nil to serve recorded pages only.
    ///   - latency: A delay added to every response.
    ///   - faults: Fault rules in force from the start.
    ///   - clock: The clock that stamps request arrivals.
    public init(
        fixturesDirectory: URL, port: Int = 0, rateLimit: RateLimit? = nil, syntheticShowPages: Int? = nil,
        latency: Duration = .zero, faults: [FaultRule] = [], clock: ReplayClock = .system
    ) {
        self.fixturesDirectory = fixturesDirectory
        self.port = port
        self.rateLimit = rateLimit
        self.syntheticShowPages = syntheticShowPages
        self.latency = latency
        self.faults = faults
        self.clock = clock
    }
}
