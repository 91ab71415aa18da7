import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import TVMCommandLine

/// The HTTP side of `tvm-fav serve`: GET and HEAD of three feeds, `ETag` and `Last-Modified` with 304s, limits on
/// what a request may hold and on how many connections are open, and a clean stop when its task is cancelled.
struct FeedServer: Sendable {
    /// Where to listen.
    let host: String
    let port: Int
    /// The secret the paths must start with, or `nil`.
    let token: String?
    /// The most connections open at once; more are closed at once.
    let maximumConnections: Int
    /// How long a client may take to send a request (or stay idle between two), and to take an answer; the time
    /// the server takes to build an answer does not count.
    let readTimeout: TimeAmount
    /// Answers a feed.
    let respond: @Sendable (FeedRoute) async -> FeedResponse
    /// Writes one line to the log (stderr).
    let log: @Sendable (String) -> Void

    /// Binds, calls `ready` with the bound port, and serves until the task is cancelled.
    ///
    /// - Throws: The bind's error (address in use, not permitted…).
    func run(ready: @Sendable (Int) -> Void) async throws {
        let timeout = readTimeout
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(RequestDeadline(timeout: timeout))
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        ready(server.channel.localAddress?.port ?? port)
        let open = NIOLockedValueBox(0)
        await withDiscardingTaskGroup { group in
            do {
                try await server.executeThenClose { connections in
                    for try await connection in connections {
                        let admitted = open.withLockedValue { count in
                            guard count < maximumConnections else { return false }
                            count += 1
                            return true
                        }
                        guard admitted else {
                            log("refused a connection: \(maximumConnections) are open")
                            try? await connection.channel.close()
                            continue
                        }
                        group.addTask {
                            await serve(connection)
                            open.withLockedValue { $0 -= 1 }
                        }
                    }
                }
            } catch {
                // Cancelled (SIGTERM, SIGINT) or the listening socket failed: stop accepting; the group waits for
                // the connections being answered.
            }
            group.cancelAll()
        }
    }

    /// Answers the requests of one connection until it closes, asks to close, or the server stops.
    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            for try await part in inbound {
                switch part {
                case .head(let request):
                    head = request
                case .body:
                    continue
                case .end:
                    guard let request = head else { continue }
                    head = nil
                    let route = FeedRoute(
                        method: request.method.rawValue, target: request.uri, headerCount: request.headers.count,
                        token: token)
                    var response = await respond(route)
                    response.applyConditions(of: request.headers)
                    log("\(request.method.rawValue) /\(route.logged) \(response.status)")
                    var headers = response.headers
                    let closes = !request.isKeepAlive || Task.isCancelled || response.status >= 400
                    if closes { headers.replaceOrAdd(name: "Connection", value: "close") }
                    let sendsBody = request.method != .HEAD && response.status != 304
                    headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
                    try await outbound.write(
                        .head(
                            HTTPResponseHead(
                                version: request.version, status: HTTPResponseStatus(statusCode: response.status),
                                headers: headers)))
                    if sendsBody && !response.body.isEmpty {
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
                    }
                    try await outbound.write(.end(nil))
                    if closes { return }
                }
            }
        }
    }
}
