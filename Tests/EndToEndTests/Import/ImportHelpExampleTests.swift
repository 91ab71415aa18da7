import Foundation
import Testing

/// The examples of `tvm-fav import --help` and `tvm-fav export --help`, run as written.
@Suite("tvm-fav import and export: the help's examples run")
struct ImportHelpExampleTests {
    @Test("every example of import --help and export --help runs: placed rows exit 0, a partial import 1")
    func helpExamples() async throws {
        try await withImportReplay { _, sandbox in
            // The files the examples name.
            let root = sandbox.root.path
            try ImportFixtures.zip(
                ["tracking-prod-records-v2.csv", "followed_tv_show.csv", "seen_episode.csv", "access_token.csv"].map {
                    ("tv-time-personal-data/\($0)", ImportFixtures.path("tvtime/\($0)"), nil, false)
                }, to: root + "/tv-time-personal-data.zip")
            try FileManager.default.copyItem(
                atPath: ImportFixtures.path("variants/trakt-split"), toPath: root + "/trakt-export")
            try FileManager.default.copyItem(
                atPath: ImportFixtures.path("generic/history.csv"), toPath: root + "/history.csv")
            // Every example of the man page (the whole discussion); the short --help shows the first three.
            let declarations = try await ToolDeclarations.load("tvm-fav")
            var examples: [String] = []
            for command in ["import", "export"] {
                examples += try declarations.command([command]).examples
            }
            #expect(examples.count == 8, "\(examples)")
            for example in examples {
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-e", "-o", "pipefail", "-c", example],
                    stdin: nil, environment: sandbox.shellEnvironment, directory: sandbox.root, timeout: 120)
                #expect(
                    result.status == 0 || result.status == 1, "\(example) exited \(result.status): \(result.stderr)")
                #expect(
                    !result.stderr.contains("error: ") || result.stderr.contains("not on TVMaze")
                        || result.stderr.contains("nothing to import"), "\(example): \(result.stderr)")
            }
            // The last import example copied the whole history into other.sqlite.
            #expect(
                try await sandbox.run("tvm-fav", ["watched", "--db", root + "/other.sqlite"]).stdout
                    == (try await sandbox.run("tvm-fav", ["watched"]).stdout))
        }
    }
}
