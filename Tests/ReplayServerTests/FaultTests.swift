import Foundation
import ReplayServer
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test("429 carries Retry-After only when asked to", arguments: [2, nil] as [Int?])
    func tooManyRequests(retryAfter: Int?) async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.tooManyRequests(retryAfter: retryAfter), matching: .exact("/shows/1"), times: 1)
            let refused = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == retryAfter.map(String.init))
            #expect(refused.text.contains(#""status":429"#))
            let served = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(served.status == 200)
            #expect(server.faultRules.isEmpty)
        }
    }

    @Test("a 5xx fault answers that status with a body", arguments: [500, 502, 503])
    func serverErrors(status: Int) async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.serverError(status: status))
            let response = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(response.status == status)
            #expect(response.text.contains(String(status)))
            #expect(
                response.header("Content-Type")?.hasPrefix(status == 500 ? "application/json" : "text/html") == true)
        }
    }

    @Test("a stalled request gets no answer until the client times out")
    func stall() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.stall, matching: .exact("/shows/1"))
            let exchange = try await RawHTTP.get("/shows/1", port: server.port, timeout: 0.5)
            #expect(exchange.end == .timedOut)
            #expect(exchange.bytes.isEmpty)
            #expect(server.log.requests.last?.status == nil)
            #expect(try await RawHTTP.response("/shows/2/episodes", port: server.port).status == 200)
        }
    }

    @Test("a delay answers normally, but late")
    func delay() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.delay(.milliseconds(400)), matching: .prefix("/shows/1"))
            let clock = ContinuousClock()
            var response: RawHTTP.Response?
            let slow = try await clock.measure { response = try await RawHTTP.response("/shows/1", port: server.port) }
            #expect(response?.status == 200)
            #expect(slow >= .milliseconds(400))
            let timedOut = try await RawHTTP.get("/shows/1/cast", port: server.port, timeout: 0.1)
            #expect(timedOut.end == .timedOut)
        }
    }

    // Flaky before: the fast request was sent 100 ms after the slow one and had to finish within the slow one's
    // 600 ms delay. On a loaded machine the test's task was not scheduled for seconds, so the fast request could
    // arrive first, or only after the slow answer. Now plain threads (which do not wait for the busy task pool)
    // send the fast request as soon as the server has logged the slow one, and the delay is 3 s.
    @Test("a delay per path makes a later request finish first")
    func latencyOrdersResponses() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.delay(.seconds(3)), matching: .exact("/shows/1"))
            let finished = try await Self.finishOrder(port: server.port, log: server.log)
            #expect(finished.map(\.target) == ["/shows/139", "/shows/1"])
            #expect(finished.map(\.status) == [200, 200])
            #expect(server.log.requests.map(\.target) == ["/shows/1", "/shows/139"])
        }
    }

    /// Sends `/shows/1`, then, once the server has logged it, `/shows/139`, each on a thread of its own; returns
    /// the targets and statuses in the order the exchanges completed.
    static func finishOrder(port: Int, log: RequestLog) async throws -> [(target: String, status: Int?)] {
        final class Finished: @unchecked Sendable {
            let lock = NSLock()
            var entries: [(target: String, status: Int?)] = []
            func add(_ target: String, _ exchange: RawHTTP.Exchange?) {
                let status = exchange?.end == .complete ? exchange?.response?.status : nil
                lock.withLock { entries.append((target, status)) }
            }
        }
        let finished = Finished()
        let done = DispatchGroup()
        @Sendable func send(_ target: String) {
            done.enter()
            Thread {
                finished.add(target, try? RawHTTP.blockingGet(target, port: port, timeout: 60))
                done.leave()
            }.start()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                send("/shows/1")
                let deadline = ContinuousClock.now + .seconds(60)
                while log.count < 1, ContinuousClock.now < deadline {
                    usleep(1_000)
                }
                send("/shows/139")
                done.notify(queue: .global()) { continuation.resume() }
            }.start()
        }
        return finished.lock.withLock { finished.entries }
    }

    @Test("the configured latency delays every response")
    func globalLatency() async throws {
        try await TestSupport.withServer(latency: .milliseconds(300)) { server async throws in
            let elapsed = try await ContinuousClock().measure {
                _ = try await RawHTTP.response("/shows/1", port: server.port)
            }
            #expect(elapsed >= .milliseconds(300))
            server.setLatency(.zero)
            #expect(server.latency == .zero)
        }
    }

    @Test("a cut connection closes before any byte of the response")
    func closeBeforeResponse() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.closeBeforeResponse, times: 1)
            let exchange = try await RawHTTP.get("/shows/1", port: server.port)
            #expect(exchange.end == .closedByServer)
            #expect(exchange.bytes.isEmpty)
        }
    }

    @Test("a cut after the headers announces a body and sends none")
    func closeAfterHeaders() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.closeAfterHeaders, times: 1)
            let exchange = try await RawHTTP.get("/shows/1", port: server.port)
            let response = try #require(exchange.response)
            #expect(exchange.end == .closedByServer)
            #expect(response.status == 200)
            #expect((response.contentLength ?? 0) > 1000)
            #expect(response.body.isEmpty)
        }
    }

    @Test("a truncated body sends fewer bytes than Content-Length, then closes", arguments: [nil, 10] as [Int?])
    func truncatedBody(keeping: Int?) async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.truncatedBody(keepingBytes: keeping), times: 1)
            let exchange = try await RawHTTP.get("/shows/1", port: server.port)
            let response = try #require(exchange.response)
            let length = try #require(response.contentLength)
            #expect(exchange.end == .closedByServer)
            #expect(response.body.count == (keeping ?? length / 2))
            #expect(response.body.count < length)
        }
    }

    @Test("an unframed body comes as HTTP/1.0 without Content-Length, whole or cut, ended by the close")
    func unframedBody() async throws {
        try await TestSupport.withServer { server async throws in
            let whole = try await RawHTTP.response("/shows/1", port: server.port)
            for keeping in [nil, 40] as [Int?] {
                server.addFault(.unframedBody(keepingBytes: keeping), times: 1)
                let exchange = try await RawHTTP.get("/shows/1", port: server.port)
                let response = try #require(exchange.response)
                #expect(exchange.end == .closedByServer)
                #expect(exchange.bytes.starts(with: Array("HTTP/1.0 200 OK\r\n".utf8)))
                #expect(response.contentLength == nil)
                #expect(response.header("Transfer-Encoding") == nil)
                #expect(response.body == Array(whole.body.prefix(keeping ?? whole.body.count)))
            }
        }
    }

    @Test(
        "a huge image is generated as it is sent: a JPEG of exactly the size asked, with or without its length",
        arguments: [false, true])
    func hugeImage(announcesLength: Bool) async throws {
        try await TestSupport.withServer { server async throws in
            // More than one chunk, not a whole number of them.
            let size = 3 * 256 * 1024 + 5
            server.addFault(.hugeImage(bytes: size, announcesLength: announcesLength), times: 1)
            let exchange = try await RawHTTP.send(
                "GET /uploads/images/big.jpg HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port, untilClosed: true)
            let response = try #require(exchange.response)
            #expect(exchange.end == .closedByServer)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/jpeg")
            #expect(response.contentLength == (announcesLength ? size : nil))
            #expect(exchange.bytes.starts(with: Array((announcesLength ? "HTTP/1.1" : "HTTP/1.0").utf8)))
            #expect(response.body.count == size)
            #expect(response.body.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]))
            #expect(Array(response.body.suffix(2)) == [0xFF, 0xD9])
            #expect(response.body.dropFirst(4).dropLast(2).allSatisfy { $0 == 0 })
        }
    }

    @Test("a redirect answers 302 with the Location asked for")
    func redirect() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(
                .redirect(to: "http://127.0.0.1:9/uploads/elsewhere.jpg"), matching: .exact("/uploads/a.jpg"))
            let response = try await RawHTTP.response("/uploads/a.jpg", port: server.port)
            #expect(response.status == 302)
            #expect(response.header("Location") == "http://127.0.0.1:9/uploads/elsewhere.jpg")
            #expect(server.log.requests.last?.status == 302)
        }
    }

    @Test("invalid JSON and HTML answer 200 with bodies a JSON decoder rejects")
    func malformedBodies() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.invalidJSON, matching: .exact("/shows/1"))
            server.addFault(.htmlBody, matching: .exact("/shows/139"))
            let json = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(json.status == 200)
            #expect(json.text == #"{"id":1,"name":"#)
            let html = try await RawHTTP.response("/shows/139", port: server.port)
            #expect(html.status == 200)
            #expect(html.header("Content-Type")?.hasPrefix("text/html") == true)
            for body in [json.body, html.body] {
                #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(body)) }
            }
        }
    }

    @Test("rules apply to matching requests only, in order, for their count")
    func ruleMatchingAndCounting() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.serverError(status: 503), matching: .prefix("/shows/1/"), times: 2)
            server.addFault(.serverError(status: 500), matching: .any, times: 1)
            #expect(try await RawHTTP.response("/shows/1/cast", port: server.port).status == 503)
            #expect(try await RawHTTP.response("/people/1", port: server.port).status == 500)
            #expect(try await RawHTTP.response("/shows/1/crew", port: server.port).status == 503)
            #expect(try await RawHTTP.response("/shows/1/crew", port: server.port).status == 200)
            #expect(server.faultRules.isEmpty)
            let outcomes = server.log.requests.map(\.outcome)
            #expect(outcomes.first == .fault(.serverError(status: 503)))
            #expect(outcomes.last == .served)
        }
    }

    @Test("faults given in the configuration apply from the first request")
    func configuredFaults() async throws {
        let rule = FaultRule(.tooManyRequests(retryAfter: 1), matching: .exact("/search/shows?q=girls"), times: 1)
        try await TestSupport.withServer(faults: [rule]) { server async throws in
            #expect(try await RawHTTP.response("/search/shows?q=girls", port: server.port).status == 429)
            #expect(try await RawHTTP.response("/search/shows?q=girls", port: server.port).status == 200)
        }
    }

    @Test("removing all faults serves the recordings again")
    func removeAllFaults() async throws {
        try await TestSupport.withServer { server async throws in
            server.addFault(.closeBeforeResponse)
            #expect(try await RawHTTP.get("/shows/1", port: server.port).bytes.isEmpty)
            server.removeAllFaults()
            #expect(try await RawHTTP.response("/shows/1", port: server.port).status == 200)
        }
    }
}
