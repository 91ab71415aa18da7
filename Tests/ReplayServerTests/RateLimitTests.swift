import Foundation
import ReplayServer
import Testing

@Suite("Rate limiting")
struct RateLimitTests {
    @Test("TVMaze's limit admits 20 API requests in 10 s and refuses the rest with 429, without Retry-After")
    func tvmazeLimit() async throws {
        try await TestSupport.withServer(rateLimit: .tvmaze) { server async throws in
            var statuses: [Int] = []
            for page in 0..<25 {
                statuses.append(try await RawHTTP.response("/shows/1?n=\(page)", port: server.port).status)
            }
            #expect(statuses.prefix(20).allSatisfy { $0 != 429 })
            #expect(statuses.suffix(5) == [429, 429, 429, 429, 429])
            #expect(server.log.tooManyRequestsCount == 5)
            #expect(server.log.requests.last?.outcome == .rateLimited)
            let refused = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(refused.header("Retry-After") == nil)
        }
    }

    // Flaky before: it slept 3.1 s of real time and assumed the first three requests arrived within 3 s, which
    // a loaded machine broke. A manual clock stamps the arrivals, so the window's edges are checked exactly.
    @Test("requests are admitted again once the window has slid past")
    func windowSlides() async throws {
        let clock = ReplayClock.manual()
        let limit = RateLimit(limit: 2, window: .seconds(3))
        try await TestSupport.withServer(rateLimit: limit, clock: clock) { server async throws in
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            clock.advance(by: .seconds(1))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            clock.advance(by: .seconds(2) - .milliseconds(1))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            // Exactly one window after the first request, its slot is free (windows are half-open) ...
            clock.advance(by: .milliseconds(1))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            // ... but the second request's slot is not, until one window after it.
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            clock.advance(by: .seconds(1))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            #expect(server.log.requests.map { $0.status ?? 0 } == [200, 200, 429, 429, 200, 429, 200])
        }
    }

    @Test("Retry-After is fixed when configured so")
    func retryAfterFixed() async throws {
        let clock = ReplayClock.manual()
        try await TestSupport.withServer(
            rateLimit: RateLimit(limit: 1, window: .seconds(3), retryAfter: .seconds(7)), clock: clock
        ) { server async throws in
            #expect(try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After") == nil)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After") == "7")
            clock.advance(by: .milliseconds(2_500))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After") == "7")
        }
    }

    // Flaky before: the second request had to arrive within 3 s of the first, and any of "1", "2", "3" passed.
    // With a manual clock each refusal's Retry-After is known to the second.
    @Test("Retry-After counts the whole seconds until a slot frees, when configured so")
    func retryAfterUntilSlotFrees() async throws {
        let clock = ReplayClock.manual()
        try await TestSupport.withServer(
            rateLimit: RateLimit(limit: 1, window: .seconds(3), retryAfter: .untilSlotFrees), clock: clock
        ) { server async throws in
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            var seen: [String?] = []
            for step in [Duration.zero, .milliseconds(500), .seconds(1), .milliseconds(500), .milliseconds(999)] {
                clock.advance(by: step)
                seen.append(try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After"))
            }
            // Waits left: 3 s, 2.5 s, 1.5 s, 1 s, 0.001 s; rounded up, and at least 1.
            #expect(seen == ["3", "3", "2", "1", "1"])
            clock.advance(by: .milliseconds(1))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
        }
    }

    @Test("image requests are neither counted nor refused")
    func imagesAreExempt() async throws {
        try await TestSupport.withServer(rateLimit: RateLimit(limit: 1, window: .seconds(10))) { server async throws in
            for index in 0..<3 {
                let image = try await RawHTTP.response("/uploads/images/medium/\(index).jpg", port: server.port)
                #expect(image.status == 200)
            }
            #expect(try await RawHTTP.response("/people/1", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/people/1", port: server.port).status == 429)
            #expect(try await RawHTTP.response("/uploads/images/medium/9.jpg", port: server.port).status == 200)
        }
    }

    @Test("a rate limit can be switched on and off while the server runs")
    func switchesAtRunTime() async throws {
        try await TestSupport.withServer { server async throws in
            server.setRateLimit(RateLimit(limit: 1, window: .seconds(10)))
            #expect(server.rateLimit?.limit == 1)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            server.setRateLimit(nil)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
        }
    }

    @Test("refused requests use up no fault rule")
    func refusalsKeepFaults() async throws {
        try await TestSupport.withServer(rateLimit: RateLimit(limit: 1, window: .seconds(10))) { server async throws in
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            server.addFault(.serverError(status: 500), times: 1)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            #expect(server.faultRules.count == 1)
        }
    }
}
