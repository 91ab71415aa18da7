/// "For requests matching a pattern, apply a fault to the next N of them (or to all)."
///
/// Rules are tried in the order they were added; the first rule that matches a request and has uses left
/// decides its fault and uses one up. Requests refused by the rate limiter (see ``RateLimit``) do not use up rules.
///
/// ```swift
/// // The next two requests for show 1 fail with 503, then the recording is served again.
/// server.addFault(FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 2))
/// ```
public struct FaultRule: Sendable, Hashable, CustomStringConvertible {
    /// The fault to inject.
    public var fault: Fault
    /// Which requests the rule applies to.
    public var pattern: RequestPattern
    /// How many more matching requests get the fault; nil means every matching request, forever.
    public var times: Int?

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - fault: The fault to inject.
    ///   - pattern: Which requests the rule applies to; every request by default.
    ///   - times: How many matching requests get the fault; nil (the default) for all of them.
    public init(_ fault: Fault, matching pattern: RequestPattern = .any, times: Int? = nil) {
        self.fault = fault
        self.pattern = pattern
        self.times = times
    }

    /// Whether the rule has no uses left.
    public var isExhausted: Bool {
        times.map { $0 <= 0 } ?? false
    }

    /// The rule in fault-spec syntax, e.g. `503@=/shows/1#2`.
    public var description: String {
        var spec = fault.description
        if pattern != .any {
            spec += "@" + pattern.description
        }
        if let times {
            spec += "#\(times)"
        }
        return spec
    }
}
