import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOSSL
import TVMRecords

/// The production ``HTTPTransport``, built on AsyncHTTPClient.
///
/// AsyncHTTPClient is used instead of FoundationNetworking, which loads libcurl and some thirty libraries at
/// every start. One `HTTPClient` is kept per proxy decision, following no redirects (the API client follows
/// them only within the API's origin, downloads check each one); each keeps at most `maxConnectionsPerHost` connections per host (one for the API, as TVMaze asks),
/// reused between requests.
public final class AsyncHTTPTransport: HTTPTransport {
    private let timeout: Double
    private let userAgent: String
    private let maxConnectionsPerHost: Int
    private let proxySettings: ProxySettings
    private let verbose: Bool
    /// The process environment, where `SSL_CERT_FILE` and `SSL_CERT_DIR` name the certificates to trust.
    private let environment: [String: String]
    private let pool = NIOLockedValueBox(Pool())

    /// The clients made so far, and the certificates they trust.
    private struct Pool {
        var clients: [ClientKey: HTTPClient] = [:]
        /// The certificates of `SSL_CERT_FILE` and `SSL_CERT_DIR`, read once, when the first client is made, so a
        /// run that sends no request does not parse them. `nil` until then; `.some(nil)` when neither is set.
        var trustRoots: NIOSSLTrustRoots??
    }

    /// What tells the clients apart: the proxy.
    private struct ClientKey: Hashable {
        var proxy: ProxySettings.Server?
    }

