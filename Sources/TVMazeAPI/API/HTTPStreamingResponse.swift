import TVMRecords

/// A response whose status and headers have arrived and whose body is still to be read.
///
/// Returned by ``HTTPTransport/stream(_:headers:maxBytes:)``, so that a large body (a poster) goes from the
/// network to a file chunk by chunk instead of into memory.
public struct HTTPStreamingResponse {
    /// The HTTP status code.
    public var status: Int
    /// The response headers, names lower-cased, in the order received.
    public var headers: [(name: String, value: String)]
    /// The body, read chunk by chunk.
    public let body: HTTPBodyStream

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The headers; names are lower-cased here.
    ///   - body: The body still to read.
    public init(status: Int, headers: [(name: String, value: String)], body: HTTPBodyStream) {
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
}
