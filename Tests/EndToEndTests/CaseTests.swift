import Foundation
import ReplayServer
import Testing

/// One plain input → output case, from a folder `Tests/Cases/<tool>/<case>/`:
///
/// - `args`: the arguments, one per line (no shell quoting);
/// - `stdin.jsonl` (optional): what the tool reads;
/// - `env` (optional): `NAME=value` lines added to the environment, such as `TVM_NOW`, `TZ` or `COLUMNS`;
/// - `stdout`: the exact output;
/// - `stderr`: the exact messages, or `stderr.pattern`: a regular expression the whole of stderr matches;
/// - `status`: the exit status.
///
/// `<tool>` is the name the program is started as (`tvm-fetch`, or `tvm` for the git-style form). In every file,
/// `@API@` stands for the replay server's URL, which also replaces TVMaze's hosts in the recorded responses.
///
/// Each case runs in the test's process (``InProcess``), against a replay server on 127.0.0.1 and folders of its
/// own.
struct ToolCase: CustomTestStringConvertible, Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Cases")
    static let fixtures = root.deletingLastPathComponent().appendingPathComponent("Fixtures/tvmaze")

    let tool: String
    let name: String
    let folder: URL

    var testDescription: String { "\(tool)/\(name)" }

    /// Every case folder, sorted by tool, then name.
    static var all: [ToolCase] {
        let manager = FileManager.default
        let tools = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        return tools.sorted().flatMap { tool in
            let names = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(tool).path)) ?? []
            return names.sorted().map {
                ToolCase(tool: tool, name: $0, folder: root.appendingPathComponent(tool).appendingPathComponent($0))
            }
        }
    }

    func text(_ file: String, api: String) throws -> String? {
        let url = folder.appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "@API@", with: api)
    }
}

@Suite("cases as data: Tests/Cases/<tool>/<case>")
struct CaseTests {
    @Test("the case folders hold at least one case for each tool and for tvm itself")
    func everyToolHasCases() {
        let tools = Set(ToolCase.all.map(\.tool))
        #expect(tools.isSuperset(of: InProcess.tools.map(\.name) + ["tvm"]), "\(tools.sorted())")
    }

    // One case at a time: each is a few milliseconds in-process, and 160 replay servers and runs at once on a
    // loaded 2-core CI machine only measure the machine.
    @Test(
        "each case prints exactly its stdout and stderr and exits with its status", .serialized,
        arguments: ToolCase.all)
    func run(_ toolCase: ToolCase) async throws {
        let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: ToolCase.fixtures))
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-case-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            let api = server.baseURL
            let arguments = try #require(try toolCase.text("args", api: api), "\(toolCase.testDescription): no args")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .dropLast(1)  // the file's final newline
            let stdin = try toolCase.text("stdin.jsonl", api: api)
            var environment = [
                "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_DATA_HOME": home.path + "/data",
                "XDG_STATE_HOME": home.path + "/state", "XDG_CONFIG_HOME": home.path + "/config",
                "TVM_API_URL": api, "TERM": "dumb", "PAGER": "cat", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            ]
            for line in try toolCase.text("env", api: api)?.split(separator: "\n") ?? [] {
                let pair = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                try #require(pair.count == 2, "\(toolCase.testDescription): env line '\(line)' is not NAME=value")
                environment[String(pair[0])] = String(pair[1])
            }
            let result = await InProcess.run(
                toolCase.tool, Array(arguments), stdin: stdin.map { Array($0.utf8) }, environment: environment)
            let status = try #require(
                try toolCase.text("status", api: api).flatMap {
                    Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
                },
                "\(toolCase.testDescription): no status")
            #expect(result.status == status, "\(toolCase.testDescription): \(result.stderr)")
            #expect(
                result.stdout == (try toolCase.text("stdout", api: api) ?? ""),
                "\(toolCase.testDescription): stdout \(result.stdout.debugDescription), stderr \(result.stderr.debugDescription)"
            )
            if let pattern = try toolCase.text("stderr.pattern", api: api) {
                let regex = try Regex(pattern.trimmingCharacters(in: .newlines))
                #expect(
                    (try? regex.wholeMatch(in: result.stderr.trimmingCharacters(in: .newlines))) != nil,
                    "\(toolCase.testDescription): stderr \(result.stderr.debugDescription) does not match \(pattern)")
            } else {
                #expect(
                    result.stderr == (try toolCase.text("stderr", api: api) ?? ""),
                    "\(toolCase.testDescription): stderr \(result.stderr.debugDescription)")
            }
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
    }
}
