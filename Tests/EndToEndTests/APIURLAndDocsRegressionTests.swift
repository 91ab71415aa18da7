import Foundation
import ReplayServer
import Testing

/// Regressions of the API base URL.
@Suite("regressions: the API URL is taken as given or refused")
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
}
