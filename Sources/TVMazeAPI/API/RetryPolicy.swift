import TVMRecords

/// How often and how patiently transient failures are retried.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a failed request is tried again (so `retries + 1` attempts in all).
    public var retries: Int
    /// The first back-off delay, in seconds, after a 5xx, a timeout or a lost connection.
    public var baseDelay: Double
    /// The first back-off delay after a 429 without `Retry-After`; TVMaze's maintainers suggest about 2 s.
    public var rateLimitBaseDelay: Double
    /// The longest single delay, in seconds.
    public var maxDelay: Double

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - retries: Retries after the first attempt.
    ///   - baseDelay: First back-off for transient failures.
    ///   - rateLimitBaseDelay: First back-off for a 429 without `Retry-After`.
    ///   - maxDelay: Cap for any single delay, including one asked for by `Retry-After`.
    public init(retries: Int = 3, baseDelay: Double = 0.5, rateLimitBaseDelay: Double = 2, maxDelay: Double = 60) {
        self.retries = max(0, retries)
        self.baseDelay = baseDelay
        self.rateLimitBaseDelay = rateLimitBaseDelay
        self.maxDelay = maxDelay
    }

    /// The delay before retry number `attempt` (1-based): exponential, with jitter, capped.
    ///
    /// The jitter keeps the delay between half and all of the exponential value, so that several clients
    /// that failed together do not come back together.
    /// - Parameters:
    ///   - attempt: The retry about to be made, starting at 1.
    ///   - base: The first delay.
    ///   - random: A source of numbers in `0...1`, replaceable in tests.
    /// - Returns: The delay in seconds.
    public func backoff(attempt: Int, base: Double, random: () -> Double = { Double.random(in: 0...1) }) -> Double {
        let exponential = min(maxDelay, base * Double(1 << min(max(attempt - 1, 0), 16)))
        return exponential * (0.5 + 0.5 * random())
    }

    /// Parses a `Retry-After` header: delta-seconds (digits only, as RFC 9110 writes them), or an HTTP date.
    ///
    /// - Parameters:
    ///   - value: The header value.
    ///   - now: The current time as seconds since 1970, for dates.
    /// - Returns: The delay in seconds, capped at ``maxDelay``, or `nil` when the value is not understood.
    public func retryAfter(_ value: String, now: Double) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return min(Double(trimmed) ?? .infinity, maxDelay)
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        return min(max(0, date - now), maxDelay)
    }
}
