/// One request the replay server received, and what it answered.
public struct RecordedRequest: Sendable {
    /// How the server dealt with a request.
    public enum Outcome: Sendable, Hashable {
        /// Answered from the fixtures, a route, a synthetic page, an image, an empty search, or with a 404/405.
        case served
        /// Refused with 429 by the rate limiter (see ``RateLimit``).
        case rateLimited
        /// A fault rule applied (see ``FaultRule``).
        case fault(Fault)
    }

    /// The request method, e.g. `GET`.
    public let method: String
    /// The request target exactly as received on the wire: path and `?query`, if any.
    public let target: String
    /// The request headers in the order received.
    public let headers: [(name: String, value: String)]
    /// The request body (empty for a GET).
    public let body: [UInt8]
    /// When the request head arrived, by the server's ``ReplayClock`` (monotonic, or moved by hand in tests).
    public let arrival: ContinuousClock.Instant
    /// The status code of the response started for it, or nil when none was (stall, cut before the response).
    public let status: Int?
    /// How the server dealt with it.
    public let outcome: Outcome
    /// The connection it came on: accepted connections are numbered 1, 2, 3… in the order the server accepted
    /// them, for the server's whole life (a restart does not start again at 1). Requests with the same number
    /// shared one connection.
    public let connection: Int

    /// Whether this is an API request (anything but an image under `/uploads/images/`).
    public var isAPI: Bool {
        !target.hasPrefix(ReplayServer.imagePathPrefix)
    }

    /// The `User-Agent` header, if sent.
    public var userAgent: String? {
        header("User-Agent")
    }

    /// The first value of a header, matched case-insensitively.
    ///
    /// - Parameter name: The header name, e.g. `Accept`.
    /// - Returns: Its first value, or nil when the request had no such header.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
