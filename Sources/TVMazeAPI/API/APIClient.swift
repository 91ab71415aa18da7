import Foundation
import NIOConcurrencyHelpers
import TVMRecords

/// Fetches TVMaze API responses: paced, retried, validated.
///
/// Every request goes through the shared ``RateLimiter`` (20 calls in any 10 seconds), is retried a
/// bounded number of times on 429, 5xx, timeouts and lost connections, and its body is checked to be JSON
/// before it is handed on. Nothing is skipped silently: a request either returns its body or throws.
public final class APIClient: Sendable {
    /// Decides whether to start over after every retry failed: the original app specification's "Retry / Cancel" dialog.
    public typealias ExhaustedHandler = @Sendable (APIError) async -> Bool

    /// The API base URL without a trailing slash or a user name and password, e.g. `https://api.tvmaze.com`.
    public let baseURL: String
    /// `Authorization: Basic …` when the base URL carried a user name and password, sent with every request to the
    /// API instead of the URL's credentials, so that no message, event or cache key holds them; else nothing.
    let credentials: [(name: String, value: String)]
    let transport: any HTTPTransport
    private let limiter: RateLimiter
    private let policy: RetryPolicy
    private let onEvent: @Sendable (APIEvent) -> Void
    private let onExhausted: ExhaustedHandler
    private let cache: (any ResponseCache)?
    private let cacheMode: CacheMode
    private let skipsUnreachableHosts: Bool
    private let clock: any PacingClock
    /// Where array answers past 4 MiB are spooled (``SpooledElements``).
    let spoolDirectory: String
    /// The hosts skipped for the rest of the run, with the failure that made them so, and whether a request has been
    /// skipped yet (the event is sent then, once: a run whose one request failed has nothing to skip).
    private let unreachableHosts = NIOLockedValueBox<[String: (cause: APIError, skipping: Bool)]>([:])

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The API root, `http` or `https`.
    ///   - transport: Sends the requests.
    ///   - limiter: Paces the requests.
    ///   - policy: How to retry.
    ///   - onEvent: Receives notices (retries, pacing) for the user.
    ///   - onExhausted: Asked after the last retry failed; returning `true` starts a new round of attempts.
    ///     It is not asked when a stale cached copy can be served instead.
    ///   - cache: Where successful JSON responses are kept, or `nil` for none.
    ///   - cacheMode: How the cache is used.
    ///   - skipsUnreachableHosts: Whether a host is skipped for the rest of the run once a request to it could
    ///     not connect (``TransportFailure/unreachable(_:)``: refused, no route, no such name; or
    ///     ``TransportFailure/connectTimeout(_:)``) on its last attempt and the retry dialog did not start over:
    ///     later requests to it, and the retries of those under way, end at once with
    ///     ``APIError/skipped(url:host:cause:)``. For batches (a page of posters), as apt does with a host it
    ///     cannot reach; not for a live search, whose user retries on purpose. A 5xx, a read timeout or a
    ///     connection cut short never trips it.
    ///   - clock: The clock for retry delays and cache freshness (the limiter has its own).
    ///   - spoolDirectory: Where the elements of an array answer past 4 MiB wait, in an unlinked file, until the
    ///     answer is whole (``fetchArray(_:)``).
    /// - Throws: ``APIError/invalidURL(_:)`` when `baseURL` is not an absolute http(s) URL (quoted with its password
    ///   hidden).
    public init(
        baseURL: String,
        transport: any HTTPTransport,
        limiter: RateLimiter = RateLimiter(),
        policy: RetryPolicy = RetryPolicy(),
        onEvent: @escaping @Sendable (APIEvent) -> Void = { _ in },
        onExhausted: @escaping ExhaustedHandler = { _ in false },
        cache: (any ResponseCache)? = nil,
        cacheMode: CacheMode = .normal,
        skipsUnreachableHosts: Bool = false,
        clock: any PacingClock = SystemClock(),
        spoolDirectory: String = NSTemporaryDirectory()
    ) throws(APIError) {
        var base = baseURL.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false, url.query == nil, var parts = URLComponents(string: base)
        else {
            throw .invalidURL(
                "\(URLRefusal.redacted(baseURL)) (expected an absolute http or https URL such as https://api.tvmaze.com)"
            )
        }
        if parts.user != nil || parts.password != nil {
            let pair = Data("\(parts.user ?? ""):\(parts.password ?? "")".utf8).base64EncodedString()
            credentials = [(name: "Authorization", value: "Basic " + pair)]
            (parts.user, parts.password) = (nil, nil)
            base = parts.string ?? base
        } else {
            credentials = []
        }
        self.baseURL = base
        self.transport = transport
        self.limiter = limiter
        self.clock = clock
        self.policy = policy
        self.onEvent = onEvent
        self.onExhausted = onExhausted
        self.cache = cache
        self.cacheMode = cacheMode
        self.skipsUnreachableHosts = skipsUnreachableHosts
        self.spoolDirectory = spoolDirectory
    }

