import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// The client's request loop over a scripted transport: status mapping, retries, Retry-After, the retry dialog.
/// The cache's part is in `APIClientCacheTests`.
@Suite("APIClient")
struct APIClientTests {
    static let show = Endpoint.show(id: 1)
    static let showURL = ClientFactory.baseURL + "/shows/1"

    /// The error a fetch throws, or nil when it returned.
    static func fetchError(_ client: APIClient, _ endpoint: Endpoint = show) async -> APIError? {
        do {
            _ = try await client.fetch(endpoint)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Success

    @Test("a 2xx answer returns the body as compact JSON, fields in order, after one request")
    func successReturnsCompactBody() async throws {
        let transport = ScriptedTransport([.json(#"{ "id": 1, "name": "Under the Dome", "a": [ 1, 2 ] }"#)])
        let client = try ClientFactory.client(transport)
        let body = try await client.fetch(Self.show)
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":1,"name":"Under the Dome","a":[1,2]}"#)
        #expect(transport.calls.map(\.url) == [Self.showURL])
    }

    @Test("the URL is the base URL, trailing slashes trimmed, then the endpoint's encoded path and query")
    func urlForEndpoint() async throws {
        let transport = ScriptedTransport([.json("[]")])
        let client = try APIClient(baseURL: " http://api.test// ", transport: transport)
        #expect(client.baseURL == "http://api.test")
        #expect(client.url(for: .search(query: "Pokémon")) == "http://api.test/search/shows?q=Pok%C3%A9mon")
        _ = try await client.fetch(.search(query: "Pokémon"))
        #expect(transport.calls.map(\.url) == ["http://api.test/search/shows?q=Pok%C3%A9mon"])
    }

    @Test(
        "a base URL that is not an absolute http(s) URL is refused",
        arguments: ["", "api.tvmaze.com", "ftp://api.tvmaze.com", "https://", "https://api.tvmaze.com?x=1", "/shows"]
    )
    func invalidBaseURL(base: String) {
        #expect {
            _ = try APIClient(baseURL: base, transport: ScriptedTransport([]))
        } throws: { error in
            guard case .invalidURL(let text) = error as? APIError else { return false }
            return text.hasPrefix(base)
        }
    }

    // MARK: Status mapping

    @Test("404 is notFound at once, without retries")
    func notFound() async throws {
        let transport = ScriptedTransport([.status(404, body: #"{"name":"Not Found","status":404}"#)])
        let client = try ClientFactory.client(transport)
        #expect(await Self.fetchError(client) == .notFound(url: Self.showURL))
        #expect(transport.callCount == 1)
    }

    @Test("4xx other than 404 and 429 is rejected at once, with the envelope's message")
    func rejectedWithMessage() async throws {
        let envelope = #"{"name":"Unprocessable Entity","message":"Country code is invalid","code":0,"status":422}"#
        let transport = ScriptedTransport([.status(422, body: envelope)])
        let client = try ClientFactory.client(transport)
        let endpoint = Endpoint.schedule(country: "XX", date: nil)
        let url = ClientFactory.baseURL + "/schedule?country=XX"
        #expect(
            await Self.fetchError(client, endpoint)
                == .rejected(url: url, status: 422, message: "Country code is invalid"))
        #expect(transport.callCount == 1)
    }

    @Test(
        "a rejection without a message falls back to the envelope's name, or nothing",
        arguments: [
            (#"{"name":"Bad Request","status":400}"#, "Bad Request"), ("<html>nope</html>", ""), ("", ""),
            (#"["message"]"#, ""),
        ]
    )
    func rejectedMessageFallbacks(body: String, message: String) async throws {
        let client = try ClientFactory.client(ScriptedTransport([.status(400, body: body)]))
        #expect(await Self.fetchError(client) == .rejected(url: Self.showURL, status: 400, message: message))
    }

    @Test("429 is retried, then rateLimited after retries + 1 attempts", arguments: [0, 1, 3])
    func rateLimited(retries: Int) async throws {
        let transport = ScriptedTransport([.status(429)])
        let events = EventRecorder()
        let client = try ClientFactory.client(transport, policy: ClientFactory.policy(retries: retries), events: events)
        #expect(await Self.fetchError(client) == .rateLimited(url: Self.showURL, attempts: retries + 1))
        #expect(transport.callCount == retries + 1)
        #expect(events.retries.map(\.attempt) == Array((0..<retries).map { $0 + 2 }))
        #expect(events.retries.allSatisfy { $0.of == retries + 1 && $0.reason == "HTTP 429 (rate limited)" })
    }

    @Test("5xx is retried, then unavailable", arguments: [500, 502, 503, 599])
    func serverErrors(status: Int) async throws {
        let transport = ScriptedTransport([.status(status)])
        let client = try ClientFactory.client(transport)
        let expected = APIError.unavailable(url: Self.showURL, attempts: 3, detail: "HTTP \(status) from the server")
        #expect(await Self.fetchError(client) == expected)
        #expect(transport.callCount == 3)
    }

    @Test("timeouts are retried, then timedOut with the transport's detail")
    func timeouts() async throws {
        let transport = ScriptedTransport([.fail(.timeout("read timed out after 5 s"))])
        let client = try ClientFactory.client(transport)
        let expected = APIError.timedOut(url: Self.showURL, attempts: 3, detail: "read timed out after 5 s")
        #expect(await Self.fetchError(client) == expected)
        #expect(transport.callCount == 3)
    }

    @Test("lost connections are retried, then unavailable with the transport's detail")
    func connectionFailures() async throws {
        let transport = ScriptedTransport([.fail(.connection("connection reset by peer"))])
        let client = try ClientFactory.client(transport)
        let expected = APIError.unavailable(url: Self.showURL, attempts: 3, detail: "connection reset by peer")
        #expect(await Self.fetchError(client) == expected)
        #expect(transport.callCount == 3)
    }

    @Test("with skipsUnreachableHosts, a host that refused, or never let a connection finish, is not asked again")
    func skipsUnreachableHost() async throws {
        let failures: [(TransportFailure, APIError)] = [
            (
                .unreachable("connection refused"),
                .unavailable(url: Self.showURL, attempts: 3, detail: "connection refused")
            ),
            (
                .connectTimeout("connecting to api.test timed out"),
                .timedOut(url: Self.showURL, attempts: 3, detail: "connecting to api.test timed out")
            ),
        ]
        for (failure, cause) in failures {
            let transport = ScriptedTransport([.fail(failure)])
            let events = EventRecorder()
            let client = try ClientFactory.client(transport, events: events, skipsUnreachableHosts: true)
            #expect(await Self.fetchError(client) == cause)
            #expect(transport.callCount == 3)
            #expect(!events.events.contains(.hostSkipped(host: "api.test", cause: cause)), "nothing skipped yet")
            let other = ClientFactory.baseURL + "/shows/2"
            #expect(
                await Self.fetchError(client, .show(id: 2)) == .skipped(url: other, host: "api.test", cause: cause))
            #expect(transport.callCount == 3, "nothing more was sent to the host")
            #expect(events.events.last == .hostSkipped(host: "api.test", cause: cause))
            #expect(events.events.filter { if case .hostSkipped = $0 { true } else { false } }.count == 1)
            // Another host is still asked (the script's failure comes first, then the answer).
            transport.append([.json(#"{"id":9}"#)])
            let elsewhere = try await client.downloadBody(url: "http://images.test:8080/9.jpg")
            #expect(elsewhere.status == 200)
            #expect(
                transport.calls.dropFirst(3).map(\.url) == Array(repeating: "http://images.test:8080/9.jpg", count: 2))
        }
    }

    @Test("the transport tells a connect that timed out from a read that did")
    func connectTimeoutIsItsOwnFailure() {
        let classify = { (error: any Error) in
            AsyncHTTPTransport.classify(error, host: "api.test", proxy: nil, verbose: false)
        }
        #expect(
            classify(HTTPClientError.connectTimeout)
                == .connectTimeout("connecting to api.test timed out; try a larger --timeout"))
        #expect(
            classify(ChannelError.connectTimeout(.seconds(5)))
                == .connectTimeout("connecting to api.test timed out; try a larger --timeout"))
        #expect(classify(HTTPClientError.readTimeout) == .timeout("api.test stopped answering; try a larger --timeout"))
    }

    @Test("a cut connection, a timeout or a 5xx on every attempt does not skip the host; nor does the default")
    func keepsAskingOtherwise() async throws {
        for step: ScriptedTransport.Step in [
            .fail(.connection("connection reset by peer")), .fail(.timeout("read timed out")), .status(503),
        ] {
            let transport = ScriptedTransport([step])
            let client = try ClientFactory.client(transport, skipsUnreachableHosts: true)
            #expect(await Self.fetchError(client) != nil)
            #expect(await Self.fetchError(client, .show(id: 2)) != nil)
            #expect(transport.callCount == 6, "\(step)")
        }
        let transport = ScriptedTransport([.fail(.unreachable("connection refused"))])
        let client = try ClientFactory.client(transport)
        _ = await Self.fetchError(client)
        _ = await Self.fetchError(client, .show(id: 2))
        #expect(transport.callCount == 6, "without skipsUnreachableHosts every request is tried")
    }

    @Test("a body that is not JSON is retried, then invalidResponse")
    func invalidJSON() async throws {
        let transport = ScriptedTransport([.json(#"{"id":1,"name":"#)])
        let events = EventRecorder()
        let client = try ClientFactory.client(transport, events: events)
        let error = await Self.fetchError(client)
        guard case .invalidResponse(let url, let attempts, _) = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(url == Self.showURL)
        #expect(attempts == 3)
        #expect(transport.callCount == 3)
        #expect(events.retries.count == 2)
    }

    @Test("an unusable URL fails at once, without retries")
    func transportInvalidURL() async throws {
        let transport = ScriptedTransport([.fail(.invalidURL("http://api.test/%zz"))])
        let client = try ClientFactory.client(transport)
        #expect(await Self.fetchError(client) == .invalidURL("http://api.test/%zz"))
        #expect(transport.callCount == 1)
    }

    @Test("a transient failure followed by success returns the body, reporting each retry")
    func recoversAfterFailures() async throws {
        let transport = ScriptedTransport([
            .status(503), .fail(.timeout("slow")), .json(#"{"id":1}"#),
        ])
        let events = EventRecorder()
        let client = try ClientFactory.client(transport, policy: ClientFactory.policy(retries: 3), events: events)
        #expect(try await client.fetch(Self.show) == Array(#"{"id":1}"#.utf8))
        #expect(transport.callCount == 3)
        let retries = events.retries
        #expect(retries.map(\.attempt) == [2, 3])
        #expect(retries.map(\.of) == [4, 4])
        #expect(retries.map(\.reason) == ["HTTP 503 from the server", "slow"])
        #expect(retries.allSatisfy { $0.delay > 0 && $0.delay <= 0.002 })
        guard case .retrying(let url, _, _, _, _) = events.events[0] else {
            Issue.record("expected a retrying event, got \(events.events)")
            return
        }
        #expect(url == Self.showURL)
    }

    // MARK: Retry-After

    @Test("Retry-After longer than the rate window sets the wait before the next attempt")
    func retryAfterHonoured() async throws {
        let transport = ScriptedTransport([.status(429, headers: [("Retry-After", "30")]), .json(#"{"id":1}"#)])
        let events = EventRecorder()
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 20, window: 10, clock: clock)
        let client = try ClientFactory.client(transport, limiter: limiter, events: events, clock: clock)
        let start = clock.now()
        _ = try await client.fetch(Self.show)
        #expect(events.retries.map(\.delay) == [30], "\(events.retries)")
        // The second attempt went out once Retry-After's 30 s had passed, not after the 10 s window.
        #expect(clock.now() - start == 30)
        #expect(transport.callCount == 2)
    }

    @Test("after a 429 a paced request waits a whole window, however short Retry-After is, and the limit drops")
    func rateLimitedWaitsTheWindow() async throws {
        let transport = ScriptedTransport([
            .status(429, headers: [("retry-after", "0")]), .status(429), .json(#"{"id":1}"#),
        ])
        let events = EventRecorder()
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 20, window: 10, clock: clock)
        let client = try ClientFactory.client(transport, limiter: limiter, events: events, clock: clock)
        let start = clock.now()
        _ = try await client.fetch(Self.show)
        // TVMaze's window, 10 s, plus the limiter's 0.25 s margin, before each retry.
        #expect(events.retries.map(\.delay) == [10.25, 10.25])
        #expect(clock.now() - start == 20.5)
        // Each 429 came a window after the one before, so each lowered the limit: to half, as only one call of this
        // client was in the window each time (20, then 10, then 5).
        #expect(await limiter.currentLimit == 5)
    }

    // MARK: The retry dialog

    @Test("when every retry failed, onExhausted is asked once with the error; false ends the fetch")
    func exhaustedDeclined() async throws {
        let transport = ScriptedTransport([.status(503)])
        let asked = LockedBox<[APIError]>([])
        let client = try ClientFactory.client(transport) { error in
            asked.withLock { $0.append(error) }
            return false
        }
        let expected = APIError.unavailable(url: Self.showURL, attempts: 3, detail: "HTTP 503 from the server")
        #expect(await Self.fetchError(client) == expected)
        #expect(asked.snapshot == [expected])
        #expect(transport.callCount == 3)
    }

    @Test("onExhausted returning true starts a new round of retries + 1 attempts")
    func exhaustedRetried() async throws {
        let transport = ScriptedTransport(Array(repeating: .status(503), count: 5) + [.json(#"{"id":1}"#)])
        let asked = LockedBox(0)
        let events = EventRecorder()
        let client = try ClientFactory.client(transport, events: events) { _ in
            asked.withLock { $0 += 1 }
            return true
        }
        #expect(try await client.fetch(Self.show) == Array(#"{"id":1}"#.utf8))
        #expect(asked.snapshot == 1)
        #expect(transport.callCount == 6)
        // Each round numbers its attempts afresh: 2, 3 of 3, then 2, 3 of 3 again.
        #expect(events.retries.map(\.attempt) == [2, 3, 2, 3])
    }

    @Test("every round that fails asks again, until the handler declines")
    func exhaustedSeveralRounds() async throws {
        let transport = ScriptedTransport([.fail(.timeout("slow"))])
        let asked = LockedBox(0)
        let client = try ClientFactory.client(transport) { _ in
            asked.withLock { count in
                count += 1
                return count
            } < 3
        }
        #expect(await Self.fetchError(client) == .timedOut(url: Self.showURL, attempts: 3, detail: "slow"))
        #expect(asked.snapshot == 3)
        #expect(transport.callCount == 9)
    }

    @Test("onExhausted is not asked for answers that retrying cannot change")
    func exhaustedNotAskedForFinalAnswers() async throws {
        let transport = ScriptedTransport([.status(404), .status(422)])
        let asked = LockedBox(0)
        let client = try ClientFactory.client(transport) { _ in
            asked.withLock { $0 += 1 }
            return true
        }
        #expect(await Self.fetchError(client) == .notFound(url: Self.showURL))
        #expect(await Self.fetchError(client) == .rejected(url: Self.showURL, status: 422, message: ""))
        #expect(asked.snapshot == 0)
    }

    // MARK: Pacing and downloads

    @Test("a full rate window makes the next request wait, with a pacing event, then sends it")
    func pacing() async throws {
        let transport = ScriptedTransport([.json("{}"), .json("{}"), .json("{}")])
        let events = EventRecorder()
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 2, window: 10, clock: clock)
        let client = try ClientFactory.client(transport, limiter: limiter, events: events, clock: clock)
        let start = clock.now()
        for _ in 0..<3 { _ = try await client.fetch(.cast(showID: transport.callCount + 1)) }
        guard case .pacing(let delay)? = events.events.first else {
            Issue.record("expected one pacing event, got \(events.events)")
            return
        }
        // The third request waited until the first left the 10.25 s window, and was then sent.
        #expect(delay == 10.25)
        #expect(clock.now() - start == 10.25)
        #expect(transport.callCount == 3)
    }

    @Test("a fetch cancelled while it waits for the rate window is not sent, and ends as cancelled")
    func cancelledWhilePaced() async throws {
        let transport = ScriptedTransport([.json("{}")])
        let events = EventRecorder()
        // An hour's window whose one place is spent: the fetch waits on the system clock until it is cancelled.
        let limiter = RateLimiter(limit: 1, window: 3_600)
        await limiter.acquire()
        let client = try ClientFactory.client(transport, limiter: limiter, events: events)
        let fetch = Task { try await client.fetch(Self.show) }
        let deadline = ContinuousClock.now + .seconds(1_200)
        while events.events.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        fetch.cancel()
        let result = await fetch.result
        #expect(transport.callCount == 0)
        guard case .failure(let error) = result, case .cancelled(let url)? = error as? APIError else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(url.hasSuffix("/shows/1"))
    }

    @Test("a download returns the whole response; an unusable one is retried, then invalidResponse")
    func download() async throws {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        let transport = ScriptedTransport([
            .respond(HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: jpeg)),
            .status(200, body: "<html>"),
        ])
        let asked = LockedBox(0)
        let client = try ClientFactory.client(transport, limiter: RateLimiter(limit: 1, window: 60)) { _ in
            asked.withLock { $0 += 1 }
            return false
        }
        let validate: @Sendable (HTTPResponse) -> String? = { $0.body.starts(with: [0xFF, 0xD8]) ? nil : "not a JPEG" }
        let response = try await client.downloadBody(url: "http://images.test/a.jpg", validate: validate)
        #expect(response.body == jpeg)
        #expect(response.header("content-type") == "image/jpeg")
        await #expect(
            throws: APIError.invalidResponse(url: "http://images.test/b.jpg", attempts: 3, detail: "not a JPEG")
        ) {
            _ = try await client.downloadBody(url: "http://images.test/b.jpg", validate: validate)
        }
        // Downloads are not paced (the window of 1 per minute would have held them), but do ask the dialog.
        #expect(transport.callCount == 4)
        #expect(asked.snapshot == 1)
    }
}
