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

    @Test("requests are admitted again once the window has slid past")
    func windowSlides() async throws {
        let limit = RateLimit(limit: 2, window: .seconds(3))
        try await TestSupport.withServer(rateLimit: limit) { server async throws in
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 429)
            try await Task.sleep(for: .milliseconds(3100))
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
        }
    }

    @Test("Retry-After is fixed or counts the seconds until a slot frees, as configured")
    func retryAfterHeader() async throws {
        try await TestSupport.withServer(rateLimit: RateLimit(limit: 1, window: .seconds(3), retryAfter: .seconds(7))) {
            server async throws in
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After") == "7")
        }
        try await TestSupport.withServer(
            rateLimit: RateLimit(limit: 1, window: .seconds(3), retryAfter: .untilSlotFrees)
        ) {
            server async throws in
            _ = try await RawHTTP.response("/shows/1", port: server.port)
            let retryAfter = try await RawHTTP.response("/shows/1", port: server.port).header("Retry-After")
            #expect(["1", "2", "3"].contains(retryAfter))
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
