import TVMRecords

/// One HTTP response as the transport received it.
///
/// The body is kept as raw bytes: records are passed on exactly as TVMaze sent them.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, e.g. `200` or `404`.
    public var status: Int
    /// The response headers, names lower-cased, in the order received.
    public var headers: [(name: String, value: String)]
    /// The complete response body.
    public var body: [UInt8]

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The headers; names are lower-cased here.
    ///   - body: The body bytes.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.body = body
    }

    /// The first value of a header, looked up case-insensitively.
    ///
    /// - Parameter name: The header name, in any case.
    /// - Returns: The value, or `nil` when the header is absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }

    /// Compares status, headers and body.
    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }
}

/// Why a request produced no HTTP response at all.
public enum TransportFailure: Error, Sendable, Equatable {
    /// The connection was lost (reset, cut, a truncated body).
    case connection(String)
    /// No connection could be made: refused, or the host or its network cannot be reached (a name that does
    /// not resolve, too). The same to the user as ``connection(_:)``, but it says the host itself is down.
    case unreachable(String)
    /// Connecting took longer than the timeout: the host may be down, or its packets dropped.
    case connectTimeout(String)
    /// Reading (or a handshake) took longer than the timeout.
    case timeout(String)
    /// The URL could not be used.
    case invalidURL(String)
    /// The TLS handshake failed for good (an untrusted certificate, a server that does not speak TLS there): never
    /// retried, since the same handshake would fail again.
    case tls(String)
    /// The body is larger than the most the request allowed (its `Content-Length` said so, or more bytes
    /// arrived); the transfer was stopped there.
    case tooLarge(maxBytes: Int)
}

/// Sends GET requests: the seam between the API client and the network.
///
/// The production implementation is ``AsyncHTTPTransport``; tests can supply their own.
public protocol HTTPTransport: Sendable {
    /// Performs one GET request, without retries.
    ///
    /// - Parameters:
    ///   - url: The absolute URL, already percent-encoded.
    ///   - headers: Extra request headers.
    /// - Returns: The response, whatever its status.
    /// - Throws: ``TransportFailure`` when no response was received.
    func get(_ url: String, headers: [(name: String, value: String)]) async throws(TransportFailure) -> HTTPResponse

    /// Performs one GET request, without retries, reading at most `maxBytes` of its body.
    ///
    /// A transport without its own gets a default that calls ``get(_:headers:)`` and checks the size afterwards.
    /// - Parameters:
    ///   - url: The absolute URL, already percent-encoded.
    ///   - headers: Extra request headers.
    ///   - maxBytes: The most body bytes to read.
    /// - Returns: The response, whatever its status.
    /// - Throws: ``TransportFailure``; ``TransportFailure/tooLarge(maxBytes:)`` when the body is longer, without
    ///   reading past `maxBytes` (or at once when `Content-Length` announces more).
    func get(_ url: String, headers: [(name: String, value: String)], maxBytes: Int) async throws(TransportFailure)
        -> HTTPResponse

    /// Performs one GET request without following redirects, and returns once the status and headers have
    /// arrived; the body is read from the response's ``HTTPStreamingResponse/body`` as it arrives, never held
    /// whole.
    ///
    /// A transport that has no streaming of its own gets a default that calls ``get(_:headers:)``.
    /// - Parameters:
    ///   - url: The absolute URL, already percent-encoded.
    ///   - headers: Extra request headers.
    ///   - maxBytes: The most body bytes to accept.
    /// - Returns: The response head, and its body to read.
    /// - Throws: ``TransportFailure``; ``TransportFailure/tooLarge(maxBytes:)`` at once when `Content-Length`
    ///   announces more than `maxBytes` (reading the body throws it when more arrive).
    func stream(_ url: String, headers: [(name: String, value: String)], maxBytes: Int) async throws(TransportFailure)
        -> HTTPStreamingResponse

    /// ``stream(_:headers:maxBytes:)`` for an API answer, whose body must also arrive within the overall deadline
    /// that ``get(_:headers:maxBytes:)`` keeps (a body that drips in byte by byte fails with
    /// ``TransportFailure/timeout(_:)``). A transport without its own streams through ``stream(_:headers:maxBytes:)``.
    func streamAnswer(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPStreamingResponse

    /// Performs one request of any method, without retries and without following redirects.
    ///
    /// A transport without its own gets a default that sends GETs without a body through ``get(_:headers:)``
    /// and refuses anything else with ``TransportFailure/invalidURL(_:)``.
    /// - Returns: The response, whatever its status (a redirect is returned, not followed).
    /// - Throws: ``TransportFailure`` when no response was received.
    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse

    /// Releases connections and threads. Call once, when done.
    func shutdown() async
}

extension HTTPTransport {
    /// Reads the whole body through ``get(_:headers:)``, then refuses it when it is over `maxBytes`. For
    /// transports without sockets (tests); ``AsyncHTTPTransport`` stops reading at the limit.
    public func get(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPResponse
    {
        let response = try await get(url, headers: headers)
        guard response.body.count <= maxBytes else { throw .tooLarge(maxBytes: maxBytes) }
        return response
    }

    /// Sends a GET without a body through ``get(_:headers:)``; other requests are refused.
    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        guard request.method == "GET", request.body.isEmpty else {
            throw .invalidURL("\(request.method) \(request.url) (this transport sends GET only)")
        }
        return try await get(request.url, headers: request.headers)
    }

    /// Streams through ``stream(_:headers:maxBytes:)``.
    public func streamAnswer(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPStreamingResponse
    {
        try await stream(url, headers: headers, maxBytes: maxBytes)
    }

    /// Streams through ``get(_:headers:)``: the whole body arrives first, then is read as one chunk. For
    /// transports without sockets (tests); ``AsyncHTTPTransport`` streams for real.
    public func stream(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPStreamingResponse
    {
        let response = try await get(url, headers: headers)
        if response.header("content-length").flatMap(Int.init).map({ $0 > maxBytes }) == true {
            throw .tooLarge(maxBytes: maxBytes)
        }
        return HTTPStreamingResponse(
            status: response.status, headers: response.headers,
            body: HTTPBodyStream(bytes: response.body, maxBytes: maxBytes))
    }
}