    /// How long a 404 is remembered: long enough that an `--all` walk does not keep asking for the page
    /// past the end of the index, short enough that a new show appears soon.
    public static let notFoundMaxAge: Double = 600

    /// The absolute URL of an endpoint.
    ///
    /// - Parameter endpoint: The request.
    /// - Returns: The base URL followed by the endpoint's path and encoded query.
    public func url(for endpoint: Endpoint) -> String { baseURL + endpoint.pathAndQuery }

    /// Fetches an endpoint and returns its JSON body, compacted.
    ///
    /// With a cache, a fresh cached copy answers without a request; a stale one is fetched again and still
    /// served (with a ``APIEvent/servedStale(url:age:)`` event) when the network fails.
    /// - Parameter endpoint: The request.
    /// - Returns: The body of the 2xx response, as compact JSON with fields in their original order.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the normal end of the show index).
    public func fetch(_ endpoint: Endpoint) async throws(APIError) -> [UInt8] {
        try await fetchJSON(
            url: url(for: endpoint), defaultMaxAge: endpoint.isIndexPage ? 86_400 : 3_600,
            expectedID: endpoint.recordID)
    }

    /// Fetches an absolute URL that must answer JSON, with the same cache, pacing and retries as
    /// ``fetch(_:)``.
    ///
    /// - Parameters:
    ///   - url: The absolute URL.
    ///   - defaultMaxAge: How long the response stays fresh when it has no `Cache-Control: max-age`.
    ///   - expectedID: The `id` the answer must carry (one show, one episode); `nil` for any answer.
    /// - Returns: The compact JSON body.
    /// - Throws: ``APIError``; ``APIError/wrongRecord(url:expected:found:)`` for an answer with another id,
    ///   which is not cached; ``APIError/refused(url:redirectedFrom:reason:)`` for a redirect off the API's origin.
    public func fetchJSON(url: String, defaultMaxAge: Double = 3_600, expectedID: Int? = nil) async throws(APIError)
        -> [UInt8]
    {
        let unchanged = { (body: [UInt8]) throws(APIError) -> [UInt8] in body }
        return try await cachedFetch(url: url, fromCache: unchanged) { () async throws -> Attempt<Fetched<[UInt8]>> in
            // One record is read up to its cap, any other answer up to the answer cap: never more.
            let response = try await getWithinOrigin(url, maxBytes: Self.maxBytes(recordID: expectedID))
            guard (200..<300).contains(response.status) else { return .answered(response) }
            let compact: [UInt8]
            do {
                compact = try RawJSON.compact(response.body)
            } catch {
                return .unusable(String(describing: error))
            }
            if let expectedID { try Self.check(compact, carries: expectedID, url: url) }
            let maxAge = CacheControl.maxAge(response.header("cache-control")) ?? defaultMaxAge
            return .accepted(Fetched(value: compact, cachedBody: compact, maxAge: maxAge))
        }
    }

    /// What an attempt of ``cachedFetch(url:fromCache:attempt:)`` fetched: the value, and the body to cache for
    /// `maxAge` seconds (`nil` or a max-age of 0: nothing cached).
    struct Fetched<Value> {
        var value: Value
        var cachedBody: [UInt8]?
        var maxAge: Double
    }

    /// The answer for `url`: from the cache when the cache mode and the copy's age allow it (read by `fromCache`),
    /// else from `attempt` (paced and retried), whose body is stored in the cache for as long as the attempt says
    /// (nothing stored without a body or for 0); a stale copy when the network fails.
    func cachedFetch<Value>(
        url: String, fromCache: ([UInt8]) throws(APIError) -> Value,
        attempt: () async throws -> Attempt<Fetched<Value>>
    ) async throws(APIError) -> Value {
        let key = CacheKey.normalise(url)
        let cached = cache?.lookup(key)
        let now = clock.now()
        switch cacheMode {
        case .offline:
            guard let cached else { throw .notCached(url: url) }
            return try fromCache(try Self.answer(cached, url: url))
        case .normal:
            if let cached, cached.isFresh(at: now) { return try fromCache(try Self.answer(cached, url: url)) }
        case .refresh:
            break
        }
        do {
            let fetched = try await send(url: url, paced: true, askWhenExhausted: cached == nil, attempt: attempt)
            if let body = fetched.cachedBody, fetched.maxAge > 0 {
                cache?.store(CachedResponse(status: 200, body: body, fetchedAt: now, maxAge: fetched.maxAge), for: key)
            }
            return fetched.value
        } catch .notFound {
            cache?.store(CachedResponse(status: 404, body: [], fetchedAt: now, maxAge: Self.notFoundMaxAge), for: key)
            throw .notFound(url: url)
        } catch {
            guard error.isFetchFailure, let cached else { throw error }
            onEvent(.servedStale(url: url, age: now - cached.fetchedAt))
            return try fromCache(try Self.answer(cached, url: url))
        }
    }