    /// The most bytes of a body ``get(_:headers:)`` collects: far more than any API answer.
    static let maxCollectedBytes = 256 * 1024 * 1024

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - timeout: Connect and idle-read timeout in seconds; a whole API request (``get(_:headers:)``,
    ///     ``send(_:)``) must also be answered, body included, within twice that.
    ///   - userAgent: The `User-Agent` header sent with every request.
    ///   - maxConnectionsPerHost: How many connections to keep per host.
    ///   - environment: Where `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` are read.
    ///   - verbose: Whether failures also carry the libraries' own description (`--verbose`).
    public init(
        timeout: Double, userAgent: String, maxConnectionsPerHost: Int = 1, environment: [String: String],
        verbose: Bool = false
    ) {
        self.verbose = verbose
        self.environment = environment
        self.timeout = timeout
        self.userAgent = userAgent
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.proxySettings = ProxySettings(environment: environment)
    }

    /// Performs one GET request without following redirects (the API client follows them only within the API's
    /// origin). See ``HTTPTransport/get(_:headers:)``.
    public func get(_ url: String, headers: [(name: String, value: String)]) async throws(TransportFailure)
        -> HTTPResponse
    {
        try await perform(url, method: .GET, headers: headers, body: [])
    }

    /// Performs one GET request without following redirects, reading at most `maxBytes` of its body. See
    /// ``HTTPTransport/get(_:headers:maxBytes:)``.
    public func get(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPResponse
    {
        try await perform(url, method: .GET, headers: headers, body: [], maxBytes: maxBytes)
    }

    /// Performs one request of any method without following redirects. See ``HTTPTransport/send(_:)``.
    public func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        try await perform(
            request.url, method: HTTPMethod(rawValue: request.method), headers: request.headers, body: request.body)
    }

    /// One request with its whole body collected, up to `maxBytes`: a JSON body, when there is one, goes with its
    /// content type.
    private func perform(
        _ url: String, method: HTTPMethod, headers: [(name: String, value: String)], body: [UInt8],
        maxBytes: Int = maxCollectedBytes
    ) async throws(TransportFailure) -> HTTPResponse {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw .invalidURL(url)
        }
        let proxy = proxySettings.proxy(scheme: scheme.lowercased(), host: host)
        let client = client(for: ClientKey(proxy: proxy))
        var outgoing = HTTPClientRequest(url: url)
        outgoing.method = method
        outgoing.headers.add(name: "User-Agent", value: userAgent)
        outgoing.headers.add(name: "Accept", value: "application/json")
        if !body.isEmpty {
            outgoing.headers.add(name: "Content-Type", value: "application/json")
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        for header in headers { outgoing.headers.add(name: header.name, value: header.value) }
        let request = outgoing
        let deadline = timeout * 2
        do {
            return try await Self.within(seconds: deadline) {
                let response = try await client.execute(request, timeout: .milliseconds(Int64(deadline * 1000)))
                let collected = try await response.body.collect(upTo: maxBytes)
                return HTTPResponse(
                    status: Int(response.status.code),
                    headers: response.headers.map { (name: $0.name, value: $0.value) },
                    body: Array(collected.readableBytesView)
                )
            }
        } catch is NIOTooManyBytesError {
            throw .tooLarge(maxBytes: maxBytes)
        } catch DeadlinePassed.passed {
            throw Self.deadlinePassed(host: host, seconds: deadline)
        } catch {
            throw Self.classify(error, host: host, proxy: proxy, verbose: verbose)
        }
    }

    /// The deadline of ``within(seconds:_:)`` passed.
    private enum DeadlinePassed: Error { case passed }

    /// The failure of an answer that did not arrive whole within its deadline.
    private static func deadlinePassed(host: String, seconds: Double) -> TransportFailure {
        .timeout(
            "\(host) sent no complete answer within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s "
                + "(twice --timeout)")
    }

    /// Runs `work`, cancelling it when it is not done after `seconds`: the read timeout is reset by every byte,
    /// so only an overall deadline ends a body that drips in one byte at a time.
    private static func within<Value: Sendable>(
        seconds: Double, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw DeadlinePassed.passed }
            return value
        }
    }

    /// Performs one GET request without following redirects and returns at its head; the body streams with
    /// back-pressure (AsyncHTTPClient reads the next chunk from the socket only once this one is taken), so a
    /// body of any size holds one chunk in memory. See ``HTTPTransport/stream(_:headers:maxBytes:)``.
    ///
    /// The timeout covers the connection and each read: a body that keeps arriving is bounded by `maxBytes`,
    /// not by a deadline. A body dropped before its end cancels the request, which closes the connection.
    public func stream(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPStreamingResponse
    {
        try await open(url, headers: headers, maxBytes: maxBytes, deadline: nil)
    }

    /// ``stream(_:headers:maxBytes:)`` for an API answer: the body too must arrive within twice the timeout, as
    /// ``get(_:headers:maxBytes:)``'s does, so that a body dripping in byte by byte ends. See
    /// ``HTTPTransport/streamAnswer(_:headers:maxBytes:)``.
    public func streamAnswer(_ url: String, headers: [(name: String, value: String)], maxBytes: Int)
        async throws(TransportFailure) -> HTTPStreamingResponse
    {
        try await open(url, headers: headers, maxBytes: maxBytes, deadline: timeout * 2)
    }

    /// A GET returned at its head, its body read with the read timeout and, when given, an overall deadline in
    /// seconds from now.
    private func open(_ url: String, headers: [(name: String, value: String)], maxBytes: Int, deadline: Double?)
        async throws(TransportFailure) -> HTTPStreamingResponse
    {
        let end = deadline.map { ContinuousClock.now + .seconds($0) }
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw .invalidURL(url)
        }
        let proxy = proxySettings.proxy(scheme: scheme.lowercased(), host: host)
        let client = client(for: ClientKey(proxy: proxy))
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 2000)))
        } catch {
            throw Self.classify(error, host: host, proxy: proxy, verbose: verbose)
        }
        if let length = response.headers.first(name: "content-length").flatMap({ Int($0) }), length > maxBytes {
            throw .tooLarge(maxBytes: maxBytes)
        }
        let reader = BodyReader(response.body.makeAsyncIterator(), host: host, proxy: proxy, verbose: verbose)
        if let end, let deadline { reader.deadline = (end, deadline) }
        return HTTPStreamingResponse(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: HTTPBodyStream(maxBytes: maxBytes) { () async throws(TransportFailure) -> [UInt8]? in
                try await reader.next()
            }
        )
    }

    /// Holds a body's iterator for the stream's closure, and turns its errors into transport failures.
    private final class BodyReader {
        private var iterator: HTTPClientResponse.Body.AsyncIterator
        private let host: String
        private let proxy: ProxySettings.Server?
        private let verbose: Bool
        /// When the body must have ended, and that deadline in seconds (for the message).
        var deadline: (end: ContinuousClock.Instant, seconds: Double)?

        init(
            _ iterator: HTTPClientResponse.Body.AsyncIterator, host: String, proxy: ProxySettings.Server?, verbose: Bool
        ) {
            self.iterator = iterator
            self.host = host
            self.proxy = proxy
            self.verbose = verbose
        }

        func next() async throws(TransportFailure) -> [UInt8]? {
            let chunk: [UInt8]?
            do {
                chunk = try await iterator.next().map { Array($0.readableBytesView) }
            } catch {
                throw AsyncHTTPTransport.classify(error, host: host, proxy: proxy, verbose: verbose)
            }
            // Each chunk resets the read timeout: only the deadline ends a body that drips in.
            if chunk != nil, let deadline, ContinuousClock.now > deadline.end {
                throw AsyncHTTPTransport.deadlinePassed(host: host, seconds: deadline.seconds)
            }
            return chunk
        }
    }

    /// Shuts every client down.
    public func shutdown() async {
        let all = pool.withLockedValue { pool in
            defer { pool.clients.removeAll() }
            return Array(pool.clients.values)
        }
        for client in all { try? await client.shutdown() }
    }

    private func client(for key: ClientKey) -> HTTPClient {
        pool.withLockedValue { pool in
            if let existing = pool.clients[key] { return existing }
            var configuration = HTTPClient.Configuration(
                timeout: .init(
                    connect: .milliseconds(Int64(timeout * 1000)),
                    read: .milliseconds(Int64(timeout * 1000))
                ),
                connectionPool: .init(
                    idleTimeout: .seconds(30),
                    concurrentHTTP1ConnectionsPerHostSoftLimit: maxConnectionsPerHost
                ),
                proxy: key.proxy.map { server in
                    var proxy = HTTPClient.Configuration.Proxy.server(host: server.host, port: server.port)
                    if let username = server.username, let password = server.password {
                        proxy = .server(
                            host: server.host,
                            port: server.port,
                            authorization: .basic(username: username, password: password)
                        )
                    }
                    return proxy
                }
            )
            // Our own loop retries with back-off and reports each retry; AsyncHTTPClient's silent retries of
            // a refused connection would hold every attempt for the whole connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.httpVersion = .http1Only
            if pool.trustRoots == nil { pool.trustRoots = .some(Self.trustRoots(environment: environment)) }
            if let trustRoots = pool.trustRoots ?? nil {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.trustRoots = trustRoots
                configuration.tlsConfiguration = tls
            }
            // Every redirect comes back to the caller, which checks where it leads before following it.
            configuration.redirectConfiguration = .disallow
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            pool.clients[key] = client
            return client
        }
    }

    /// The certificates named by `SSL_CERT_FILE` (a PEM bundle) and `SSL_CERT_DIR` (folders of PEM files, separated
    /// by `:`), as OpenSSL and curl read them; `nil` when neither is set, and the system's roots are used.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: The roots to trust instead of the system's.
    static func trustRoots(environment: [String: String]) -> NIOSSLTrustRoots? {
        let file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let folders = (environment["SSL_CERT_DIR"] ?? "").split(separator: ":").map(String.init)
        guard file != nil || !folders.isEmpty else { return nil }
        var paths = file.map { [$0] } ?? []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            paths += names.sorted().map { folder + "/" + $0 }
        }
        // A file that is not PEM (a README, a CRL) is skipped, as OpenSSL skips it.
        return .certificates(paths.flatMap { (try? NIOSSLCertificate.fromPEMFile($0)) ?? [] })
    }

    /// Sorts AsyncHTTPClient, NIO and TLS errors into timeouts, connection failures and TLS failures, each with a
    /// plain sentence: the libraries' own descriptions (type names, build paths) appear only with `verbose`.
    ///
    /// - Parameters:
    ///   - error: What the client threw.
    ///   - host: The host asked.
    ///   - proxy: The proxy the request went through, named in the sentence.
    ///   - verbose: Whether to add the libraries' description in brackets.
    /// - Returns: The failure.
    static func classify(_ error: any Error, host: String, proxy: ProxySettings.Server?, verbose: Bool)
        -> TransportFailure
    {
        let internals = String(reflecting: error)
        func sentence(_ text: String) -> String {
            var text = text
            if let proxy { text += " (through the proxy \(proxy.host):\(proxy.port))" }
            if verbose { text += " [\(internals)]" }
            return text
        }
        // AsyncHTTPClient's own connect timeout, or NIO's.
        func connectTimedOut() -> TransportFailure {
            .connectTimeout(sentence("connecting to \(host) timed out; try a larger --timeout"))
        }
        if let error = error as? NIOTooManyBytesError {
            return .tooLarge(maxBytes: error.maxBytes ?? maxCollectedBytes)
        }
        if internals.contains("NIOSSL") || internals.contains("BoringSSL") || internals.contains("handshakeFailed")
            || internals.contains("tlsHandshake")
        {
            if internals.contains("tlsHandshakeTimeout") {
                return .timeout(sentence("the TLS handshake with \(host) timed out"))
            }
            let cause =
                internals.contains("CERTIFICATE_VERIFY_FAILED") || internals.contains("certificate")
                ? "the certificate is not trusted; if a company proxy or CA signs it, point SSL_CERT_FILE (or "
                    + "SSL_CERT_DIR) at its certificate"
                : "the server does not speak TLS there; check the URL's scheme (https or http) and port"
            return .tls(sentence("TLS handshake with \(host) failed: \(cause)"))
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return connectTimedOut()
            case .readTimeout: return .timeout(sentence("\(host) stopped answering; try a larger --timeout"))
            case .deadlineExceeded:
                return .timeout(sentence("the request to \(host) took too long; try a larger --timeout"))
            case .writeTimeout, .httpProxyHandshakeTimeout, .socksHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timeout(sentence("the connection to \(host) timed out; try a larger --timeout"))
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidURL(sentence("the URL for \(host) is not valid"))
            case .remoteConnectionClosed: return .connection(sentence("\(host) closed the connection"))
            case .bodyLengthMismatch: return .connection(sentence("the answer from \(host) was cut short"))
            default: break
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return connectTimedOut()
        }
        let unreachable: [(String, String)] = [
            ("ECONNREFUSED", "connection refused by \(host)"), ("refused", "connection refused by \(host)"),
            ("ENETUNREACH", "the network is unreachable; check the connection"),
            ("Network is unreachable", "the network is unreachable; check the connection"),
            ("EHOSTUNREACH", "no route to \(host); check the connection"),
            ("No route to host", "no route to \(host); check the connection"),
            ("unreachable", "\(host) cannot be reached; check the connection"),
            ("NIOConnectionError", "\(host) cannot be reached (no address answered, or the name does not resolve)"),
        ]
        if let match = unreachable.first(where: { internals.contains($0.0) }) {
            return .unreachable(sentence(match.1))
        }
        if internals.contains("reset") || internals.contains("ECONNRESET") {
            return .connection(sentence("the connection to \(host) was reset"))
        }
        if internals.contains("invalidEOFState") || internals.contains("EOF") {
            return .connection(sentence("the answer from \(host) was cut short"))
        }
        return .connection(sentence("the connection to \(host) failed (--verbose says how)"))
    }
}
