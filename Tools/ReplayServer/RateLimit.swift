/// A sliding-window request limit, enforced like TVMaze's: too many API requests get `429 Too Many Requests`.
///
/// A request is refused when `limit` requests were already admitted within the `window` before it (a request
/// at time t counts against the window (t - window, t]). Refused requests are not admitted, so they do not
/// prolong the wait. Only API paths count; image requests under `/uploads/images/` are neither counted nor refused.
public struct RateLimit: Sendable, Hashable {
    /// What a refusal says in its `Retry-After` header.
    public enum RetryAfter: Sendable, Hashable {
        /// No `Retry-After` header (TVMaze does not document one; clients must back off on their own).
        case omitted
        /// A fixed `Retry-After: N` (seconds).
        case seconds(Int)
        /// The whole seconds until the oldest admitted request leaves the window (at least 1).
        case untilSlotFrees
    }

    /// The most requests admitted within any window.
    public var limit: Int
    /// The length of the sliding window.
    public var window: Duration
    /// What refusals say in `Retry-After`.
    public var retryAfter: RetryAfter

    /// TVMaze's documented limit: 20 requests per 10 seconds, refusals without `Retry-After`.
    public static let tvmaze = RateLimit()

    /// Creates a limit.
    ///
    /// - Parameters:
    ///   - limit: The most requests admitted within any window (default 20).
    ///   - window: The window length (default 10 seconds).
    ///   - retryAfter: What refusals say in `Retry-After` (default: no header).
    public init(limit: Int = 20, window: Duration = .seconds(10), retryAfter: RetryAfter = .omitted) {
        self.limit = limit
        self.window = window
        self.retryAfter = retryAfter
    }

    /// Parses `LIMIT/SECONDS`, e.g. `20/10`.
    ///
    /// - Parameters:
    ///   - spec: The limit as `LIMIT/SECONDS` with positive integers.
    ///   - retryAfter: What refusals say in `Retry-After`.
    /// - Throws: ``ReplayServerError/invalidRateLimit(spec:)`` when `spec` is not of that form.
    public init(spec: String, retryAfter: RetryAfter = .omitted) throws {
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let limit = Int(parts[0]), let seconds = Int(parts[1]), limit > 0, seconds > 0 else {
            throw ReplayServerError.invalidRateLimit(spec: spec)
        }
        self.init(limit: limit, window: .seconds(seconds), retryAfter: retryAfter)
    }
}

/// The admission state of a ``RateLimit``: the arrival times of admitted requests still inside the window.
struct RateLimiter: Sendable {
    /// The outcome of asking for admission.
    enum Decision: Equatable {
        case admitted
        /// Refused; the associated value is the `Retry-After` header value to send, if any.
        case refused(retryAfter: Int?)
    }

    var rule: RateLimit
    private var admitted: [ContinuousClock.Instant] = []

    init(rule: RateLimit) {
        self.rule = rule
    }

    /// Admits or refuses a request that arrived at `arrival`, remembering it when admitted.
    mutating func admit(at arrival: ContinuousClock.Instant) -> Decision {
        admitted.removeAll { arrival - $0 >= rule.window }
        guard admitted.count >= rule.limit else {
            admitted.append(arrival)
            return .admitted
        }
        switch rule.retryAfter {
        case .omitted:
            return .refused(retryAfter: nil)
        case .seconds(let seconds):
            return .refused(retryAfter: seconds)
        case .untilSlotFrees:
            let wait = rule.window - (arrival - (admitted.min() ?? arrival))
            let seconds = Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0)
            return .refused(retryAfter: max(1, seconds))
        }
    }
}
