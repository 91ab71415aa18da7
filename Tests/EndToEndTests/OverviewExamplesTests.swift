import Foundation
import Testing

/// The examples of `tvm(7)` run, in order, in one sandbox against the replay server.
@Suite("tvm(7)'s examples run")
struct OverviewExamplesTests {
    /// The EXAMPLES section's literal blocks, as a shell reads them (mdoc's `\-` and `\e` undone).
    static func examples() throws -> [String] {
        let page = try String(contentsOf: Repository.url("man/tvm.7"), encoding: .utf8)
        let section =
            try #require(page.components(separatedBy: ".Sh EXAMPLES").last)
            .components(separatedBy: "\n.Sh ").first ?? ""
        var blocks: [String] = []
        var current: [String]?
        for line in section.components(separatedBy: "\n") {
            if line.hasPrefix(".Bd -literal") {
                current = []
            } else if line == ".Ed", let block = current {
                blocks.append(block.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(
                    line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\"))
            }
        }
        return blocks
    }

    @Test("every example of tvm(7) exits 0, and the favorites they make are there")
    func examplesRun() async throws {
        let examples = try Self.examples()
        #expect(examples.count >= 5)
        try await withReplay { _, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = "2019-01-16T12:00:00Z"
            for example in examples {
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-e", "-o", "pipefail", "-c", example],
                    stdin: nil, environment: sandbox.shellEnvironment, directory: sandbox.root, timeout: 120)
                #expect(result.status == 0, "\(example)\nstderr:\n\(result.stderr)")
            }
            let ids = try await sandbox.run("tvm-fav", ["list", "--jq", ".id"]).stdout
            #expect(ids.split(separator: "\n").sorted() == ["139", "43"])
            let other = sandbox.root.appendingPathComponent("other.sqlite").path
            let copied = try await sandbox.run("tvm-fav", ["list", "--db", other, "--jq", ".id"]).stdout
            #expect(copied.split(separator: "\n").sorted() == ["139", "43"])
            // Outlander's pilot (episode 1954), and only it.
            let watched = try await sandbox.run("tvm-fav", ["watched", "--jq", "[.show, .episode] | @tsv"]).stdout
            #expect(watched == "43\t1954\n")
        }
    }
}
