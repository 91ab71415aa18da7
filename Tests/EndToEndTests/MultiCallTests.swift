import Foundation
import Testing

/// One program under five names: `tvm` runs the tool named by the basename it was started under, or, as `tvm`, the
/// tool its first argument names.
@Suite("tvm: one program, five tools")
struct MultiCallTests {
    /// A folder holding only `tvm-fav`, a link to the built program, and an environment whose PATH has no tvm tool.
    private func loneFav(_ sandbox: Sandbox) throws -> (URL, [String: String]) {
        let folder = sandbox.root.appendingPathComponent("lone-bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("tvm-fav")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: Binaries.url("tvm").resolvingSymlinksInPath())
        var environment = sandbox.environment
        environment["PATH"] = "/usr/bin:/bin"
        return (link, environment)
    }

    @Test("tvm alone, tvm --help and tvm help list the five tools, one line each, and exit 0")
    func overview() async throws {
        let sandbox = try Sandbox()
        for arguments in [[], ["--help"], ["-h"], ["help"]] {
            let result = try await sandbox.run("tvm", arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty)
            let toolLines = result.lines.filter {
                $0.hasPrefix("  ") && !$0.hasPrefix("  -") && !$0.contains("tvm-TOOL")
            }
            #expect(
                toolLines.map { String($0.split(separator: " ")[0]) } == ["fetch", "search", "fav", "episodes", "img"])
            #expect(toolLines.allSatisfy { $0.count > 20 }, "each tool has its summary: \(toolLines)")
        }
    }

    @Test("tvm --version prints the version the tools print")
    func version() async throws {
        let sandbox = try Sandbox()
        let tvm = try await sandbox.run("tvm", ["--version"])
        let fetch = try await sandbox.run("tvm-fetch", ["--version"])
        #expect(tvm.status == 0 && fetch.status == 0)
        #expect(tvm.stdout == fetch.stdout)
        #expect(
            tvm.stdout.range(of: #"^tvm \d+\.\d+\.\d+ \(rev [^)]+\)\n$"#, options: .regularExpression) != nil,
            "\(tvm.stdout)")
    }

    @Test("tvm TOOL ARGS and tvm-TOOL ARGS print the same bytes, messages and status")
    func gitStyleMatchesLinks() async throws {
        try await withReplay { _, sandbox in
            for (tool, arguments) in [
                ("fetch", ["show", "1", "139"]), ("fetch", ["show", "999999999"]),
                ("episodes", ["1", "--season", "1"]),
                ("search", ["girls"]), ("fav", ["list"]), ("fetch", ["show", "--bogus"]),
            ] {
                let viaTVM = try await sandbox.run("tvm", [tool] + arguments)
                let viaLink = try await sandbox.run("tvm-\(tool)", arguments)
                #expect(viaTVM.status == viaLink.status, "\(tool) \(arguments)")
                #expect(viaTVM.stdout == viaLink.stdout, "\(tool) \(arguments)")
                #expect(viaTVM.stderr == viaLink.stderr, "\(tool) \(arguments)")
            }
            let long = try await sandbox.run("tvm", ["tvm-fetch", "show", "1", "--jq", ".name"])
            #expect(long.stdout == "Under the Dome\n", "\(long.stderr)")
        }
    }

    @Test("tvm help TOOL is TOOL --help, and tvm help TOOL COMMAND is TOOL COMMAND --help")
    func helpTool() async throws {
        let sandbox = try Sandbox()
        let help = try await sandbox.run("tvm", ["help", "img"])
        let direct = try await sandbox.run("tvm-img", ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout == direct.stdout)
        #expect(help.stdout.contains("USAGE: tvm-img"))
        // Regression: a command after the tool was dropped, and the tool's overview printed.
        let command = try await sandbox.run("tvm", ["help", "fav", "add"])
        #expect(command.status == 0)
        #expect(command.stdout == (try await sandbox.run("tvm-fav", ["add", "--help"])).stdout)
        #expect(command.stdout.contains("USAGE: tvm-fav add"))
    }

    @Test("tvm-fav alone in its folder, with no other tool on PATH, fetches and saves a show by id in-process")
    func favFetchesInProcess() async throws {
        try await withReplay { server, sandbox in
            let (fav, environment) = try loneFav(sandbox)
            let added = try await Sandbox.run(
                executable: fav, arguments: ["add", "--no-episodes", "1", "--jq", ".name"], stdin: nil,
                environment: environment,
                directory: sandbox.root, timeout: 60)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout == "Under the Dome\n")
            #expect(server.log.requests.map(\.target) == ["/shows/1"])
            let refreshed = try await Sandbox.run(
                executable: fav, arguments: ["refresh", "--jq", ".id"], stdin: nil, environment: environment,
                directory: sandbox.root, timeout: 60)
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(refreshed.stdout == "1\n")
        }
    }

    @Test("tvm-fav add starts one process: strace sees a single execve")
    func oneExecve() async throws {
        let strace = try #require(
            ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "strace is missing: bash scripts/deps.sh test installs it")
        try await withReplay { _, sandbox in
            let log = sandbox.root.appendingPathComponent("strace.log")
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: strace),
                arguments: ["-f", "-e", "trace=execve", "-o", log.path, Binaries.url("tvm-fav").path, "add", "1"],
                stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("execve(") }
            #expect(calls.count == 1, "\(calls)")
        }
    }
}
