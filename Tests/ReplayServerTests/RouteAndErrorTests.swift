import Foundation
import ReplayServer
import Testing

@Suite("Routes and error answers")
struct RouteAndErrorTests {
    @Test("a miss answers 404 with the body of errors/404.json")
    func missUsesErrorEnvelope() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/shows/99999999", port: server.port)
            #expect(response.status == 404)
            #expect(response.text == #"{"name":"Not Found","message":"","code":0,"status":404}"#)
        }
    }

    @Test(
        "an unrecorded search answers 200 with an empty array, as TVMaze does for a search with no hits",
        arguments: [
            "/search/shows?q=nothing%20at%20all", "/search/shows?q=Kr%C3%B6d+M%C3%A4ndoon", "/search/people?q=nobody",
        ])
    func searchMissIsEmptyArray(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 200)
            #expect(response.text == "[]")
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(server.log.requests.map(\.outcome) == [.served])
        }
    }

    @Test(
        "a miss under /singlesearch/ or /lookup/ answers 404 with body null",
        arguments: [
            "/singlesearch/shows?q=nothing%20at%20all", "/lookup/shows?thetvdb=1",
        ])
    func searchMissIsNull(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 404)
            #expect(response.text == "null")
        }
    }

    @Test(
        "a lookup hit redirects to the show with 301 and Location",
        arguments: [
            "/lookup/shows?imdb=tt1553656", "/lookup/shows?thetvdb=264492", "/lookup/shows?tvrage=25988",
        ])
    func lookupRedirects(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 301)
            #expect(response.header("Location") == "/shows/1")
            #expect(response.text == "null")
        }
    }

    @Test("the recorded lookup miss answers 404 null, not 200")
    func recordedLookupMissIsNotFound() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/lookup/shows?imdb=tt0000000", port: server.port)
            #expect(response.status == 404)
            #expect(response.text == "null")
        }
    }

    @Test(
        "an unknown embed answers 400 with the recorded envelope",
        arguments: [
            "/shows/1?embed=bogus", "/shows/1?embed[]=bogus", "/shows/1?embed%5B%5D=bogus",
        ])
    func unknownEmbedIsBadRequest(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 400)
            #expect(response.text == #"{"name":"Bad Request","message":"Invalid embed type","code":0,"status":400}"#)
        }
    }

    @Test("a schedule for country UK answers 422 through a prefix route")
    func ukScheduleIsUnprocessable() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/schedule?country=UK&date=2024-01-01", port: server.port)
            #expect(response.status == 422)
            let envelope = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(envelope?["status"] as? Int == 422)
            #expect(envelope?["name"] as? String == "Unprocessable Entity")
        }
    }

    @Test(
        "a US schedule is served whatever the parameter order",
        arguments: [
            "/schedule?country=US&date=2019-01-19", "/schedule?date=2019-01-19&country=US", "/schedule?date=2019-01-19",
        ])
    func usScheduleAliases(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 200)
            let entries = try JSONSerialization.jsonObject(with: Data(response.body)) as? [Any]
            #expect(entries?.count == 37)
        }
    }

    @Test("routes.json supports literal bodies, files, headers and the longest prefix")
    func routesFromScratchFolder() async throws {
        let routes = #"""
            {
              "/a*": { "status": 418, "body": "short" },
              "/a/b*": { "status": 410, "body": "long", "headers": { "X-Kind": "gone" } },
              "/a/b/c": { "status": 200, "file": "data/c.json",
                          "headers": { "Location": "https://api.tvmaze.com/shows/2" } }
            }
            """#
        let root = try TestSupport.scratchFixtures(["routes.json": routes, "data/c.json": #"{"c":true}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestSupport.withServer(fixtures: root) { server async throws in
            let exact = try await RawHTTP.response("/a/b/c", port: server.port)
            #expect(exact.status == 200)
            #expect(exact.text == #"{"c":true}"#)
            #expect(exact.header("Location") == "\(server.baseURL)/shows/2")
            let long = try await RawHTTP.response("/a/b/x", port: server.port)
            #expect(long.status == 410)
            #expect(long.text == "long")
            #expect(long.header("X-Kind") == "gone")
            let short = try await RawHTTP.response("/a/x", port: server.port)
            #expect(short.status == 418)
        }
    }

    @Test("a malformed routes.json stops the server from starting")
    func rejectsBadRoutes() async throws {
        let root = try TestSupport.scratchFixtures(["routes.json": #"{"/x": {"status": 200, "file": "missing.json"}}"#])
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect(throws: ReplayServerError.self) {
            try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: root))
        }
    }

    @Test("a method other than GET or HEAD answers 405")
    func otherMethodsAreRefused() async throws {
        try await TestSupport.withServer { server async throws in
            let exchange = try await RawHTTP.get("/shows/1", port: server.port, method: "DELETE")
            #expect(exchange.response?.status == 405)
            #expect(exchange.response?.header("Allow") == "GET, HEAD")
        }
    }
}
