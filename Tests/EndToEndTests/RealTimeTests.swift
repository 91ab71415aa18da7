import Foundation
import ReplayServer
import Testing

/// The tests that must wait on the wall clock: a server enforcing TVMaze's rate window, Retry-After, a slow
/// server that keeps one process running while another starts. They run one at a time, and scripts/test.sh runs
/// this suite on its own after the others, so that a crowd of parallel tests cannot starve them.
@Suite("Real time: the rate window, Retry-After and slow servers, one test at a time", .serialized)
struct RealTimeTests {
    @Test("shows --all over 26 pages keeps to the window, counted at the server, with no 429")
    func pacedWalk() async throws {
        try await withReplay(
            rateLimit: RateLimit(limit: 20, window: .seconds(10)), syntheticPages: 25
        ) { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["shows", "--all", "--jq", ".id"], timeout: 120)
            #expect(result.status == 0)
            #expect(server.log.count == 26)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) <= 20)
            #expect(server.log.tooManyRequestsCount == 0)
            // Every show of the 25 pages, once, in order: nothing lost or repeated while waiting for the window.
            #expect(result.lines == (try Fixtures.syntheticShowIDs(pages: 25)).map(String.init))
        }
    }

    @Test("two processes at once share one window")
    func sharedWindow() async throws {
        try await withReplay(rateLimit: RateLimit(limit: 20, window: .seconds(10))) { server, sandbox in
            let ids = (1...14).map { _ in "1" } + ["--refresh"]
            async let first = sandbox.run("tvm-fetch", ["show"] + ids + ["--jq", ".id"], timeout: 120)
            async let second = sandbox.run("tvm-fetch", ["show"] + ids + ["--jq", ".id"], timeout: 120)
            let (a, b) = try await (first, second)
            #expect(a.status == 0)
            #expect(b.status == 0)
            #expect(server.log.count == 28)
            #expect(server.log.maxRequestsInAnyWindow(seconds: 10) <= 20)
            #expect(server.log.tooManyRequestsCount == 0)
        }
    }

    @Test("a 429 with Retry-After is waited out and the request succeeds")
    func retryAfter() async throws {
        try await withReplay(faults: [
            FaultRule(.tooManyRequests(retryAfter: 1), matching: .exact("/shows/1"), times: 1)
        ]) { server, sandbox in
            let started = ContinuousClock.now
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".name"])
            #expect(result.status == 0)
            #expect(result.lines == ["Under the Dome"])
            #expect(ContinuousClock.now - started >= .seconds(1))
            #expect(server.log.count(matching: .exact("/shows/1")) == 2)
            #expect(result.stderr.contains("HTTP 429"))
        }
    }

    // Against a server allowing only 10 calls / 10 s, tvm-fetch show of 70 ids gave 30 records and exit 75.
    @Test("70 ids against a server allowing 10 calls in 10 s: all 70 records, exit 0, at most 3 answers of 429")
    func stricterRateLimit() async throws {
        try await withReplay(rateLimit: RateLimit(limit: 10, window: .seconds(10))) { server, sandbox in
            let ids = (0..<70).map { ["1", "139", "43"][$0 % 3] }.joined(separator: "\n") + "\n"
            let result = try await sandbox.run(
                "tvm-fetch", ["show", "--refresh", "--jq", ".id"], stdin: ids, timeout: 400)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.count == 70)
            #expect(server.log.tooManyRequestsCount <= 3, "\(server.log.tooManyRequestsCount) answers of 429")
        }
    }

    // Two pipelines with separate caches (so separate rate windows) each got 10 of 70 records from a server
    // allowing 20 calls / 10 s with Retry-After: 2: the retries after a 429 spanned less than the window.
    @Test("two pipelines with separate rate windows against 20 calls / 10 s with Retry-After: 2 both get every record")
    func twoPipelines() async throws {
        try await withReplay(rateLimit: RateLimit(limit: 20, window: .seconds(10), retryAfter: .seconds(2))) {
            server, first in
            let second = try Sandbox(apiURL: server.baseURL)
            // 25 records each, 50 calls in all: 2.5 windows' worth, which the old retries could not get through.
            let ids = (0..<25).map { ["1", "139", "43"][$0 % 3] }.joined(separator: "\n") + "\n"
            async let a = first.run("tvm-fetch", ["show", "--refresh", "--jq", ".id"], stdin: ids, timeout: 400)
            async let b = second.run("tvm-fetch", ["show", "--refresh", "--jq", ".id"], stdin: ids, timeout: 400)
            let (one, two) = try await (a, b)
            #expect(one.status == 0 && two.status == 0, "\(one.stderr)\n\(two.stderr)")
            #expect(one.lines.count == 25 && two.lines.count == 25)
        }
    }

    @Test("two syncs at once: the second waits for the first, and no page is fetched twice")
    func twoSyncs() async throws {
        let world = try CatalogWorld()
        // The first sync's first answer takes 10 s, which keeps it holding the sync while the second starts (a run
        // of 3 s an answer once saw the second process start only after the first had ended, on a machine running
        // the whole suite in parallel). Every later answer is immediate.
        let (server, sandbox) = try await startCatalogReplay(world, latency: .seconds(10))
        defer { Task { await server.stop() } }
        async let first = sandbox.run("tvm-fetch", ["catalog", "sync"], timeout: 600)
        #expect(await server.log.waitForRequests(count: 1, timeout: .seconds(90)))
        async let secondRun = sandbox.run("tvm-fetch", ["catalog", "sync"], timeout: 600)
        server.setLatency(.zero)
        let second = try await secondRun
        let firstResult = try await first
        #expect(firstResult.status == 0, "\(firstResult.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("another sync of"))
        #expect(second.stderr.contains("waiting for it to finish"))
        #expect(server.log.count(matching: .exact("/shows?page=0")) == 1)
        #expect(server.log.count(matching: .exact("/updates/shows?since=day")) == 1)
    }

    // Moved from AccountLoginTests: the login must start polling within 20 s, which a parallel crowd on a loaded CI
    // machine once kept it from doing.
    @Test("pairing: the e-mail is confirmed, the key stored; an unknown e-mail exits 1; --no-email prints the URL")
    func pairing() async throws {
        try await withReplay { server, sandbox in
            AccountWorld.preparePairing(server, sandbox)
            async let login = sandbox.run("tvm-fav", ["login", "--email", "ada@example.org"])
            #expect(await server.log.waitForRequests(count: 2, timeout: .seconds(20)))
            server.account.confirmPairing(email: "ada@example.org")
            let result = try await login
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("confirm the e-mail TVMaze just sent you"))
            #expect(result.stderr.contains("signed in to TVMaze as ada"))
            let polls = AccountWorld.requests(server, "POST", "/v1/auth/poll")
            #expect(polls.count >= 2)
            #expect(polls.allSatisfy { $0.status != 429 })
            #expect(FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))

            let unknown = try await sandbox.run("tvm-fav", ["login", "--email", "bob@example.org"])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("TVMaze knows no account with the e-mail bob@example.org"))

            sandbox.extraEnvironment["TVM_PAIRING_LIMIT"] = "1"
            let noEmail = try await sandbox.run("tvm-fav", ["login", "--email", "ada@example.org", "--no-email"])
            #expect(noEmail.status == 75)
            #expect(noEmail.stdout.hasPrefix("https://www.tvmaze.com/account/confirm?token="))
            #expect(noEmail.stderr.contains("nothing was stored"))
            let body = AccountWorld.requests(server, "POST", "/v1/auth/start").last.map {
                String(decoding: $0.body, as: UTF8.self)
            }
            #expect(body?.contains(#""email_confirmation":false"#) == true)
        }
    }

    // Regression: when the check after a pairing failed (TVMaze busy), the paired key was thrown away, and TVMaze
    // hands it out once: the user had to pair again and confirm a new e-mail.
    @Test("a paired key is kept when the check that follows fails; account --check finishes it later")
    func pairingKeyKept() async throws {
        try await withReplay { server, sandbox in
            AccountWorld.preparePairing(server, sandbox)
            server.addFault(.serverError(status: 503), matching: .prefix("/v1/auth/validate"), times: nil)
            async let login = sandbox.run("tvm-fav", ["login", "--email", "ada@example.org", "--retries", "0"])
            #expect(await server.log.waitForRequests(count: 2, timeout: .seconds(20)))
            server.account.confirmPairing(email: "ada@example.org")
            let result = try await login
            #expect(result.status == 69, "\(result.stderr)")
            #expect(result.stderr.contains("the key is saved, but checking it failed: run tvm-fav account --check"))
            #expect(FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))
            server.removeAllFaults()
            let check = try await sandbox.run("tvm-fav", ["account", "--check", "--jq", ".username"])
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout == "ada\n")
        }
    }
}
