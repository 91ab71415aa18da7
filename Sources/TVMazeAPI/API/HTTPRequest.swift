import TVMRecords

/// One HTTP request with any method and an optional body: what the account API needs beyond GET.
public struct HTTPRequest: Sendable {
    /// The method, e.g. `GET`, `POST`, `DELETE`.
    public var method: String
    /// The absolute URL, already percent-encoded.
    public var url: String
    /// Extra request headers (the transport adds `User-Agent`).
    public var headers: [(name: String, value: String)]
    /// The body; empty for none.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
