/// Changing faults, rate limit and latency while the server runs.
extension ReplayServer {
    /// The fault rules that still have uses left, in the order they are tried.
    public var faultRules: [FaultRule] {
        controls.rules
    }

    /// Adds a fault rule after the existing ones.
    ///
    /// - Parameter rule: The rule; a rule with `times` of 0 or less is ignored.
    public func addFault(_ rule: FaultRule) {
        controls.add(rule)
    }

    /// Adds a fault rule: apply `fault` to the next `times` requests matching `pattern` (all of them if nil).
    ///
    /// - Parameters:
    ///   - fault: The fault to inject.
    ///   - pattern: Which requests it applies to; every request by default.
    ///   - times: How many matching requests get it; nil (the default) for all of them.
    public func addFault(_ fault: Fault, matching pattern: RequestPattern = .any, times: Int? = nil) {
        controls.add(FaultRule(fault, matching: pattern, times: times))
    }

    /// Removes every fault rule, so the recordings are served again.
    public func removeAllFaults() {
        controls.removeAllRules()
    }

    /// The rate limit being enforced, if any.
    public var rateLimit: RateLimit? {
        controls.rateLimit
    }

    /// Enforces a rate limit from now on (its window starts empty), or none with nil.
    ///
    /// - Parameter rateLimit: The limit, e.g. ``RateLimit/tvmaze``, or nil to stop enforcing one.
    public func setRateLimit(_ rateLimit: RateLimit?) {
        controls.setRateLimit(rateLimit)
    }

    /// The delay added to every response.
    public var latency: Duration {
        controls.latency
    }

    /// Sets the delay added to every response from now on.
    ///
    /// - Parameter latency: The delay; `.zero` for none.
    public func setLatency(_ latency: Duration) {
        controls.latency = latency
    }

    /// Reads the fixture files again from the next request on, so that a test can change a file between two runs
    /// of a client (a changed `/updates/shows`, a newer show) without restarting the server: bodies are otherwise
    /// read once and kept. Files added since the start are found either way; `routes.json` is not reread.
    public func reloadFixtures() {
        responder?.store.forgetBodies()
    }
}
