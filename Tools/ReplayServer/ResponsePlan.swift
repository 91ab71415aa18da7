import NIOHTTP1

/// What the channel handler should send for one request, and how.
struct ResponsePlan: Sendable {
    /// How the response leaves the server.
    enum Delivery: Sendable, Equatable {
        /// Status line, headers and the whole body.
        case complete
        /// Nothing, ever; the connection stays open.
        case never
        /// Close the connection without sending anything.
        case closeBeforeResponse
        /// Status line and headers (announcing the whole body), then close.
        case closeAfterHeaders
        /// Status line, headers and only the first bytes of the body, then close.
        case truncated(keepingBytes: Int)
        /// An HTTP/1.0 status line and headers without `Content-Length`, the first bytes of the body (all of it
        /// when nil), then close.
        case unframed(keepingBytes: Int?)
        /// A body of `bytes` bytes (``ResponsePlan/generatedShape``) generated as the client reads it, instead of
        /// `body`; without
        /// `announcesLength`, as HTTP/1.0 without `Content-Length`, ended by closing.
        case generated(bytes: Int, announcesLength: Bool)
        /// Status line and headers (announcing the whole body), then the body one byte every `every`.
        case dripped(every: Duration)
    }

    /// The JSON content type TVMaze sends.
    static let jsonContentType = "application/json; charset=utf-8"

    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var delay: Duration = .zero
    var delivery: Delivery = .complete
    /// What a `.generated` body looks like.
    var generatedShape = GeneratedShape.jpeg

    /// The bytes of a generated body: its start, the filler, and its end.
    struct GeneratedShape: Sendable, Equatable {
        var head: [UInt8]
        var filler: UInt8
        var tail: [UInt8]

        /// A JPEG: its start and end markers around zeros.
        static let jpeg = GeneratedShape(head: [0xFF, 0xD8, 0xFF, 0xE0], filler: 0, tail: [0xFF, 0xD9])
        /// A JSON object with one long string: `{"name":"aaa…"}`.
        static let json = GeneratedShape(
            head: Array(#"{"name":""#.utf8), filler: UInt8(ascii: "a"), tail: Array(#""}"#.utf8))
        /// That object as the one element of an array: `[{"name":"aaa…"}]`.
        static let jsonArray = GeneratedShape(
            head: Array(#"[{"name":""#.utf8), filler: UInt8(ascii: "a"), tail: Array(#""}]"#.utf8))
    }

    /// A response with the given body and content type; `cacheable` adds TVMaze's `Cache-Control`.
    init(status: Int, body: [UInt8], contentType: String = jsonContentType, cacheable: Bool = false) {
        self.status = status
        self.body = body
        headers = HTTPHeaders([("Content-Type", contentType)])
        if cacheable {
            headers.add(name: "Cache-Control", value: "public, max-age=3600")
        }
    }

    /// A JSON body in TVMaze's error envelope, e.g. `{"name":"Not Found","message":"","code":0,"status":404}`.
    static func errorEnvelope(status: Int, message: String = "") -> ResponsePlan {
        let name = HTTPResponseStatus(statusCode: status).reasonPhrase
        let body = #"{"name":"\#(name)","message":"\#(message)","code":0,"status":\#(status)}"#
        return ResponsePlan(status: status, body: Array(body.utf8))
    }

    /// A 429 answer, with `Retry-After` when `retryAfter` is given.
    static func tooManyRequests(retryAfter: Int?) -> ResponsePlan {
        var plan = errorEnvelope(status: 429, message: "Rate limit exceeded, slow down")
        if let retryAfter {
            plan.headers.add(name: "Retry-After", value: String(retryAfter))
        }
        return plan
    }

    /// The plan for a fault, given the plan of the normal answer (used by faults that alter it).
    static func applying(_ fault: Fault, to normal: ResponsePlan) -> ResponsePlan {
        switch fault {
        case .tooManyRequests(let retryAfter):
            return tooManyRequests(retryAfter: retryAfter)
        case .serverError(let status) where status == 502 || status == 503:
            let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
            let page =
                "<html>\r\n<head><title>\(status) \(reason)</title></head>\r\n<body>\r\n"
                + "<center><h1>\(status) \(reason)</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
            return ResponsePlan(status: status, body: Array(page.utf8), contentType: "text/html")
        case .serverError(let status):
            return errorEnvelope(status: status)
        case .stall:
            var plan = normal
            plan.delivery = .never
            return plan
        case .delay(let duration):
            var plan = normal
            plan.delay = duration
            return plan
        case .closeBeforeResponse:
            var plan = normal
            plan.delivery = .closeBeforeResponse
            return plan
        case .closeAfterHeaders:
            var plan = normal
            plan.delivery = .closeAfterHeaders
            return plan
        case .truncatedBody(let keeping):
            var plan = normal
            let most = max(0, normal.body.count - 1)
            plan.delivery = .truncated(keepingBytes: min(keeping ?? normal.body.count / 2, most))
            return plan
        case .invalidJSON:
            return ResponsePlan(status: 200, body: Array(#"{"id":1,"name":"#.utf8))
        case .unframedBody(let keeping):
            var plan = normal
            plan.delivery = .unframed(keepingBytes: keeping.map { min($0, normal.body.count) })
            return plan
        case .hugeImage(let bytes, let announced):
            var plan = ResponsePlan(status: 200, body: [], contentType: "image/jpeg")
            plan.delivery = .generated(bytes: bytes, announcesLength: announced)
            return plan
        case .hugeJSON(let bytes), .hugeJSONArray(let bytes):
            var plan = ResponsePlan(status: 200, body: [])
            plan.delivery = .generated(bytes: bytes, announcesLength: false)
            if case .hugeJSONArray = fault { plan.generatedShape = .jsonArray } else { plan.generatedShape = .json }
            return plan
        case .deepArray(let depth):
            return ResponsePlan(
                status: 200,
                body: [UInt8](repeating: UInt8(ascii: "["), count: depth)
                    + [UInt8](repeating: UInt8(ascii: "]"), count: depth))
        case .redirect(let url):
            let page = "<html><body><a href=\"\(url)\">Found</a></body></html>\n"
            var plan = ResponsePlan(status: 302, body: Array(page.utf8), contentType: "text/html")
            plan.headers.add(name: "Location", value: url)
            return plan
        case .drip(let every):
            var plan = normal
            plan.delivery = .dripped(every: every)
            return plan
        case .htmlBody:
            let page =
                "<!DOCTYPE html>\n<html><head><title>Sign in to the network</title></head>"
                + "<body><p>Please sign in to continue.</p></body></html>\n"
            return ResponsePlan(status: 200, body: Array(page.utf8), contentType: "text/html; charset=utf-8")
        }
    }

    /// The status code sent for this plan, or nil when no status line is sent.
    var sentStatus: Int? {
        switch delivery {
        case .never, .closeBeforeResponse: return nil
        case .complete, .closeAfterHeaders, .truncated, .unframed, .generated, .dripped: return status
        }
    }
}
