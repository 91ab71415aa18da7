import Foundation
import ReplayServer
import Testing

/// The request budgets, counted at the replay server, and the retry rules on the account calls.
@Suite("tvm-fav push, pull, sync: request budgets")
struct AccountBudgetTests {
    /// Adds `count` favorites from records, without their episodes (no request).
    static func favorites(_ count: Int, _ sandbox: Sandbox) async throws {
        let shows = try FavSupport.manyShows(count: count, firstID: 500_000).joined(separator: "\n") + "\n"
        let added = try await sandbox.run("tvm-fav", ["add", "--no-episodes", "--jq", ".id"], stdin: shows)
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// The account API requests since `start`.
    static func accountRequests(_ server: ReplayServer, since start: Int) -> [RecordedRequest] {
        server.log.requests[start...].filter { $0.target.hasPrefix("/v1/") }
    }

    @Test("a push of 5,000 new marks takes 10 requests of 500; a second push takes none")
    func pushBudget() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(5_000, sandbox)
            let start = server.log.count
            let push = try await sandbox.run("tvm-fav", ["push", "--quiet"])
            #expect(push.status == 0, "\(push.stderr)")
            let posts = Self.accountRequests(server, since: start)
            #expect(posts.count == 10)
            #expect(posts.allSatisfy { $0.method == "POST" && $0.target == "/v1/scrobble/episodes" })
            #expect(server.account.marks(of: "ada").count == 5_000)
            let again = server.log.count
            #expect(try await sandbox.run("tvm-fav", ["push"]).status == 0)
            #expect(server.log.count == again)
        }
    }

    @Test("a sync with nothing new: one request per favorite without Premium, two with it, whatever their number")
    func syncBudget() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox, premium: 0)
            try await Self.favorites(12, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["sync", "--quiet"]).status == 0)
            var start = server.log.count
            #expect(try await sandbox.run("tvm-fav", ["sync", "--quiet"]).status == 0)
            #expect(Self.accountRequests(server, since: start).count == 12)
            #expect(server.log.count - start == 12)

            try await Self.favorites(100, sandbox)
            server.account.setPremium(2, of: "ada")
            let login = try await sandbox.run(
                "tvm-fav", ["login", "--username", "ada", "--key-stdin"], stdin: AccountWorld.key)
            #expect(login.status == 0)
            #expect(try await sandbox.run("tvm-fav", ["sync", "--quiet"]).status == 0)
            start = server.log.count
            #expect(try await sandbox.run("tvm-fav", ["sync", "--quiet"]).status == 0)
            #expect(server.log.count - start == 2)
        }
    }

    @Test("a 429 and a 503 on a bulk mark are retried by the usual rules, and nothing is sent twice")
    func retries() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            try await AccountWorld.bulkMarks(10, sandbox)
            server.addFault(.tooManyRequests(retryAfter: 1), matching: .prefix("/v1/scrobble"), times: 1)
            server.addFault(.serverError(status: 503), matching: .prefix("/v1/scrobble"), times: 1)
            let push = try await sandbox.run("tvm-fav", ["push"])
            #expect(push.status == 0, "\(push.stderr)")
            #expect(push.lines.count == 10)
            #expect(AccountWorld.requests(server, "POST", "/v1/scrobble").map(\.status) == [429, 503, 200])
            #expect(server.account.marks(of: "ada").count == 10)
        }
    }
}
