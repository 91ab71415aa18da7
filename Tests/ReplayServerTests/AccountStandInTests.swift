import Foundation
import ReplayServer
import Testing

/// The account stand-in under `/v1/`: Basic auth, pairing, bulk marks, Premium-only lists, follows.
@Suite("Account stand-in")
struct AccountStandInTests {
    static func basic(_ user: String, _ key: String) -> (String, String) {
        ("Authorization", "Basic " + Data("\(user):\(key)".utf8).base64EncodedString())
    }

    /// Sends a request with a JSON body and returns the complete response.
    static func send(
        _ method: String, _ target: String, body: String = "", headers: [(String, String)] = [], port: Int
    ) async throws -> RawHTTP.Response {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        let exchange = try await RawHTTP.send(request + "\r\n" + body, port: port)
        return try #require(exchange.response)
    }

    static func json(_ response: RawHTTP.Response) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body))
    }

    @Test("validate answers the premium level to good credentials and 401 to wrong or missing ones")
    func validate() async throws {
        try await TestSupport.withServer { server in
            server.account.addAccount(username: "ada", key: "k3y", premium: 2)
            let good = try await Self.send(
                "GET", "/v1/auth/validate", headers: [Self.basic("ada", "k3y")], port: server.port)
            #expect(good.status == 200)
            #expect((try Self.json(good) as? [String: Int])?["premium"] == 2)
            let wrong = try await Self.send(
                "GET", "/v1/auth/validate", headers: [Self.basic("ada", "nope")], port: server.port)
            #expect(wrong.status == 401)
            let missing = try await Self.send("GET", "/v1/auth/validate", port: server.port)
            #expect(missing.status == 401)
            #expect(server.log.count(matching: .prefix("/v1/auth/validate")) == 3)
        }
    }

    @Test("pairing: 404 for an unknown e-mail; 403 until confirmed, 429 when polled too fast, 200 once, then 404")
    func pairing() async throws {
        let clock = ReplayClock.manual()
        try await TestSupport.withServer(clock: clock) { server in
            server.account.addAccount(username: "ada", key: "k3y", email: "ada@example.org")
            let unknown = try await Self.send(
                "POST", "/v1/auth/start", body: #"{"email":"bob@example.org","email_confirmation":true}"#,
                port: server.port)
            #expect(unknown.status == 404)
            let start = try await Self.send(
                "POST", "/v1/auth/start", body: #"{"email":"ada@example.org","email_confirmation":true}"#,
                port: server.port)
            #expect(start.status == 200)
            let started = try #require(try Self.json(start) as? [String: String])
            let token = try #require(started["token"])
            #expect(started["confirm_url"]?.contains(token) == true)
            let poll = #"{"token":"\#(token)"}"#
            #expect(try await Self.send("POST", "/v1/auth/poll", body: poll, port: server.port).status == 403)
            clock.advance(by: .seconds(3))
            let tooFast = try await Self.send("POST", "/v1/auth/poll", body: poll, port: server.port)
            #expect(tooFast.status == 429)
            #expect(tooFast.header("Retry-After") == "8")
            #expect(server.account.confirmPairing(email: "ada@example.org") == 1)
            clock.advance(by: .seconds(10))
            let confirmed = try await Self.send("POST", "/v1/auth/poll", body: poll, port: server.port)
            #expect(confirmed.status == 200)
            #expect(try Self.json(confirmed) as? [String: String] == ["apikey": "k3y", "username": "ada"])
            clock.advance(by: .seconds(10))
            #expect(try await Self.send("POST", "/v1/auth/poll", body: poll, port: server.port).status == 404)
            #expect(
                try await Self.send("POST", "/v1/auth/poll", body: #"{"token":"other"}"#, port: server.port).status
                    == 404)
        }
    }

    @Test("a bulk mark answers 200 when all were done, 207 item by item when some failed, 422 when none was")
    func bulkMarks() async throws {
        try await TestSupport.withServer { server in
            server.account.addAccount(username: "ada", key: "k3y")
            let auth = [Self.basic("ada", "k3y")]
            let all = try await Self.send(
                "POST", "/v1/scrobble/episodes",
                body: #"[{"episode_id":1,"marked_at":1700000000,"type":0},{"episode_id":2,"marked_at":0,"type":0}]"#,
                headers: auth, port: server.port)
            #expect(all.status == 200)
            #expect(server.account.marks(of: "ada")[1] == .init(episodeID: 1, showID: 1, markedAt: 1_700_000_000))
            #expect(server.account.marks(of: "ada")[2]?.markedAt == 0)
            server.account.failEpisodes([3])
            let some = try await Self.send(
                "POST", "/v1/scrobble/episodes",
                body: #"[{"episode_id":3,"marked_at":5,"type":0},{"episode_id":4,"marked_at":5,"type":0}]"#,
                headers: auth, port: server.port)
            #expect(some.status == 207)
            let items = try #require(try Self.json(some) as? [[String: Any]])
            #expect(items.map { $0["code"] as? Int } == [404, 200])
            #expect(Set(server.account.marks(of: "ada").keys) == [1, 2, 4])
            let none = try await Self.send(
                "POST", "/v1/scrobble/episodes", body: #"[{"episode_id":3,"type":0},{"type":9}]"#, headers: auth,
                port: server.port)
            #expect(none.status == 422)
            let request = try #require(server.log.requests.first { $0.method == "POST" })
            #expect(String(decoding: request.body, as: UTF8.self).contains(#""episode_id":1"#))
            let wrongKey = try await Self.send(
                "POST", "/v1/scrobble/episodes", body: "[]", headers: [Self.basic("ada", "x")], port: server.port)
            #expect(wrongKey.status == 401)
        }
    }

    @Test("a show's marks are free; every mark, unmarks and follows need Premium")
    func premiumCalls() async throws {
        try await TestSupport.withServer { server in
            server.account.addAccount(username: "ada", key: "k3y", premium: 0)
            server.account.seedMarks(
                username: "ada",
                [.init(episodeID: 1, showID: 1, markedAt: 10), .init(episodeID: 99, showID: 43, markedAt: 0, type: 2)])
            server.account.seedFollows(username: "ada", [1])
            let auth = [Self.basic("ada", "k3y")]
            let show = try await Self.send("GET", "/v1/scrobble/shows/1", headers: auth, port: server.port)
            #expect(show.status == 200)
            #expect((try Self.json(show) as? [[String: Any]])?.map { $0["episode_id"] as? Int } == [1])
            #expect(try await Self.send("GET", "/v1/user/episodes", headers: auth, port: server.port).status == 403)
            #expect(
                try await Self.send("DELETE", "/v1/user/episodes/1", headers: auth, port: server.port).status == 403)
            server.account.setPremium(1, of: "ada")
            let all = try await Self.send("GET", "/v1/user/episodes?embed=episode", headers: auth, port: server.port)
            let marks = try #require(try Self.json(all) as? [[String: Any]])
            #expect(marks.map { $0["episode_id"] as? Int } == [1, 99])
            #expect(marks.map { $0["type"] as? Int } == [0, 2])
            #expect(all.header("Cache-Control") == "public, max-age=3600")
            let follows = try await Self.send(
                "GET", "/v1/user/follows/shows?embed=show", headers: auth, port: server.port)
            let followed = try #require(try Self.json(follows) as? [[String: Any]])
            #expect(followed.first?["show_id"] as? Int == 1)
            let embeddedShow = (followed.first?["_embedded"] as? [String: Any])?["show"] as? [String: Any]
            #expect(embeddedShow?["name"] as? String == "Under the Dome")
            #expect(
                try await Self.send("DELETE", "/v1/user/episodes/1", headers: auth, port: server.port).status == 204)
            #expect(
                try await Self.send("DELETE", "/v1/user/episodes/1", headers: auth, port: server.port).status == 404)
            #expect(server.account.marks(of: "ada").keys.sorted() == [99])
        }
    }
}
