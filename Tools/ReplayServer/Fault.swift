/// A misbehaviour the replay server can inject instead of (or on top of) the recorded answer.
///
/// Faults are applied through ``FaultRule``s (see ``ReplayServer/addFault(_:matching:times:)``) or, from the
/// command line, through fault specs (see ``FaultRule/init(spec:)``). ``description`` gives a fault's spec form.
public enum Fault: Sendable, Hashable, CustomStringConvertible {
    /// Answers `429 Too Many Requests` with TVMaze's error envelope.
    ///
    /// - Parameter retryAfter: Seconds to put in a `Retry-After` header, or nil to send no such header.
    case tooManyRequests(retryAfter: Int?)
    /// Answers a 5xx status with a body: a JSON error envelope for 500 and other codes, an HTML proxy page for
    /// 502 and 503 (as a gateway in front of the API would send).
    case serverError(status: Int)
    /// Reads the request and never answers; the connection stays open until the client gives up or the server
    /// stops. A client without a timeout hangs.
    case stall
    /// Answers normally, but only after the given delay (a slow server; also a stall a client must time out on).
    case delay(Duration)
    /// Closes the connection right after reading the request, before any byte of a response.
    case closeBeforeResponse
    /// Sends the normal status line and headers (with the full `Content-Length`), then closes the connection.
    case closeAfterHeaders
    /// Sends the normal headers with the full `Content-Length` but only part of the body, then closes.
    ///
    /// - Parameter keepingBytes: How many body bytes to send (at most the body length minus one), or nil for half.
    case truncatedBody(keepingBytes: Int?)
    /// Answers `200` with `Content-Type: application/json` and the cut-off body `{"id":1,"name":`.
    case invalidJSON
    /// Answers `200` with an HTML page (`Content-Type: text/html`) instead of JSON, as a captive portal would.
    case htmlBody
    /// Sends the normal answer as an HTTP/1.0 server does, without `Content-Length`: only the closing of the
    /// connection ends the body, so a client cannot tell a whole body from a cut one by HTTP alone.
    ///
    /// - Parameter keepingBytes: How many body bytes to send before closing, or nil for the whole body.
    case unframedBody(keepingBytes: Int?)
    /// Answers `200` with `Content-Type: image/jpeg` and a JPEG of `bytes` bytes (its start and end markers around
    /// zeros), generated while it is sent, chunk by chunk as the client reads: a body of gigabytes costs the
    /// server no memory. Without `announcesLength` it is sent as HTTP/1.0 without `Content-Length`, ended by
    /// closing the connection.
    case hugeImage(bytes: Int, announcesLength: Bool)
    /// Answers `200` with a JSON body of `bytes` bytes (`{"name":"aaa…"}`), generated as it is sent, as HTTP/1.0
    /// without `Content-Length`: a record or page of any size that costs the server no memory.
    case hugeJSON(bytes: Int)
    /// The same as an array of that one object (`[{"name":"aaa…"}]`): an index page of any size.
    case hugeJSONArray(bytes: Int)
    /// Answers `200` with `depth` nested arrays (`[[[…]]]`): valid JSON that is no record, nested past any
    /// recursive reader's stack.
    case deepArray(depth: Int)
    /// Answers `302 Found` with `Location: url` (absolute, or relative to the request).
    case redirect(to: String)
    /// Sends the normal headers (with `Content-Length`) at once, then the body one byte every `every`: a
    /// slow-drip answer that never trips an idle timeout.
    case drip(every: Duration)

    /// The fault in the syntax of `tvm-replay --fault` (without pattern and count), e.g. `429:5` or `delay:300`.
    public var description: String {
        switch self {
        case .tooManyRequests(let retryAfter): return retryAfter.map { "429:\($0)" } ?? "429"
        case .serverError(let status): return String(status)
        case .stall: return "stall"
        case .delay(let duration): return "delay:\(duration.wholeMilliseconds)"
        case .closeBeforeResponse: return "cut"
        case .closeAfterHeaders: return "cut-after-headers"
        case .truncatedBody(let keeping): return keeping.map { "truncate:\($0)" } ?? "truncate"
        case .invalidJSON: return "invalid-json"
        case .htmlBody: return "html"
        case .unframedBody(let keeping): return keeping.map { "no-length:\($0)" } ?? "no-length"
        case .hugeImage(let bytes, let announced): return (announced ? "huge-length:" : "huge:") + String(bytes)
        case .hugeJSON(let bytes): return "huge-json:\(bytes)"
        case .hugeJSONArray(let bytes): return "huge-json-array:\(bytes)"
        case .deepArray(let depth): return "deep:\(depth)"
        case .redirect(let url): return "redirect:\(url)"
        case .drip(let every): return "drip:\(every.wholeMilliseconds)"
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// The duration in whole nanoseconds, rounded down.
    var wholeNanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
