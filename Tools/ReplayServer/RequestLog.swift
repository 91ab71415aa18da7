/// Every request a ``ReplayServer`` received, in the order they were answered, with query helpers.
///
/// Safe to read from any task while the server runs. The log survives ``ReplayServer/stop()``.
///
/// ```swift
/// #expect(server.log.count(matching: .prefix("/shows?page=")) == 3)
/// #expect(server.log.maxRequestsInAnyWindow(seconds: 10) <= 20)
/// #expect(server.log.requests.allSatisfy { $0.userAgent?.hasPrefix("tvm/") == true })
/// ```
public final class RequestLog: Sendable {
    private let entries = Locked<[RecordedRequest]>([])

    /// Creates an empty log.
    public init() {}

    /// A snapshot of all recorded requests.
    public var requests: [RecordedRequest] {
        entries.withLock { $0 }
    }

    /// The number of requests received (API and image requests).
    public var count: Int {
        entries.withLock { $0.count }
    }

    /// The number of requests whose target matches a pattern.
    ///
    /// - Parameter pattern: The pattern to match targets against (see ``RequestPattern``).
    /// - Returns: How many recorded requests match.
    public func count(matching pattern: RequestPattern) -> Int {
        requests.filter { pattern.matches($0.target) }.count
    }

    /// The number of distinct connections the recorded requests came on (see ``RecordedRequest/connection``).
    public var connectionCount: Int {
        Set(requests.map(\.connection)).count
    }

    /// The number of `429 Too Many Requests` answers, from the rate limiter or from faults.
    public var tooManyRequestsCount: Int {
        requests.filter { $0.status == 429 }.count
    }

    /// The largest number of API requests whose arrival times fall within one window of the given length.
    ///
    /// Windows are half-open: requests exactly `seconds` apart are in different windows, so a client sending one
    /// request every 0.5 s has at most 20 requests in any 10-second window. Every API request counts, including
    /// those answered 429; image requests under `/uploads/images/` do not.
    ///
    /// - Parameter seconds: The window length in seconds.
    /// - Returns: The maximum count over all windows (0 for an empty log).
    public func maxRequestsInAnyWindow(seconds: Double) -> Int {
        let window = Duration.seconds(seconds)
        let arrivals = requests.filter(\.isAPI).map(\.arrival).sorted()
        var best = 0
        var start = 0
        for end in arrivals.indices {
            while arrivals[end] - arrivals[start] >= window {
                start += 1
            }
            best = max(best, end - start + 1)
        }
        return best
    }

    /// Waits until at least `count` requests have been recorded, or the timeout passes.
    ///
    /// - Parameters:
    ///   - count: The number of requests to wait for.
    ///   - timeout: The longest time to wait.
    /// - Returns: True when the log reached `count` requests in time.
    public func waitForRequests(count: Int, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while self.count < count {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Forgets every recorded request.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// A summary of the log, as `tvm-replay` prints it on exit.
    public func summary() -> ReplaySummary {
        let snapshot = requests
        return ReplaySummary(
            requestCount: snapshot.count,
            apiRequestCount: snapshot.filter(\.isAPI).count,
            maxRequestsIn10Seconds: maxRequestsInAnyWindow(seconds: 10),
            tooManyRequestsCount: snapshot.filter { $0.status == 429 }.count
        )
    }

    func append(_ request: RecordedRequest) {
        entries.withLock { $0.append(request) }
    }
}
