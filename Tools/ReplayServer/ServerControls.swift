/// The run-time knobs of a ``ReplayServer``: fault rules, rate limiter, latency. Thread-safe.
final class ServerControls: Sendable {
    /// What to do with a request before looking at the fixtures.
    enum Decision: Equatable {
        /// Answer normally, or with the given fault.
        case admit(fault: Fault?)
        /// Refuse with 429, with the given `Retry-After` seconds if any.
        case rateLimited(retryAfter: Int?)
    }

    private struct State: Sendable {
        var rules: [FaultRule]
        var limiter: RateLimiter?
        var latency: Duration
    }

    private let state: Locked<State>

    init(rules: [FaultRule], rateLimit: RateLimit?, latency: Duration) {
        state = Locked(State(rules: rules, limiter: rateLimit.map(RateLimiter.init(rule:)), latency: latency))
    }

    /// The fault rules that still have uses left, in the order they are tried.
    var rules: [FaultRule] {
        state.withLock { $0.rules }
    }

    /// The rate limit being enforced, if any.
    var rateLimit: RateLimit? {
        state.withLock { $0.limiter?.rule }
    }

    /// The delay added to every response.
    var latency: Duration {
        get { state.withLock { $0.latency } }
        set { state.withLock { $0.latency = newValue } }
    }

    func add(_ rule: FaultRule) {
        guard !rule.isExhausted else { return }
        state.withLock { $0.rules.append(rule) }
    }

    func removeAllRules() {
        state.withLock { $0.rules.removeAll() }
    }

    /// Replaces the rate limit; the window starts empty.
    func setRateLimit(_ rateLimit: RateLimit?) {
        state.withLock { $0.limiter = rateLimit.map(RateLimiter.init(rule:)) }
    }

    /// Decides a request's fate: the rate limiter first (API requests only), then the first matching fault rule.
    ///
    /// - Returns: The decision and the latency to add to the response.
    func decide(target: String, isAPI: Bool, arrival: ContinuousClock.Instant) -> (Decision, Duration) {
        state.withLock { state in
            if isAPI, var limiter = state.limiter {
                let verdict = limiter.admit(at: arrival)
                state.limiter = limiter
                if case .refused(let retryAfter) = verdict {
                    return (.rateLimited(retryAfter: retryAfter), state.latency)
                }
            }
            guard let index = state.rules.firstIndex(where: { $0.pattern.matches(target) }) else {
                return (.admit(fault: nil), state.latency)
            }
            let fault = state.rules[index].fault
            if let times = state.rules[index].times {
                state.rules[index].times = times - 1
                if times <= 1 {
                    state.rules.remove(at: index)
                }
            }
            return (.admit(fault: fault), state.latency)
        }
    }
}
