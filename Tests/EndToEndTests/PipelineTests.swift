import Foundation
import ReplayServer
import Testing

/// Runs a shell pipeline of tvm tools in a sandbox (the built tools first on PATH), without a terminal.
func runPipeline(_ sandbox: Sandbox, _ pipeline: String) async throws -> ToolResult {
    var env = sandbox.environment
    env["PATH"] = Binaries.directory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    return try await Sandbox.run(
        executable: URL(fileURLWithPath: "/bin/bash"),
        arguments: ["-o", "pipefail", "-c", pipeline],
        stdin: nil,
        environment: env,
        directory: sandbox.root,
        timeout: 120
    )
}

@Suite("The tools compose through pipes")
struct PipelineTests {
    @Test("tvm-search … | tvm-fav add saves every result, with no extra request for the full records")
    func searchIntoFavorites() async throws {
        try await withReplay { server, sandbox in
            let added = try await runPipeline(sandbox, "tvm-search girls | tvm-fav add --no-episodes --jq .id")
            #expect(added.status == 0)
            let results = try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            let ids = try results.map { result in
                let show = try #require(try EpisodeFixtures.object(result)["show"] as? [String: Any])
                return "\(try #require(show["id"] as? Int))"
            }
            #expect(ids.count == 10)
            #expect(added.lines == ids)
            #expect(server.log.count == 1)  // the search itself; the results are full show records
            let listed = try await runPipeline(sandbox, "tvm-fav list --jq .id")
            #expect(listed.lines == added.lines)
            let stored = try await runPipeline(
                sandbox, "tvm-fav list --jq 'has(\"_tvm\") and (._tvm | has(\"score\") | not)'")
            #expect(Set(stored.lines) == ["true"])
        }
    }

    @Test("tvm-fav list | tvm-episodes --season 1 | tvm-img: episodes of favorites, with their stills")
    func favoritesEpisodesImages() async throws {
        try await withReplay { server, sandbox in
            let setup = try await runPipeline(sandbox, "tvm-fetch show 1 | tvm-fav add >/dev/null")
            #expect(setup.status == 0)
            let result = try await runPipeline(
                sandbox,
                "tvm-fav list | tvm-episodes --season 1 | tvm-img --jq '[.season, .number, ._tvm.show.name, ._tvm.image] | @tsv'"
            )
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let seasonOne = try Fixtures.elements("shows/1/episodes.json", baseURL: server.baseURL).filter {
                try EpisodeFixtures.object($0)["season"] as? Int == 1
            }
            let stills = Img.urls(seasonOne)
            #expect(seasonOne.count == 13)
            #expect(result.lines.count == seasonOne.count)
            for (index, line) in result.lines.enumerated() where index < seasonOne.count {
                let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let number = try #require(try EpisodeFixtures.object(seasonOne[index])["number"] as? Int)
                #expect(cells.prefix(3) == ["1", "\(number)", "Under the Dome"], "line \(index + 1)")
                // The image column is the episode's own still: the replay server's JPEG carries its URL's path.
                let still = try #require(stills[index], "episode 1x\(number) has a still")
                let path = try #require(cells.last)
                #expect(path.hasPrefix(Img.directory(sandbox) + "/"))
                #expect(Img.contents(path).contains(Img.path(of: still)), "line \(index + 1)")
            }
            let imageTargets = server.log.requests.map(\.target).filter { $0.hasPrefix("/uploads/images") }
            #expect(imageTargets.sorted() == stills.compactMap { $0.map(Img.path(of:)) }.sorted())
        }
    }
}
