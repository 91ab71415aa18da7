import Foundation
import ReplayServer
import Testing

@Suite("Fixture mapping")
struct FixtureMappingTests {
    @Test("a path without query is served from PATH.json with TVMaze's headers")
    func servesPathFile() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/shows/139", port: server.port)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.header("Cache-Control") == "public, max-age=3600")
            let recorded = String(decoding: try TestSupport.fixture("shows/139.json"), as: UTF8.self)
            #expect(
                response.text
                    == recorded.replacingOccurrences(of: "https://api.tvmaze.com", with: server.baseURL)
                    .replacingOccurrences(of: "https://static.tvmaze.com", with: server.baseURL))
        }
    }

    @Test("the show index page N is served from shows/page-N.json, byte for byte as stored")
    func servesShowPages() async throws {
        try await TestSupport.withServer { server async throws in
            let page = try await RawHTTP.response("/shows?page=0", port: server.port)
            let recorded = String(decoding: try TestSupport.fixture("shows/page-0.json"), as: UTF8.self)
            #expect(
                page.text
                    == recorded.replacingOccurrences(of: "http://api.tvmaze.com", with: server.baseURL)
                    .replacingOccurrences(of: "http://static.tvmaze.com", with: server.baseURL))
            #expect(page.text.hasPrefix("[\n    {\n        \"id\": 1,"))
            let ids = try TestSupport.showIDs(page.body)
            #expect(ids.count == 240)
            #expect(ids.allSatisfy { (0..<250).contains($0) })
        }
    }

    @Test("one page past the last recorded page is a 404 with the error envelope")
    func pastLastPageIsNotFound() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/shows?page=3", port: server.port)
            #expect(response.status == 404)
            #expect(response.body == (try TestSupport.fixture("errors/404.json")))
        }
    }

    @Test(
        "a query with %20, + or a decoded space finds the file named with %20",
        arguments: [
            "/search/shows?q=squid%20game", "/search/shows?q=squid+game", "/search/shows?q=Squid%20game",
            "/search/shows?q=squid%2Bgame",
        ])
    func normalisesQuerySpaces(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            if target.contains("Squid") || target.contains("%2B") {
                // Case and a literal plus sign are significant: no such recording, so a search with no hits.
                #expect(response.status == 200)
                #expect(response.text == "[]")
            } else {
                #expect(response.status == 200)
                #expect(response.text.contains("\"name\": \"Squid Game\""))
            }
        }
    }

    @Test("a raw space in a target normalises like %20 and +")
    func rawSpaceNormalises() {
        let pattern = RequestPattern.exact("/search/shows?q=squid game")
        #expect(pattern.matches("/search/shows?q=squid%20game"))
        #expect(pattern.matches("/search/shows?q=squid+game"))
        #expect(!pattern.matches("/search/shows?q=squid%2Bgame"))
    }

    @Test("a query is also looked up as PATH&QUERY.json")
    func servesAmpersandFile() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/people/1/castcredits?embed=show", port: server.port)
            #expect(response.status == 200)
            let credits = try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]]
            #expect(credits?.count == 6)
        }
    }

    @Test(
        "embed[]= and embed%5B%5D= find the embed= file",
        arguments: [
            "/shows/1?embed=episodes", "/shows/1?embed[]=episodes", "/shows/1?embed%5B%5D=episodes",
        ])
    func mapsArrayEmbeds(target: String) async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response(target, port: server.port)
            #expect(response.status == 200)
            let show = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let embedded = show?["_embedded"] as? [String: Any]
            #expect((embedded?["episodes"] as? [Any])?.count == 39)
        }
    }

    @Test("a query with several parameters maps to one file name")
    func servesMultiParameterQuery() async throws {
        try await TestSupport.withServer { server async throws in
            let response = try await RawHTTP.response("/shows/1/episodebynumber?season=1&number=1", port: server.port)
            #expect(response.status == 200)
            #expect(response.text.contains("\"id\":1,"))
        }
    }

    @Test(
        "a non-ASCII query finds a file named percent-encoded or in UTF-8",
        arguments: [
            "q=Pok%C3%A9mon.json", "q=Pokémon.json",
        ])
    func servesNonASCIIQueries(fileName: String) async throws {
        let root = try TestSupport.scratchFixtures(["search/shows/\(fileName)": #"[{"score":1,"show":{"id":590}}]"#])
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestSupport.withServer(fixtures: root) { server async throws in
            // A raw UTF-8 target is not valid HTTP (NIO answers 400); clients percent-encode, in either case.
            for target in [
                "/search/shows?q=Pok%C3%A9mon", "/search/shows?q=Pok%c3%a9mon", "/search/shows?q=Pok%C3%A9mon&",
            ] {
                let response = try await RawHTTP.response(target, port: server.port)
                #expect(response.status == 200, "\(target)")
                #expect(response.text == #"[{"score":1,"show":{"id":590}}]"#)
            }
        }
    }

    @Test("a path that climbs out of the fixtures root is a 404")
    func refusesTraversal() async throws {
        try await TestSupport.withServer { server async throws in
            for target in ["/shows/../shows/1", "/shows/%2E%2E/shows/1", "/../tvmaze/shows/1"] {
                let response = try await RawHTTP.response(target, port: server.port)
                #expect(response.status == 404, "\(target)")
            }
        }
    }

    @Test("HEAD answers the headers of GET without a body")
    func answersHead() async throws {
        try await TestSupport.withServer { server async throws in
            let exchange = try await RawHTTP.get("/shows/1", port: server.port, method: "HEAD")
            let response = try #require(exchange.response)
            #expect(response.status == 200)
            let full = try await RawHTTP.response("/shows/1", port: server.port)
            #expect(response.contentLength == full.body.count)
            #expect(response.body.isEmpty)
        }
    }
}
