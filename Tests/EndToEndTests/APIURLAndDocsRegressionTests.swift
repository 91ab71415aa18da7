import Foundation
import ReplayServer
import Testing

/// Regressions of the API base URL and of the man pages that describe the tools' files and commands.
@Suite("regressions: the API URL is taken as given or refused, and the pages say what the tools do")
struct APIURLAndDocsRegressionTests {
    // TVM_API_URL (or --api-url) with a #fragment silently sent every request to /: the fragment swallowed the path.
    @Test(
        "an API URL with a fragment or a query is a usage error naming it, from --api-url and from TVM_API_URL",
        arguments: ["/#v1", "#v1", "/?lang=en", "?"])
    func apiURLWithFragmentOrQueryIsAUsageError(_ suffix: String) async throws {
        try await withReplay { server, sandbox in
            let url = server.baseURL + suffix
            let part =
                suffix.contains("#") ? "a fragment (#v1)" : suffix.hasSuffix("?") ? "a query (?)" : "a query (?lang=en)"
            let advice = "give the API's base URL alone"

            let fromEnvironment = try await sandbox.run("tvm-fetch", ["show", "1"], environment: ["TVM_API_URL": url])
            #expect(fromEnvironment.status == 64)
            #expect(fromEnvironment.stdout.isEmpty)
            #expect(
                fromEnvironment.stderr.hasPrefix(
                    "tvm-fetch: error: invalid URL: TVM_API_URL=\(url) has \(part); \(advice)"),
                "\(fromEnvironment.stderr)")
            let search = try await sandbox.run("tvm-search", ["girls"], environment: ["TVM_API_URL": url])
            #expect(search.status == 64)
            #expect(search.stderr.contains("TVM_API_URL=\(url) has \(part)"), "\(search.stderr)")

            let fromOption = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", url])
            #expect(fromOption.status == 64)
            #expect(fromOption.stdout.isEmpty)
            #expect(fromOption.stderr.contains("--api-url \(url) has \(part); \(advice)"), "\(fromOption.stderr)")
            let episodes = try await sandbox.run("tvm-episodes", ["1", "--api-url", url])
            #expect(episodes.status == 64)

            #expect(server.log.count == 0)  // nothing was sent anywhere
            let plain = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--api-url", server.baseURL + "/", "--jq", ".id"])
            #expect(plain.lines == ["1"])
        }
    }

    // tvm-img(1) said plain `tvm-img` runs `cache info` (it runs `fetch`), and FILES named ratelimit-HOST where the
    // file is ratelimit-HOST_PORT.
    @Test("the pages name tvm-img's default commands and the rate window's file as the tools use them")
    func pagesMatchTheTools() async throws {
        let page = try String(contentsOf: Repository.url("man/tvm-img.1"), encoding: .utf8)
        let sections = page.components(separatedBy: "\n.Ss ")
        let fetch = try #require(sections.first { $0.hasPrefix("fetch\n") })
        let cacheInfo = try #require(sections.first { $0.hasPrefix("\"cache info\"\n") })
        let flowing = { (text: String) in text.replacingOccurrences(of: "\n", with: " ") }
        #expect(flowing(fetch).contains("This is the default command: tvm\\-img with no command name runs it."))
        #expect(
            flowing(cacheInfo).contains("This is the default command: tvm\\-img cache with no command name runs it."))
        #expect(page.components(separatedBy: "This is the default command").count == 3)

        try await withReplay { server, sandbox in
            let plain = try await sandbox.run("tvm-img", ["1", "--path"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.lines.count == 1 && plain.stdout.hasSuffix(".jpg\n"), "\(plain.stdout)")
            let cache = try await sandbox.run("tvm-img", ["cache", "--jq", ".files"])
            #expect(cache.lines == ["1"])

            let port = try #require(URL(string: server.baseURL)?.port)
            let rateFiles = { () throws -> [String] in
                try FileManager.default.contentsOfDirectory(
                    atPath: sandbox.cacheHome.appendingPathComponent("tvm").path
                )
                .filter { $0.hasPrefix("ratelimit-") }.sorted()
            }
            #expect(try rateFiles() == ["ratelimit-127.0.0.1_\(port)"])
            // A URL without a port: nothing listens on 127.0.0.1:80 here, but the request takes its place first.
            _ = try await sandbox.run("tvm-fetch", ["show", "1", "--retries", "0", "--api-url", "http://127.0.0.1"])
            #expect(try rateFiles() == ["ratelimit-127.0.0.1", "ratelimit-127.0.0.1_\(port)"])
        }
        for name in Repository.tools.map({ "man/\($0).1" }) + ["man/tvm.7"] {
            let text = try String(contentsOf: Repository.url(name), encoding: .utf8)
            #expect(text.contains(".It Pa $XDG_CACHE_HOME/tvm/ratelimit\\-HOST_PORT\n"), "\(name)")
            #expect(!text.contains("ratelimit\\-HOST\n"), "\(name)")
            #expect(flowing(text).contains("the name is ratelimit\\-HOST alone, ratelimit\\-api.tvmaze.com"), "\(name)")
        }
        let fetchPage = try String(contentsOf: Repository.url("man/tvm-fetch.1"), encoding: .utf8)
        // True since cacheClearGivesTheSpaceBack (LocalStateRegressionTests) passes.
        #expect(flowing(fetchPage).contains("gives the space back"))
    }
}