    /// A cached entry as an answer: its body, or `.notFound` for a remembered 404.
    private static func answer(_ cached: CachedResponse, url: String) throws(APIError) -> [UInt8] {
        guard cached.status == 404 else { return cached.body }
        throw .notFound(url: url)
    }

    /// Downloads a URL (a poster, say) with retries, streaming its body to `receive`, without the API's pacing
    /// or the response cache.
    ///
    /// Each attempt checks the URL against `policy` before sending anything, and follows redirects itself, each
    /// one checked the same way: a refused URL ends the download with ``APIError/refused(url:redirectedFrom:reason:)``
    /// and never reaches the network. A 2xx answer goes to `receive`, which reads the body (at most
    /// `policy.maxBytes`, whether or not the server announced its length) and says whether it is usable; an
    /// unusable one is retried like a 5xx. A body over the limit ends the download with
    /// ``APIError/tooLarge(url:maxBytes:)``, not retried. With ``CacheMode/offline`` it throws
    /// ``APIError/notCached(url:)`` without a request.
    /// - Parameters:
    ///   - url: The absolute URL.
    ///   - policy: The hosts, redirects and size allowed.
    ///   - receive: Reads one attempt's 2xx response; it may throw what reading the body throws.
    /// - Returns: What `receive` accepted.
    /// - Throws: ``APIError``.
    public func download<Value>(
        url: String,
        policy: DownloadPolicy,
        receive: (HTTPStreamingResponse) async throws(TransportFailure) -> DownloadVerdict<Value>
    ) async throws(APIError) -> Value {
        // Downloads keep their own caches (posters); offline, there is nothing to ask.
        if cacheMode == .offline { throw .notCached(url: url) }
        return try await send(url: url, paced: false, askWhenExhausted: true) { () async throws -> Attempt<Value> in
            var current = url
            var origin: String?
            var redirects = 0
            while true {
                guard let parsed = URL(string: current) else { throw APIError.invalidURL(current) }
                if let reason = policy.allowedHosts?.refusal(for: parsed) ?? Self.schemeRefusal(parsed) {
                    throw APIError.refused(url: current, redirectedFrom: origin, reason: reason)
                }
                let response = try await transport.stream(current, headers: [], maxBytes: policy.maxBytes)
                if [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") {
                    guard let next = URL(string: location, relativeTo: parsed)?.absoluteString else {
                        throw APIError.invalidURL("\(location) (the redirect from \(current))")
                    }
                    guard redirects < policy.maxRedirects else {
                        throw APIError.refused(
                            url: next, redirectedFrom: current, reason: .tooManyRedirects(policy.maxRedirects))
                    }
                    (origin, current, redirects) = (current, next, redirects + 1)
                    continue
                }
                guard (200..<300).contains(response.status) else {
                    // Enough of an error body for its message; the rest is not read.
                    let body = try await response.body.prefix(64 * 1024)
                    return .answered(HTTPResponse(status: response.status, headers: response.headers, body: body))
                }
                switch try await receive(response) {
                case .accepted(let value): return .accepted(value)
                case .unusable(let problem): return .unusable(problem)
                }
            }
        }
    }

    /// Anything but http and https, when no allow-list says so first.
    private static func schemeRefusal(_ url: URL) -> URLRefusal? {
        let scheme = url.scheme?.lowercased() ?? ""
        return ["http", "https"].contains(scheme) ? nil : .scheme(scheme)
    }

    /// What one attempt came to.
    enum Attempt<Value> {
        /// A 2xx answer that was usable.
        case accepted(Value)
        /// A 2xx answer that was not: retried like a 5xx.
        case unusable(String)
        /// Any other status, with (the start of) its body.
        case answered(HTTPResponse)
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

