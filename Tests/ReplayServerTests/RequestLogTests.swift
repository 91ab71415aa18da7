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

    @Test("the window count sees bursts and spacing, and ignores images")
    func windowCounts() async throws {
        try await TestSupport.withServer { server async throws in
            for _ in 0..<5 {
                _ = try await RawHTTP.response("/shows/1", port: server.port)
            }
            _ = try await RawHTTP.response("/uploads/images/a.jpg", port: server.port)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) == 5)
            server.log.removeAll()
            for _ in 0..<3 {
                _ = try await RawHTTP.response("/shows/1", port: server.port)
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(server.log.maxRequestsInAnyWindow(seconds: 0.1) == 1)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) == 3)
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
            #expect(await server.log.waitForRequests(count: 1, timeout: .seconds(5)))
            _ = try await answer
        }
    }
}
