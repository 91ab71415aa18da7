import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import TVMRecords

/// The production ``HTTPTransport``, built on AsyncHTTPClient.
///
/// AsyncHTTPClient is used instead of FoundationNetworking, which loads libcurl and some thirty libraries at
/// every start. One `HTTPClient` is kept per proxy decision (and one more for streams, which follow no
/// redirects); each keeps at most `maxConnectionsPerHost` connections per host (one for the API, as TVMaze asks),
/// reused between requests.
public final class AsyncHTTPTransport: HTTPTransport {
    private let timeout: Double
    private let userAgent: String
    private let maxConnectionsPerHost: Int
    private let proxySettings: ProxySettings
    private let clients = NIOLockedValueBox<[ClientKey: HTTPClient]>([:])

    /// What tells the clients apart: the proxy, and whether redirects are followed.
    private struct ClientKey: Hashable {
        var proxy: ProxySettings.Server?
        var followsRedirects: Bool
    }

    /// The most bytes of a body ``get(_:headers:)`` collects: far more than any API answer.
    static let maxCollectedBytes = 256 * 1024 * 1024

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - timeout: Connect and read timeout in seconds; the whole request gets twice that.
    ///   - userAgent: The `User-Agent` header sent with every request.
    ///   - maxConnectionsPerHost: How many connections to keep per host.
    ///   - environment: Where `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` are read.
    public init(timeout: Double, userAgent: String, maxConnectionsPerHost: Int = 1, environment: [String: String]) {
        self.timeout = timeout
        self.userAgent = userAgent
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.proxySettings = ProxySettings(environment: environment)
    }

    /// Performs one GET request. See ``HTTPTransport/get(_:headers:)``.
    public func get(_ url: String, headers: [(name: String, value: String)]) async throws(TransportFailure)
        -> HTTPResponse
    {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw .invalidURL(url)
        }
        let client = client(
            for: ClientKey(proxy: proxySettings.proxy(scheme: scheme.lowercased(), host: host), followsRedirects: true))
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 2000)))
            let body = try await response.body.collect(upTo: Self.maxCollectedBytes)
            return HTTPResponse(
                status: Int(response.status.code),
                headers: response.headers.map { (name: $0.name, value: $0.value) },
                body: Array(body.readableBytesView)
            )
        } catch {
            throw Self.classify(error)
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
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else {
            throw .invalidURL(url)
        }
        let client = client(
            for: ClientKey(proxy: proxySettings.proxy(scheme: scheme.lowercased(), host: host), followsRedirects: false)
        )
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: userAgent)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 2000)))
        } catch {
            throw Self.classify(error)
        }
        if let length = response.headers.first(name: "content-length").flatMap({ Int($0) }), length > maxBytes {
            throw .tooLarge(maxBytes: maxBytes)
        }
        let reader = BodyReader(response.body.makeAsyncIterator())
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

        init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async throws(TransportFailure) -> [UInt8]? {
            do {
                return try await iterator.next().map { Array($0.readableBytesView) }
            } catch {
                throw AsyncHTTPTransport.classify(error)
            }
        }
    }

    /// Shuts every client down.
    public func shutdown() async {
        let all = clients.withLockedValue { clients in
            defer { clients.removeAll() }
            return Array(clients.values)
        }
        for client in all { try? await client.shutdown() }
    }

    private func client(for key: ClientKey) -> HTTPClient {
        clients.withLockedValue { clients in
            if let existing = clients[key] { return existing }
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
            // Streams (downloads) get every redirect back, so that their caller checks where each one leads.
            configuration.redirectConfiguration =
                key.followsRedirects ? .follow(max: 5, allowCycles: false) : .disallow
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }

    /// Sorts AsyncHTTPClient and NIO errors into timeouts and connection failures.
    static func classify(_ error: any Error) -> TransportFailure {
        if let error = error as? NIOTooManyBytesError {
            return .tooLarge(maxBytes: error.maxBytes ?? maxCollectedBytes)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout, .tlsHandshakeTimeout,
                .httpProxyHandshakeTimeout, .socksHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timeout(String(describing: error))
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidURL(String(describing: error))
            default:
                return failure(describe(error), of: error)
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return .timeout("connect timeout")
        }
        return failure(describe(error), of: error)
    }

    /// A lost connection, or no connection at all: NIO reports a failed connect (every address refused or
    /// unreachable, or a name that did not resolve) as `NIOConnectionError`, or as the socket's errno.
    private static func failure(_ detail: String, of error: any Error) -> TransportFailure {
        let text = String(reflecting: error)
        let unreachable = [
            "NIOConnectionError", "refused", "ECONNREFUSED", "unreachable", "ENETUNREACH",
            "EHOSTUNREACH", "No route to host",
        ]
        return unreachable.contains(where: text.contains) ? .unreachable(detail) : .connection(detail)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .remoteConnectionClosed: return "the server closed the connection"
            case .bodyLengthMismatch: return "the response body was cut short"
            default: return String(describing: error)
            }
        }
        let text = String(describing: error)
        if text.contains("refused") || text.contains("ECONNREFUSED") { return "connection refused" }
        if text.contains("reset") || text.contains("ECONNRESET") { return "connection reset" }
        if text.contains("invalidEOFState") || text.contains("EOF") { return "the response body was cut short" }
        return text
    }
}