    /// Runs attempts until one is accepted, a final error, or the retries are spent.
    ///
    /// - Parameter attempt: One request; it throws ``TransportFailure`` or a final ``APIError``.
    func send<Value>(
        url: String,
        paced: Bool,
        askWhenExhausted: Bool,
        attempt perform: () async throws -> Attempt<Value>
    ) async throws(APIError) -> Value {
        var attempt = 0
        let host = skipsUnreachableHosts ? Self.host(of: url) : nil
        while true {
            attempt += 1
            if let host, let (cause, first) = skipped(host) {
                if first { onEvent(.hostSkipped(host: host, cause: cause)) }
                throw APIError.skipped(url: url, host: host, cause: cause)
            }
            if paced {
                let onEvent = self.onEvent
                // A task cancelled while it waits for the window (a live search whose query changed) sends
                // nothing: the request would not fit in the window, and nobody wants its answer.
                guard await limiter.acquire(onWait: { onEvent(.pacing(delay: $0)) }) else {
                    throw APIError.cancelled(url: url)
                }
            }
            let failure: Failure
            var hostDown = false
            do {
                switch try await perform() {
                case .accepted(let value):
                    return value
                case .unusable(let problem):
                    failure = .invalid(problem)
                case .answered(let response) where response.status == 404:
                    throw APIError.notFound(url: url)
                case .answered(let response) where response.status == 429:
                    let now = clock.now()
                    failure = .rateLimited(
                        delay: response.header("retry-after").flatMap { policy.retryAfter($0, now: now) })
                case .answered(let response) where (500..<600).contains(response.status):
                    failure = .unavailable("HTTP \(response.status) from the server")
                case .answered(let response):
                    throw APIError.rejected(url: url, status: response.status, message: Self.message(in: response.body))
                }
            } catch let error as APIError {
                throw error
            } catch let error as TransportFailure {
                switch error {
                case .timeout(let detail): failure = .timedOut(detail)
                case .connectTimeout(let detail):
                    failure = .timedOut(detail)
                    hostDown = true
                case .connection(let detail): failure = .unavailable(detail)
                case .unreachable(let detail):
                    failure = .unavailable(detail)
                    hostDown = true
                case .invalidURL(let detail): throw APIError.invalidURL(detail)
                case .tooLarge(let maxBytes): throw APIError.tooLarge(url: url, maxBytes: maxBytes)
                case .tls(let detail): throw APIError.unavailable(url: url, attempts: attempt, detail: detail)
                }
            } catch {
                failure = .unavailable(String(describing: error))
            }
            // A cancelled task (a live search whose query changed) wants no answer: retrying would only spend
            // places in the rate window.
            if attempt <= policy.retries && !Task.isCancelled {
                // The wait before the retry, and how much of it the rate window will impose by itself.
                let delay: Double
                var windowWaits = false
                switch failure {
                case .rateLimited(let after) where paced:
                    // The shared window pauses every request for a whole window (or Retry-After) and lowers the
                    // limit; the retry then waits for its place in the window like any request.
                    delay = await limiter.throttled(retryAfter: after)
                    windowWaits = true
                case .rateLimited(let after):
                    delay = after ?? policy.backoff(attempt: attempt, base: policy.rateLimitBaseDelay)
                default:
                    delay = policy.backoff(attempt: attempt, base: policy.baseDelay)
                }
                onEvent(
                    .retrying(
                        url: url, attempt: attempt + 1, of: policy.retries + 1, delay: delay, reason: failure.reason))
                if !windowWaits {
                    await clock.sleep(seconds: delay)
                }
                continue
            }
            let error: APIError
            switch failure {
            case .rateLimited: error = .rateLimited(url: url, attempts: attempt)
            case .timedOut(let detail): error = .timedOut(url: url, attempts: attempt, detail: detail)
            case .unavailable(let detail): error = .unavailable(url: url, attempts: attempt, detail: detail)
            case .invalid(let detail): error = .invalidResponse(url: url, attempts: attempt, detail: detail)
            }
            guard askWhenExhausted, !Task.isCancelled, await onExhausted(error) else {
                if let host, hostDown { skip(host, because: error) }
                throw error
            }
            attempt = 0
        }
    }

    /// Skips `host` for the rest of the run.
    private func skip(_ host: String, because error: APIError) {
        unreachableHosts.withLockedValue { hosts in
            if hosts[host] == nil { hosts[host] = (error, false) }
        }
    }

    /// Why `host` is skipped, and whether this is the first request skipped; `nil` when it is not skipped.
    private func skipped(_ host: String) -> (cause: APIError, first: Bool)? {
        unreachableHosts.withLockedValue { hosts in
            guard let entry = hosts[host] else { return nil }
            hosts[host]?.skipping = true
            return (entry.cause, !entry.skipping)
        }
    }

    /// `host` or `host:port` of a URL: what `skipsUnreachableHosts` skips.
    private static func host(of url: String) -> String? {
        guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else { return nil }
        return parsed.port.map { "\(host):\($0)" } ?? host
    }

    /// The `message` of a TVMaze error envelope, if the body is one.
    private static func message(in body: [UInt8]) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return "" }
        return (object["message"] as? String) ?? (object["name"] as? String) ?? ""
    }
}
