import Foundation
import ReplayServer
import Testing

@Suite("URL rewriting and images")
struct RewritingAndImageTests {
    @Test("API and image URLs point back at the server, plain and with escaped slashes; others are kept")
    func rewritesTVMazeURLs() async throws {
        let body = #"""
            {"a":"https://api.tvmaze.com/shows/1", "b":"http://api.tvmaze.com/shows/2",
             "c":"https:\/\/static.tvmaze.com\/uploads\/images\/x.jpg", "d":"http://static.tvmaze.com/uploads/y.jpg",
             "e":"https://www.tvmaze.com/shows/1/x"}
            """#
        let root = try TestSupport.scratchFixtures(["thing.json": body])
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestSupport.withServer(fixtures: root) { server async throws in
            let response = try await RawHTTP.response("/thing", port: server.port)
            let base = server.baseURL
            let escapedBase = base.replacingOccurrences(of: "/", with: #"\/"#)
            let expected = #"""
                {"a":"\#(base)/shows/1", "b":"\#(base)/shows/2",
                 "c":"\#(escapedBase)\/uploads\/images\/x.jpg", "d":"\#(base)/uploads/y.jpg",
                 "e":"https://www.tvmaze.com/shows/1/x"}
                """#
            #expect(response.text == expected)
        }
    }

    @Test("recorded bodies keep no API or image URL of TVMaze")
    func recordedBodiesAreRewritten() async throws {
        try await TestSupport.withServer { server async throws in
            for target in ["/shows?page=1", "/shows/1/episodes", "/people/1"] {
                let text = try await RawHTTP.response(target, port: server.port).text
                #expect(!text.contains("api.tvmaze.com") && !text.contains("static.tvmaze.com"), "\(target)")
                #expect(text.contains("\(server.baseURL)/"), "\(target)")
            }
        }
    }

    @Test("an image URL from a body answers a valid JPEG that depends on the path")
    func servesPlaceholderImages() async throws {
        try await TestSupport.withServer { server async throws in
            let show = try await RawHTTP.response("/shows/1", port: server.port)
            let object = try JSONSerialization.jsonObject(with: Data(show.body)) as? [String: Any]
            let image = try #require((object?["image"] as? [String: Any])?["medium"] as? String)
            let path = String(try #require(image.components(separatedBy: server.baseURL).last))
            #expect(path.hasPrefix("/uploads/images/"))
            let first = try await RawHTTP.response(path, port: server.port)
            let second = try await RawHTTP.response("/uploads/images/original_untouched/0/1.jpg", port: server.port)
            #expect(first.status == 200)
            #expect(first.header("Content-Type") == "image/jpeg")
            #expect(first.body.prefix(3) == [0xFF, 0xD8, 0xFF])
            #expect(first.body.suffix(2) == [0xFF, 0xD9])
            #expect(String(decoding: first.body, as: UTF8.self).contains(path))
            #expect(first.body != second.body)
            #expect(first.body.count < 400)
        }
    }
}
