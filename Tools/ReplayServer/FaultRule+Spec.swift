/// Parsing of fault specs, the textual form of a ``FaultRule`` used by `tvm-replay --fault`.
extension FaultRule {
    /// The syntax of a fault spec, as shown by `tvm-replay --help`.
    public static let specSyntax = """
        SPEC is FAULT[@PATTERN][#COUNT]. FAULT is one of:
          429                429 without Retry-After
          429:SECONDS        429 with Retry-After: SECONDS
          500, 502, 503      that status with a body (any 5xx works)
          stall              read the request, never answer
          delay:MS           answer normally after MS milliseconds
          cut                close the connection before responding
          cut-after-headers  send the headers, then close
          truncate[:BYTES]   send BYTES of the body (default half), then close
          invalid-json       200 with the body {"id":1,"name":
          html               200 with an HTML page instead of JSON
          no-length[:BYTES]  the answer as HTTP/1.0 without Content-Length,
                             closed after BYTES of the body (default all)
          huge:BYTES         a JPEG of BYTES generated as it is sent,
                             without Content-Length (HTTP/1.0)
          huge-length:BYTES  the same with its Content-Length
          huge-json:BYTES    a JSON object of BYTES ({"name":"aaa…"}) generated
                             as it is sent, without Content-Length (HTTP/1.0)
          huge-json-array:BYTES  the same object as an array's one element
          deep:DEPTH         200 with DEPTH nested arrays ([[…]]) and nothing else
          redirect:URL       302 to URL (no @ or # in it)
          drip:MS            the headers, then the body one byte every MS ms
        PATTERN is * (every request, the default), =TARGET (exactly this
        path?query) or TARGET (every path?query starting with TARGET, which
        starts with /). #COUNT limits the rule to the next COUNT matching
        requests; without it the rule applies to all of them.
        Examples: 429:2@/shows#3  503@=/shows/1#1  delay:300@/shows/1/cast
        """

    /// Parses a fault spec such as `429:2@/shows?page=1#3`.
    ///
    /// The syntax is ``specSyntax``: a fault, then optionally `@` and a request pattern, then optionally `#` and
    /// the number of matching requests to apply it to.
    ///
    /// - Parameter spec: The fault spec.
    /// - Throws: ``ReplayServerError/invalidFaultSpec(spec:reason:)`` naming what is wrong.
    public init(spec: String) throws {
        var rest = Substring(spec)
        var times: Int?
        if let hash = rest.lastIndex(of: "#") {
            guard let count = Int(rest[rest.index(after: hash)...]), count > 0 else {
                throw ReplayServerError.invalidFaultSpec(
                    spec: spec, reason: "COUNT after '#' must be a positive integer")
            }
            times = count
            rest = rest[..<hash]
        }
        var pattern = RequestPattern.any
        if let at = rest.firstIndex(of: "@") {
            pattern = try Self.pattern(from: rest[rest.index(after: at)...], in: spec)
            rest = rest[..<at]
        }
        self.init(try Self.fault(from: rest, in: spec), matching: pattern, times: times)
    }

    private static func pattern(from text: Substring, in spec: String) throws -> RequestPattern {
        if text == "*" {
            return .any
        }
        if text.hasPrefix("=/") {
            return .exact(String(text.dropFirst()))
        }
        if text.hasPrefix("/") {
            return .prefix(String(text))
        }
        throw ReplayServerError.invalidFaultSpec(spec: spec, reason: "PATTERN '\(text)' must be *, =/path or /path")
    }

    private static func fault(from text: Substring, in spec: String) throws -> Fault {
        let name = text.prefix { $0 != ":" }
        let argument = text.contains(":") ? String(text.drop { $0 != ":" }.dropFirst()) : nil
        func number() throws -> Int {
            guard let argument, let value = Int(argument), value >= 0 else {
                throw ReplayServerError.invalidFaultSpec(
                    spec: spec, reason: "'\(name)' needs a non-negative integer after ':'")
            }
            return value
        }
        func noArgument(_ fault: Fault) throws -> Fault {
            guard argument == nil else {
                throw ReplayServerError.invalidFaultSpec(spec: spec, reason: "'\(name)' takes no ':' argument")
            }
            return fault
        }
        switch name {
        case "429": return .tooManyRequests(retryAfter: argument == nil ? nil : try number())
        case "stall": return try noArgument(.stall)
        case "delay": return .delay(.milliseconds(try number()))
        case "drip": return .drip(every: .milliseconds(try number()))
        case "cut": return try noArgument(.closeBeforeResponse)
        case "cut-after-headers": return try noArgument(.closeAfterHeaders)
        case "truncate": return .truncatedBody(keepingBytes: argument == nil ? nil : try number())
        case "invalid-json": return try noArgument(.invalidJSON)
        case "html": return try noArgument(.htmlBody)
        case "no-length": return .unframedBody(keepingBytes: argument == nil ? nil : try number())
        case "huge": return .hugeImage(bytes: try number(), announcesLength: false)
        case "huge-length": return .hugeImage(bytes: try number(), announcesLength: true)
        case "huge-json": return .hugeJSON(bytes: try number())
        case "huge-json-array": return .hugeJSONArray(bytes: try number())
        case "deep": return .deepArray(depth: try number())
        case "redirect":
            guard let argument, !argument.isEmpty else {
                throw ReplayServerError.invalidFaultSpec(spec: spec, reason: "'redirect' needs a URL after ':'")
            }
            return .redirect(to: argument)
        default:
            if let status = Int(name), (500...599).contains(status) {
                return try noArgument(.serverError(status: status))
            }
            throw ReplayServerError.invalidFaultSpec(spec: spec, reason: "unknown FAULT '\(text)'")
        }
    }
}
