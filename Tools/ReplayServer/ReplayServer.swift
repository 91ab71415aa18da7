import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A local HTTP/1.1 server on 127.0.0.1 that replays recorded TVMaze API responses and injects faults.
///
/// It answers from a fixtures folder (file path = API path, as the fixtures' `MANIFEST.md` describes):
/// `/shows?page=N` from `shows/page-N.json`, `/shows/1` from `shows/1.json`, `/search/shows?q=girls` from
/// `search/shows/q=girls.json` (the query is normalised, so `q=squid+game` finds `q=squid%20game.json`).
/// Special answers (redirects, 400, 422) come from `routes.json` in the fixtures folder. Misses get TVMaze's
/// answers: `200 []` for an unrecorded query to `/search/shows` or `/search/people` (a search with no hits),
/// `404 null` under `/singlesearch/` and `/lookup/`, and a 404 with `errors/404.json` for anything else. Absolute
/// TVMaze URLs in bodies point back at this server, and images under `/uploads/images/` are small valid JPEGs that
/// differ by path.
///
/// Many servers may run at once; each listens on its own port on the shared NIO event loop group.
///
/// ```swift
/// let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: fixtures))
/// server.addFault(.tooManyRequests(retryAfter: 1), matching: .exact("/shows/1"), times: 1)
/// // run a client against server.baseURL ...
/// #expect(server.log.count(matching: .exact("/shows/1")) == 2)
/// await server.stop()
/// ```
public final class ReplayServer: Sendable {
    /// Where image URLs (`https://static.tvmaze.com/uploads/images/...`) land after rewriting.
    static let imagePathPrefix = "/uploads/images/"

    /// The configuration the server was created with.
    public let configuration: ReplayConfiguration
    /// Every request received, with what was answered.
    public let log = RequestLog()
    /// The stand-in for TVMaze's account API under `/v1/` (accounts, marks, follows, pairing), and its controls.
    public let account: AccountStandIn
    let controls: ServerControls
    private let state = Locked(State())
    /// The number of the last connection accepted (see ``RecordedRequest/connection``).
    private let acceptedConnections = Locked(0)

    private struct State: Sendable {
        var listener: (any Channel)?
        var responder: Responder?
        var connections: [ObjectIdentifier: any Channel] = [:]
        var port = 0
    }

    /// Creates a server that is not listening yet; call ``start()``.
    ///
    /// - Parameter configuration: Fixtures folder, port, and the rate limit, latency and faults to begin with.
    public init(configuration: ReplayConfiguration) {
        self.configuration = configuration
        account = AccountStandIn(fixtures: configuration.fixturesDirectory)
        controls = ServerControls(
            rules: configuration.faults, rateLimit: configuration.rateLimit, latency: configuration.latency)
    }

    /// Creates a server and starts it.
    ///
    /// - Parameter configuration: Fixtures folder, port, and the rate limit, latency and faults to begin with.
    /// - Returns: The server, listening.
    /// - Throws: ``ReplayServerError`` when the fixtures or `routes.json` are unusable or the port is taken.
    public static func start(_ configuration: ReplayConfiguration) async throws -> ReplayServer {
        let server = ReplayServer(configuration: configuration)
        try await server.start()
        return server
    }

    /// The port the server listens on (or last listened on); 0 before the first start.
    public var port: Int {
        state.withLock { $0.port }
    }

    /// The server's base URL, `http://127.0.0.1:PORT`, to use as the API URL of a client.
    public var baseURL: String {
        "http://127.0.0.1:\(port)"
    }

    /// Whether the server is accepting connections.
    public var isListening: Bool {
        state.withLock { $0.listener != nil }
    }

    /// Starts listening on 127.0.0.1 and returns once connections are accepted.
    ///
    /// The port is the configured one, or a free one when that is 0. After ``stop()``, calling `start()` again
    /// listens on the same port as before, so clients can reconnect (a network that comes back).
    ///
    /// - Throws: ``ReplayServerError/alreadyStarted(port:)``, ``ReplayServerError/fixturesNotFound(path:)``,
    ///   ``ReplayServerError/invalidRoutes(path:reason:)``, ``ReplayServerError/noRecordedShowPages(path:)``, or
    ///   ``ReplayServerError/bindFailed(port:reason:)``.
    public func start() async throws {
        let (listening, previousPort) = state.withLock { ($0.listener != nil, $0.port) }
        if listening {
            throw ReplayServerError.alreadyStarted(port: previousPort)
        }
        let requestedPort = configuration.port != 0 ? configuration.port : previousPort
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.autoRead, value: false)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [weak self] channel in
                guard let self else { return channel.close() }
                return self.initialize(channel)
            }
        let listener: any Channel
        do {
            listener = try await bootstrap.bind(host: "127.0.0.1", port: requestedPort).get()
        } catch {
            throw ReplayServerError.bindFailed(port: requestedPort, reason: "\(error)")
        }
        do {
            let port = listener.localAddress?.port ?? requestedPort
            let responder = try state.withLock { $0.port == port ? $0.responder : nil } ?? makeResponder(port: port)
            try state.withLock { state in
                guard state.listener == nil else { throw ReplayServerError.alreadyStarted(port: state.port) }
                state = State(listener: listener, responder: responder, connections: [:], port: port)
            }
            try await listener.setOption(ChannelOptions.autoRead, value: true).get()
        } catch {
            try? await listener.close().get()
            throw error
        }
    }

    /// Stops listening and closes every open connection, then returns.
    ///
    /// Afterwards connections to the port are refused, as when the network goes away. Stalled and delayed
    /// answers are dropped. The log and the fault rules are kept; ``start()`` listens again on the same port.
    public func stop() async {
        let (listener, connections) = state.withLock { state in
            let taken = (state.listener, Array(state.connections.values))
            state.listener = nil
            state.connections = [:]
            return taken
        }
        try? await listener?.close().get()
        for connection in connections {
            try? await connection.close().get()
        }
    }

    /// The responder while the server listens.
    var responder: Responder? {
        state.withLock { $0.responder }
    }

    private func makeResponder(port: Int) throws -> Responder {
        let store = try FixtureStore(root: configuration.fixturesDirectory, port: port)
        if configuration.syntheticShowPages != nil, store.recordedShowPages == 0 {
            throw ReplayServerError.noRecordedShowPages(path: configuration.fixturesDirectory.path)
        }
        return Responder(
            store: store, controls: controls, log: log, syntheticShowPages: configuration.syntheticShowPages,
            clock: configuration.clock, account: account)
    }

    /// Sets up an accepted connection, or closes it when the server is stopping.
    private func initialize(_ channel: any Channel) -> EventLoopFuture<Void> {
        let id = ObjectIdentifier(channel)
        let responder = state.withLock { state -> Responder? in
            guard state.listener != nil, let responder = state.responder else { return nil }
            state.connections[id] = channel
            return responder
        }
        guard let responder else { return channel.close() }
        let number = acceptedConnections.withLock { count in
            count += 1
            return count
        }
        let state = self.state
        channel.closeFuture.whenComplete { _ in
            state.withLock { _ = $0.connections.removeValue(forKey: id) }
        }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(
                ReplayChannelHandler(responder: responder, connection: number))
        }
    }
}
