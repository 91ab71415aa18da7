import Foundation
import ReplayServer
import Testing

@Suite("Network faults, retries and exit codes")
struct NetworkFaultTests {
    @Test("a 429 without Retry-After backs off and succeeds; one that persists exits 75")
    func rateLimited() async throws {
        try await withReplay(faults: [
            FaultRule(.tooManyRequests(retryAfter: nil), matching: .exact("/shows/1"), times: 1)
        ]) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == ["1"])
            server.addFault(.tooManyRequests(retryAfter: 0), matching: .exact("/shows/139"))
            let persisted = try await sandbox.run("tvm-fetch", ["show", "139", "--retries", "2"])
            #expect(persisted.status == 75)
            #expect(persisted.stdout.isEmpty)
            #expect(server.log.count(matching: .exact("/shows/139")) == 3)
            #expect(
                persisted.stderr.contains(
                    "Oops, something went wrong: An error occurred while fetching data.\n"))
            #expect(persisted.stderr.contains("rate limited"))
        }
    }

    @Test("a 5xx is retried; one that persists exits 69 with the original app specification's message")
    func serverErrors() async throws {
        try await withReplay(faults: [
            FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 2)
        ]) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(server.log.count(matching: .exact("/shows/1")) == 3)
            server.addFault(.serverError(status: 500), matching: .exact("/shows/139"))
            let persisted = try await sandbox.run("tvm-fetch", ["show", "139", "--retries", "1"])
            #expect(persisted.status == 69)
            #expect(persisted.stderr.contains("An error occurred while fetching data.\n"))
            #expect(!persisted.stderr.contains("Do you want to try again?"), "no one is there to answer")
            #expect(
                persisted.stderr.contains(
                    "what to do: run it again later, raise --retries or --timeout, or use --offline"))
            #expect(persisted.stderr.contains("HTTP 500"))
        }
    }

    @Test("a stalled response times out; a timeout that persists exits 75")
    func stall() async throws {
        try await withReplay(faults: [FaultRule(.stall, matching: .exact("/shows/1"))]) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--timeout", "1", "--retries", "1"])
            #expect(result.status == 75)
            #expect(result.stderr.contains("timed out"))
            #expect(server.log.count(matching: .exact("/shows/1")) == 2)
        }
    }

    @Test("a cut connection and a truncated body are retried, never printed")
    func cutAndTruncated() async throws {
        try await withReplay(faults: [
            FaultRule(.closeBeforeResponse, matching: .exact("/shows/1"), times: 1),
            FaultRule(.truncatedBody(keepingBytes: 100), matching: .exact("/shows/139"), times: 1),
            FaultRule(.closeAfterHeaders, matching: .exact("/shows/1/cast"), times: 1),
        ]) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "139", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == ["1", "139"])
            #expect(server.log.count(matching: .exact("/shows/1")) == 2)
            #expect(server.log.count(matching: .exact("/shows/139")) == 2)
            let cast = try await sandbox.run("tvm-fetch", ["cast", "1"])
            #expect(cast.status == 0)
            #expect(cast.lines.count == 15)

            server.addFault(.truncatedBody(keepingBytes: 50), matching: .exact("/shows/1/seasons"))
            let truncated = try await sandbox.run("tvm-fetch", ["seasons", "1", "--retries", "1"])
            #expect(truncated.status == 69)
            #expect(truncated.stdout.isEmpty)
        }
    }

    @Test("invalid JSON from the API is retried, and exits 69 when it persists")
    func invalidJSON() async throws {
        try await withReplay(faults: [
            FaultRule(.invalidJSON, matching: .exact("/shows/1"), times: 1)
        ]) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == ["1"])
            server.addFault(.htmlBody, matching: .exact("/shows/139"))
            let persisted = try await sandbox.run("tvm-fetch", ["show", "139", "--retries", "1"])
            #expect(persisted.status == 69)
            #expect(persisted.stdout.isEmpty)
            #expect(persisted.stderr.contains("invalid JSON"))
        }
    }

    @Test("a refused connection exits 69 with the original app specification's fetch-error text and the cause")
    func connectionRefused() async throws {
        let (server, sandbox) = try await startReplay()
        await server.stop()
        let result = try await sandbox.run("tvm-fetch", ["shows", "--retries", "1"])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "tvm-fetch: error: Oops, something went wrong: An error occurred while fetching data.\n"
            ))
        #expect(result.stderr.contains("cause:"))
    }

    @Test("a bad --api-url and bad flags are usage errors (64)")
    func usageErrors() async throws {
        let sandbox = try Sandbox()
        let badURL = try await sandbox.run("tvm-fetch", ["shows", "--api-url", "ftp://example"])
        #expect(badURL.status == 64)
        #expect(badURL.stderr.contains("invalid URL"))
        let badFlag = try await sandbox.run("tvm-fetch", ["shows", "--bogus"])
        #expect(badFlag.status == 64)
        let badNumber = try await sandbox.run("tvm-fetch", ["shows", "--page", "-1"])
        #expect(badNumber.status == 64)
    }

    @Test("every request carries a descriptive User-Agent, and show 1 139 reuses one connection")
    func userAgent() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "139", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == ["1", "139"])
            let requests = server.log.requests
            #expect(requests.map(\.target) == ["/shows/1", "/shows/139"])
            #expect(requests.allSatisfy { $0.userAgent?.hasPrefix("tvm-fetch/") == true })
            #expect(Set(requests.map(\.userAgent)).count == 1)
            #expect(server.log.connectionCount == 1)
        }
    }

    @Test("shows --all walks every page over one connection")
    func walkReusesOneConnection() async throws {
        // Six synthetic pages (0-5) and the 404 of page 6: seven requests, fewer than the 20 a window allows, so
        // no pause for the rate window lets the connection go idle.
        try await withReplay(syntheticPages: 6) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["shows", "--all", "--jq", ".id"])
            #expect(result.status == 0)
            #expect(result.lines == (try Fixtures.syntheticShowIDs(pages: 6)).map(String.init))
            #expect(server.log.requests.map(\.target) == (0...6).map { "/shows?page=\($0)" })
            #expect(server.log.connectionCount == 1)
        }
    }
}
