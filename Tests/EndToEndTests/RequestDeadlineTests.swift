import Foundation
import NIOConcurrencyHelpers
import NIOCore
import Testing

@testable import FavoriteCommands

#if canImport(Glibc)
    import Glibc
#endif

/// `tvm-fav serve`'s timeout counts while a client sends a request or takes an answer, never while the server
/// builds one: a server on a free port of 127.0.0.1 with a 0.2 s timeout and a feed that takes 1 s to build. The
/// tests wait on the wall clock, so they run with ``RealTimeTests``, after the parallel crowd.
enum RequestDeadlineTests {
    /// What a client read before the connection ended, and whether the server closed it (not the client's 30 s
    /// wait running out).
    struct Exchange {
        var received: String
        var closedByServer: Bool
    }

    /// Runs a server whose answers take `answerTime` to build, and `body` with its port.
    static func withSlowServer(
        answerTime: Duration, _ body: (Int) async throws -> Void
    ) async throws {
        let port = NIOLockedValueBox(0)
        let server = FeedServer(
            host: "127.0.0.1", port: 0, token: nil, maximumConnections: 8, readTimeout: .milliseconds(200),
            respond: { _ in
                // The slow store: five timeouts' worth of building.
                try? await Task.sleep(for: answerTime)
                return .feed(Array("built slowly\n".utf8), contentType: "text/plain", modified: nil)
            },
            log: { _ in })
        let task = Task { try await server.run { bound in port.withLockedValue { $0 = bound } } }
        defer { task.cancel() }
        for _ in 0..<1_000 where port.withLockedValue({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let bound = port.withLockedValue { $0 }
        try #require(bound != 0, "the server did not start")
        try await body(bound)
        task.cancel()
        _ = try? await task.value
    }

    /// Connects, sends `request`, and reads until the server closes (or 30 s pass), off the cooperative threads.
    static func exchange(port: Int, _ request: String) async -> Exchange {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Self.blockingExchange(port: port, request))
            }
        }
    }

    /// Connects, sends `head`, then one byte every `interval` (half the server's timeout), up to `limit` bytes;
    /// returns how many were sent before the server closed the connection (`limit` when it never did).
    static func drip(port: Int, head: String, interval: Duration, limit: Int) async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let socket = connected(port: port)
                defer { if socket >= 0 { close(socket) } }
                guard socket >= 0, send(socket, Array(head.utf8), head.utf8.count, Int32(MSG_NOSIGNAL)) > 0 else {
                    return continuation.resume(returning: -1)
                }
                var probe = [UInt8](repeating: 0, count: 4_096)
                for sent in 0..<limit {
                    usleep(useconds_t(interval.components.attoseconds / 1_000_000_000_000))
                    // Closed: recv says so without waiting, or the byte cannot go.
                    if recv(socket, &probe, probe.count, Int32(MSG_DONTWAIT)) == 0
                        || send(socket, [UInt8(ascii: "x")], 1, Int32(MSG_NOSIGNAL)) != 1
                    {
                        return continuation.resume(returning: sent)
                    }
                }
                continuation.resume(returning: limit)
            }
        }
    }

    /// A socket connected to the server on 127.0.0.1, or -1.
    private static func connected(port: Int) -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            return -1
        }
        return socket
    }

    private static func blockingExchange(port: Int, _ request: String) -> Exchange {
        let socket = connected(port: port)
        guard socket >= 0 else { return Exchange(received: "no connection", closedByServer: false) }
        defer { close(socket) }
        var wait = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, 0) == bytes.count else {
            return Exchange(received: "not sent", closedByServer: false)
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return Exchange(received: String(decoding: received, as: UTF8.self), closedByServer: true) }
            if count < 0 {
                return Exchange(
                    received: String(decoding: received, as: UTF8.self), closedByServer: errno == ECONNRESET)
            }
            received += buffer[0..<count]
        }
    }
}

extension RealTimeTests {
    @Test(
        "tvm-fav serve: an answer that takes five timeouts to build is sent whole; then the idle connection is closed")
    func serveSlowAnswerIsSent() async throws {
        try await RequestDeadlineTests.withSlowServer(answerTime: .seconds(1)) { port in
            let exchange = await RequestDeadlineTests.exchange(
                port: port, "GET /calendar.ics HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(exchange.received.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(exchange.received)")
            #expect(exchange.received.hasSuffix("\r\n\r\nbuilt slowly\n"), "\(exchange.received)")
            // Kept alive, then idle past the timeout: the clock ran again once the answer was out.
            #expect(exchange.closedByServer)
        }
    }

    // Regression: each piece of a body started the clock again, so a client sending a byte every few seconds
    // kept its connection (and, with --max-connections of them, the server) for good.
    @Test("tvm-fav serve: a body sent a byte at a time is hung up on at the timeout after the request's head")
    func serveDrippedBodyIsClosed() async throws {
        try await RequestDeadlineTests.withSlowServer(answerTime: .zero) { port in
            let head = "GET /calendar.ics HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n"
            let sent = await RequestDeadlineTests.drip(port: port, head: head, interval: .milliseconds(100), limit: 30)
            // 0.2 s timeout: closed after two or three bytes; a byte sent after the close may still be accepted.
            #expect((0...8).contains(sent), "\(sent) bytes sent before the server hung up")
        }
    }

    @Test("tvm-fav serve: half a request and then nothing is hung up on after the timeout, with no answer")
    func serveHalfRequestIsClosed() async throws {
        try await RequestDeadlineTests.withSlowServer(answerTime: .seconds(1)) { port in
            let exchange = await RequestDeadlineTests.exchange(port: port, "GET /calendar.ics HTTP/1.1\r\nHost: x\r\n")
            #expect(exchange.received == "")
            #expect(exchange.closedByServer)
        }
    }
}
