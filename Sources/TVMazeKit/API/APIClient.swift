import Foundation

/// Fetches TVMaze API responses: paced, retried, validated.
///
/// Every request goes through the shared ``RateLimiter`` (20 calls in any 10 seconds), is retried a
/// bounded number of times on 429, 5xx, timeouts and lost connections, and its body is checked to be JSON
/// before it is handed on. Nothing is skipped silently: a request either returns its body or throws.
public final class APIClient: Sendable {
    /// Decides whether to start over after every retry failed: the seeds' "Retry / Cancel" dialog.
    public typealias ExhaustedHandler = @Sendable (APIError) async -> Bool

    /// The API base URL without a trailing slash, e.g. `https://api.tvmaze.com`.
    public let baseURL: String
    private let transport: any HTTPTransport
    private let limiter: RateLimiter
    private let policy: RetryPolicy
    private let onEvent: @Sendable (APIEvent) -> Void
    private let onExhausted: ExhaustedHandler

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The API root, `http` or `https`.
    ///   - transport: Sends the requests.
    ///   - limiter: Paces the requests.
    ///   - policy: How to retry.
    ///   - onEvent: Receives notices (retries, pacing) for the user.
    ///   - onExhausted: Asked after the last retry failed; returning `true` starts a new round of attempts.
    /// - Throws: ``APIError/invalidURL(_:)`` when `baseURL` is not an absolute http(s) URL.
    public init(
        baseURL: String,
        transport: any HTTPTransport,
        limiter: RateLimiter = RateLimiter(),
        policy: RetryPolicy = RetryPolicy(),
        onEvent: @escaping @Sendable (APIEvent) -> Void = { _ in },
        onExhausted: @escaping ExhaustedHandler = { _ in false }
    ) throws(APIError) {
        var base = baseURL.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.query == nil
        else {
            throw .invalidURL("\(baseURL) (expected an absolute http or https URL such as https://api.tvmaze.com)")
        }
        self.baseURL = base
        self.transport = transport
        self.limiter = limiter
        self.policy = policy
        self.onEvent = onEvent
        self.onExhausted = onExhausted
    }

    /// The absolute URL of an endpoint.
    ///
    /// - Parameter endpoint: The request.
    /// - Returns: The base URL followed by the endpoint's path and encoded query.
    public func url(for endpoint: Endpoint) -> String { baseURL + endpoint.pathAndQuery }

    /// Fetches an endpoint and returns its JSON body, compacted.
    ///
    /// - Parameter endpoint: The request.
    /// - Returns: The body of the 2xx response, as compact JSON with fields in their original order.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the normal end of the show index).
    public func fetch(_ endpoint: Endpoint) async throws(APIError) -> [UInt8] {
        try await fetchJSON(url: url(for: endpoint))
    }

    /// Fetches an absolute URL that must answer JSON, with the same pacing and retries as ``fetch(_:)``.
    ///
    /// - Parameter url: The absolute URL.
    /// - Returns: The compact JSON body.
    /// - Throws: ``APIError``.
    public func fetchJSON(url: String) async throws(APIError) -> [UInt8] {
        try await send(url: url, paced: true) { response in
            do {
                return .accepted(try RawJSON.compact(response.body))
            } catch {
                return .unusable(String(describing: error))
            }
        }
    }

    /// Downloads any URL (a poster, say) with retries but without the API's pacing.
    ///
    /// - Parameters:
    ///   - url: The absolute URL.
    ///   - validate: Returns a reason when a 2xx response is unusable; that counts as a transient failure.
    /// - Returns: The 2xx response.
    /// - Throws: ``APIError``.
    public func download(url: String, validate: @Sendable (HTTPResponse) -> String? = { _ in nil })
        async throws(APIError) -> HTTPResponse
    {
        try await send(url: url, paced: false) { response in
            validate(response).map { .unusable($0) } ?? .accepted(response)
        }
    }

    /// What a 2xx response turned into.
    private enum Acceptance<Value> {
        case accepted(Value)
        case unusable(String)
    }

    private enum Failure {
        case rateLimited(delay: Double?)
        case timedOut(String)
        case unavailable(String)
        case invalid(String)

        var reason: String {
            switch self {
            case .rateLimited: return "HTTP 429 (rate limited)"
            case .timedOut(let detail), .unavailable(let detail), .invalid(let detail): return detail
            }
        }
    }

    private func send<Value>(
        url: String,
        paced: Bool,
        accept: (HTTPResponse) -> Acceptance<Value>
    ) async throws(APIError) -> Value {
        var attempt = 0
        while true {
            attempt += 1
            if paced {
                let onEvent = self.onEvent
                await limiter.acquire { onEvent(.pacing(delay: $0)) }
            }
            let failure: Failure
            do {
                let response = try await transport.get(url, headers: [])
                switch response.status {
                case 200..<300:
                    switch accept(response) {
                    case .accepted(let value): return value
                    case .unusable(let problem): failure = .invalid(problem)
                    }
                case 404:
                    throw APIError.notFound(url: url)
                case 429:
                    let now = Date().timeIntervalSince1970
                    failure = .rateLimited(
                        delay: response.header("retry-after").flatMap { policy.retryAfter($0, now: now) })
                case 500..<600:
                    failure = .unavailable("HTTP \(response.status) from the server")
                default:
                    throw APIError.rejected(url: url, status: response.status, message: Self.message(in: response.body))
                }
            } catch let error as APIError {
                throw error
            } catch let error as TransportFailure {
                switch error {
                case .timeout(let detail): failure = .timedOut(detail)
                case .connection(let detail): failure = .unavailable(detail)
                case .invalidURL(let detail): throw APIError.invalidURL(detail)
                }
            } catch {
                failure = .unavailable(String(describing: error))
            }
            if attempt <= policy.retries {
                let delay: Double
                switch failure {
                case .rateLimited(let after):
                    delay = after ?? policy.backoff(attempt: attempt, base: policy.rateLimitBaseDelay)
                default:
                    delay = policy.backoff(attempt: attempt, base: policy.baseDelay)
                }
                onEvent(
                    .retrying(
                        url: url, attempt: attempt + 1, of: policy.retries + 1, delay: delay, reason: failure.reason))
                try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
                continue
            }
            let error: APIError
            switch failure {
            case .rateLimited: error = .rateLimited(url: url, attempts: attempt)
            case .timedOut(let detail): error = .timedOut(url: url, attempts: attempt, detail: detail)
            case .unavailable(let detail): error = .unavailable(url: url, attempts: attempt, detail: detail)
            case .invalid(let detail): error = .invalidResponse(url: url, attempts: attempt, detail: detail)
            }
            guard await onExhausted(error) else { throw error }
            attempt = 0
        }
    }

    /// The `message` of a TVMaze error envelope, if the body is one.
    private static func message(in body: [UInt8]) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return "" }
        return (object["message"] as? String) ?? (object["name"] as? String) ?? ""
    }
}
