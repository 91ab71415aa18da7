/// Totals over a ``RequestLog``, written as JSON by `tvm-replay` when it exits.
///
/// Encoded with `JSONEncoder` it reads
/// `{"apiRequestCount":60,"maxRequestsIn10Seconds":20,"requestCount":60,"tooManyRequestsCount":0}`.
public struct ReplaySummary: Sendable, Codable, Equatable {
    /// All requests received, API and image requests.
    public var requestCount: Int
    /// API requests received (anything but `/uploads/images/`).
    public var apiRequestCount: Int
    /// The most API requests that arrived within any 10-second window.
    public var maxRequestsIn10Seconds: Int
    /// The number of `429 Too Many Requests` answers.
    public var tooManyRequestsCount: Int

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - requestCount: All requests received.
    ///   - apiRequestCount: API requests received.
    ///   - maxRequestsIn10Seconds: The most API requests within any 10-second window.
    ///   - tooManyRequestsCount: The number of 429 answers.
    public init(requestCount: Int, apiRequestCount: Int, maxRequestsIn10Seconds: Int, tooManyRequestsCount: Int) {
        self.requestCount = requestCount
        self.apiRequestCount = apiRequestCount
        self.maxRequestsIn10Seconds = maxRequestsIn10Seconds
        self.tooManyRequestsCount = tooManyRequestsCount
    }
}
