import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Lifecycle")
struct LifecycleTests {
    @Test("a server listens on a free loopback port and reports it")
    func listensOnEphemeralPort() async throws {
        try await TestSupport.withServer { server async throws in
            #expect(server.port > 0)
            #expect(server.isListening)
            #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test("after stop, new connections are refused")
    func stopRefusesConnections() async throws {
        let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: TestSupport.fixtures))
        #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
        await server.stop()
        #expect(!server.isListening)
        await #expect {
            try await RawHTTP.get("/shows/1", port: server.port)
        } throws: { error in
            (error as? RawHTTP.ConnectError)?.code == ECONNREFUSED
        }
    }

    // Flaky before: the stalled client could start late (its thread came from a busy Dispatch pool), and stop()
    // had to return within 5 s of wall-clock time on a machine whose task threads were all busy. Now the client
    // has its own thread, waits are generous, and the proof that stop() closed the connection is how the client's
    // exchange ended: closed by the server, with nothing received, long before its own 60 s timeout.
    @Test("stop closes open connections, even stalled ones", .timeLimit(.minutes(2)))
    func stopClosesConnections() async throws {
        let server = try await ReplayServer.start(
            ReplayConfiguration(fixturesDirectory: TestSupport.fixtures, faults: [FaultRule(.stall)]))
        async let stalled = RawHTTP.get("/shows/1", port: server.port, timeout: 60)
        #expect(await server.log.waitForRequests(count: 1, timeout: .seconds(60)))
        #expect(server.log.requests.first?.status == nil)
        let started = ContinuousClock.now
        await server.stop()
        let exchange = try await stalled
        #expect(exchange.end == .closedByServer)
        #expect(exchange.bytes.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("start after stop listens again on the same port, keeping the log")
    func restartsOnSamePort() async throws {
        try await TestSupport.withServer { server async throws in
            let port = server.port
            _ = try await RawHTTP.response("/shows/1", port: port)
            await server.stop()
            try await server.start()
            #expect(server.port == port)
            #expect(try await RawHTTP.response("/shows/1", port: port).status == 200)
            #expect(server.log.count == 2)
        }
    }

    @Test("starting a running server throws")
    func startTwiceThrows() async throws {
        try await TestSupport.withServer { server async throws in
            await #expect(throws: ReplayServerError.alreadyStarted(port: server.port)) {
                try await server.start()
            }
        }
    }

    @Test("a taken port fails with bindFailed, a freed one can be reused")
    func explicitPorts() async throws {
        try await TestSupport.withServer { first async throws in
            let configuration = ReplayConfiguration(fixturesDirectory: TestSupport.fixtures, port: first.port)
            await #expect {
                try await ReplayServer.start(configuration)
            } throws: { error in
                guard case .bindFailed(let port, _) = error as? ReplayServerError else { return false }
                return port == first.port
            }
            await first.stop()
            let second = try await ReplayServer.start(configuration)
            #expect(second.port == first.port)
            #expect(try await RawHTTP.response("/shows/1", port: second.port).status == 200)
            await second.stop()
        }
    }

    @Test("a missing fixtures folder fails to start")
    func missingFixtures() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/replay-fixtures")
        await #expect(throws: ReplayServerError.fixturesNotFound(path: missing.path)) {
            try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: missing))
        }
    }

    @Test("many servers run at once, each with its own port and log")
    func concurrentServers() async throws {
        let ports = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await TestSupport.withServer { server async throws in
                        for _ in 0...index {
                            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
                        }
                        #expect(server.log.count == index + 1)
                        return server.port
                    }
                }
            }
            var ports: Set<Int> = []
            for try await port in group {
                ports.insert(port)
            }
            return ports
        }
        #expect(ports.count == 8)
    }

    @Test("keep-alive connections answer pipelined requests in order")
    func keepAliveAndPipelining() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.delay(.milliseconds(200)), matching: .exact("/shows/1"))
            let request =
                "GET /shows/1 HTTP/1.1\r\nHost: x\r\n\r\nGET /people/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let exchange = try await RawHTTP.send(request, port: server.port, untilClosed: true)
            let text = String(decoding: exchange.bytes, as: UTF8.self)
            let first = try #require(text.range(of: "\"name\": \"Under the Dome\""))
            let second = try #require(text.range(of: "HTTP/1.1 200 OK", range: first.upperBound..<text.endIndex))
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text[second.upperBound...].contains("Mike Vogel"))
            #expect(exchange.end == .closedByServer)
        }
    }
}
