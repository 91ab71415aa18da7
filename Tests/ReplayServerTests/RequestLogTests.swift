import Foundation
import ReplayServer
import Testing

@Suite("Request log")
struct RequestLogTests {
    @Test("each request is logged with method, target as received, headers, status and outcome")
    func recordsRequests() async throws {
        try await TestSupport.withServer { server async throws in
            let agent = "tvm/1.0 (+https://example.org/tvm)"
            _ = try await RawHTTP.response(
                "/search/shows?q=squid+game", port: server.port, headers: [("User-Agent", agent)])
            _ = try await RawHTTP.get("/nowhere", port: server.port, method: "HEAD")
            let requests = server.log.requests
            #expect(requests.count == 2)
            #expect(requests[0].method == "GET")
            #expect(requests[0].target == "/search/shows?q=squid+game")
            #expect(requests[0].userAgent == agent)
            #expect(requests[0].header("user-agent") == agent)
            #expect(requests[0].header("Host") == "127.0.0.1:\(server.port)")
            #expect(requests[0].status == 200)
            #expect(requests[0].outcome == .served)
            #expect(requests[1].method == "HEAD")
            #expect(requests[1].status == 404)
            #expect(requests[1].userAgent == nil)
            #expect(requests[0].arrival <= requests[1].arrival)
        }
    }

    @Test("requests on one kept-alive connection share its number; each new connection gets the next one")
    func numbersConnections() async throws {
        try await TestSupport.withServer { server async throws in
            let host = "Host: 127.0.0.1:\(server.port)\r\n"
            let twoOnOne =
                "GET /shows/1 HTTP/1.1\r\n\(host)\r\n" + "GET /shows/139 HTTP/1.1\r\n\(host)Connection: close\r\n\r\n"
            let exchange = try await RawHTTP.send(twoOnOne, port: server.port, untilClosed: true)
            #expect(exchange.end == .closedByServer)
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            _ = try await RawHTTP.response("/uploads/images/a.jpg", port: server.port)
            let requests = server.log.requests
            #expect(requests.map(\.target) == ["/shows/1", "/shows/139", "/shows/1", "/uploads/images/a.jpg"])
            #expect(requests.map(\.connection) == [1, 1, 2, 3])
            #expect(server.log.connectionCount == 3)
        }
    }

    @Test("connection numbers go on counting after a restart")
    func numbersConnectionsAcrossRestarts() async throws {
        try await TestSupport.withServer { server async throws in
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            await server.stop()
            try await server.start()
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(server.log.requests.map(\.connection) == [1, 2])
        }
    }

    @Test("counts match exact (normalised) and prefix patterns")
    func countsByPattern() async throws {
        try await TestSupport.withServer { server async throws in
            for target in ["/shows?page=0", "/shows?page=1", "/shows/1", "/search/shows?q=squid%20game"] {
                _ = try await RawHTTP.get(target, port: server.port)
            }
            #expect(server.log.count == 4)
            #expect(server.log.count(matching: .prefix("/shows?page=")) == 2)
            #expect(server.log.count(matching: .exact("/shows/1")) == 1)
            #expect(server.log.count(matching: .exact("/search/shows?q=squid+game")) == 1)
            #expect(server.log.count(matching: .prefix("/shows?")) == 2)
            #expect(server.log.count(matching: .any) == 4)
        }
    }

    // Flaky before: real sleeps between requests and real arrival times. A manual clock stamps the arrivals, so
    // the counts, including the half-open window edges, are exact.
    @Test("the window count sees bursts and spacing, and ignores images")
    func windowCounts() async throws {
        let clock = ReplayClock.manual()
        try await TestSupport.withServer(clock: clock) { server async throws in
            for _ in 0..<5 {
                _ = try await RawHTTP.response("/shows/1", port: server.port)
            }
            _ = try await RawHTTP.response("/uploads/images/a.jpg", port: server.port)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) == 5)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.001) == 5)
            server.log.removeAll()
            for _ in 0..<3 {
                clock.advance(by: .milliseconds(250))
                _ = try await RawHTTP.response("/shows/1", port: server.port)
                _ = try await RawHTTP.response("/uploads/images/b.jpg", port: server.port)
            }
            #expect(server.log.count == 6)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.1) == 1)
            // Arrivals 0.25 s apart (binary fractions, so the window edges are exact): half-open windows.
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.25) == 1)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.26) == 2)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.5) == 2)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.51) == 3)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) == 3)
        }
    }

    @Test("arrivals follow the system clock unless another is configured")
    func arrivalsFollowSystemClock() async throws {
        let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: TestSupport.fixtures))
        let before = ContinuousClock.now
        _ = try await RawHTTP.response("/shows/1", port: server.port)
        let after = ContinuousClock.now
        await server.stop()
        let arrival = try #require(server.log.requests.first?.arrival)
        #expect(before <= arrival && arrival <= after)
    }

    @Test("arrivals follow the server's clock")
    func arrivalsFollowClock() async throws {
        let start = ContinuousClock.now - .seconds(3_600)
        let clock = ReplayClock.manual(start: start)
        #expect(clock.isManual)
        #expect(!ReplayClock.system.isManual)
        try await TestSupport.withServer(clock: clock) { server async throws in
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            clock.advance(by: .seconds(42))
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(server.log.requests.map(\.arrival) == [start, start + .seconds(42)])
        }
    }

    @Test("an empty log has a zero window count and summary")
    func emptyLog() {
        let log = RequestLog()
        #expect(log.maxRequestsInAnyWindow(seconds: 10) == 0)
        #expect(
            log.summary()
                == ReplaySummary(
                    requestCount: 0, apiRequestCount: 0, maxRequestsIn10Seconds: 0, tooManyRequestsCount: 0))
    }

    @Test("the summary counts requests, API requests, the 10 s window and 429s")
    func summary() async throws {
        try await TestSupport.withServer(rateLimit: RateLimit(limit: 2, window: .seconds(10))) { server async throws in
            for target in ["/shows/1", "/shows/1", "/shows/1", "/uploads/images/x.jpg"] {
                _ = try await RawHTTP.get(target, port: server.port)
            }
            let expected = ReplaySummary(
                requestCount: 4, apiRequestCount: 3, maxRequestsIn10Seconds: 3, tooManyRequestsCount: 1)
            #expect(server.log.summary() == expected)
        }
    }

    @Test("waiting for requests returns once they arrived, or false at the timeout")
    func waitsForRequests() async throws {
        try await TestSupport.withServer { server async throws in
            #expect(await server.log.waitForRequests(count: 1, timeout: .milliseconds(50)) == false)
            async let answer = RawHTTP.get("/shows/1", port: server.port)
            #expect(await server.log.waitForRequests(count: 1, timeout: .seconds(60)))
            _ = try await answer
        }
    }
}
