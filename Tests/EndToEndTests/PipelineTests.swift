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
            let added = try await runPipeline(sandbox, "tvm-search girls | tvm-fav add --jq .id")
            #expect(added.status == 0)
            #expect(added.lines.count == 10)
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
                "tvm-fav list | tvm-episodes --season 1 | tvm-img --jq '[.season, ._tvm.show.name, (._tvm.image != null)] | @tsv'"
            )
            #expect(result.status == 0)
            #expect(result.lines.count == 13)
            #expect(result.lines.allSatisfy { $0.hasPrefix("1\tUnder the Dome\t") })
            #expect(server.log.count(matching: .prefix("/uploads/images")) > 0)
        }
    }
}
