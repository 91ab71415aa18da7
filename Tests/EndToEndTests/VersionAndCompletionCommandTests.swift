import Foundation
import Testing

/// `tvm --version` says which commit the program was built from (scripts/build-info.sh, run by the BuildInfo
/// plugin), and `tvm completion SHELL` prints the completion scripts `make install` installs.
@Suite("tvm version and tvm completion")
struct VersionAndCompletionCommandTests {
    /// Runs git in the repository; nil when git or the checkout is missing (a source tarball).
    private static func git(_ arguments: [String]) async throws -> String? {
        guard FileManager.default.fileExists(atPath: Repository.url(".git").path) else { return nil }
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["git", "-C", Repository.root.path] + arguments,
            stdin: nil, environment: ProcessInfo.processInfo.environment, directory: Repository.root, timeout: 60)
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The committed script `make install` installs for one command and shell.
    private static func installedScript(_ shell: String, _ command: String) throws -> String {
        let path =
            switch shell {
            case "zsh": "completions/zsh/_\(command)"
            case "fish": "completions/fish/\(command).fish"
            default: "completions/bash/\(command)"
            }
        return try String(contentsOf: Repository.url(path), encoding: .utf8)
    }

    @Test("tvm --version, tvm version and every tool's --version print one line: the version, commit and its date")
    func versionLine() async throws {
        let sandbox = try Sandbox()
        let line = try await sandbox.run("tvm", ["--version"])
        #expect(line.status == 0 && line.stderr.isEmpty, "\(line.stderr)")
        for (tool, arguments) in [("tvm", ["version"]), ("tvm-fetch", ["--version"]), ("tvm", ["fav", "--version"])] {
            let other = try await sandbox.run(tool, arguments)
            #expect(other.status == 0 && other.stdout == line.stdout, "\(tool) \(arguments): \(other.stdout)")
        }
        let match = try #require(
            line.stdout.wholeMatch(
                of: #/tvm (\d+\.\d+\.\d+) \(rev ([0-9a-f]{7,40})(-dirty)?, (\d{4}-\d{2}-\d{2})\)\n/#),
            "\(line.stdout.debugDescription)")
        let version = try String(contentsOf: Repository.url("Sources/TVMCommandLine/Version.swift"), encoding: .utf8)
        #expect(version.contains("current = \"\(match.1)\""))
        // The binary may be older than the checkout's HEAD; its commit must exist, with the date it prints.
        if let date = try await Self.git(["log", "-1", "--format=%cs", String(match.2)]) {
            #expect(date == String(match.4), "commit \(match.2) is of \(date)")
        } else {
            Issue.record("the revision \(match.2) is not a commit of this repository")
        }
    }

    @Test("build-info.sh takes the revision from git, else from .tarball-version, else none")
    func buildInfoSources() async throws {
        let sandbox = try Sandbox()
        let script = Repository.url("scripts/build-info.sh").path
        let tree = sandbox.root.appendingPathComponent("tree")
        try FileManager.default.createDirectory(
            at: tree.appendingPathComponent("completions/bash"), withIntermediateDirectories: true)
        try "complete -F _x x\n".write(
            to: tree.appendingPathComponent("completions/bash/tvm"), atomically: true, encoding: .utf8)
        func generate(_ tree: URL) async throws -> String {
            let out = sandbox.root.appendingPathComponent("out-\(UUID().uuidString)")
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/sh"), arguments: [script, tree.path, out.path], stdin: nil,
                environment: ["PATH": "/usr/bin:/bin"], directory: sandbox.root, timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
            return try String(contentsOf: out.appendingPathComponent("BuildInfo.swift"), encoding: .utf8)
        }
        let bare = try await generate(tree)
        #expect(bare.contains("let buildRevision: String? = nil\n"), "\(bare)")
        #expect(bare.contains("\"bash/tvm\": ###\"\"\"\ncomplete -F _x x\n\n\"\"\"###,"), "\(bare)")
        let versionFile = tree.appendingPathComponent(".tarball-version")
        try "abc1234 2026-11-30\n".write(to: versionFile, atomically: true, encoding: .utf8)
        let tarball = try await generate(tree)
        #expect(tarball.contains("let buildRevision: String? = \"abc1234\"\n"), "\(tarball)")
        #expect(tarball.contains("let buildDate: String? = \"2026-11-30\"\n"), "\(tarball)")
        try "$Format:%h %cs$\n".write(to: versionFile, atomically: true, encoding: .utf8)
        #expect(try await generate(tree).contains("let buildRevision: String? = nil\n"))
    }

    @Test(
        "a source tarball from git archive carries its commit in .tarball-version",
        .enabled(if: FileManager.default.fileExists(atPath: Repository.url(".git").path), "not a git checkout"))
    func gitArchiveVersion() async throws {
        let sandbox = try Sandbox()
        let archive = sandbox.root.appendingPathComponent("source.tar")
        let made = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["git", "-C", Repository.root.path, "archive", "-o", archive.path, "HEAD", ".tarball-version"],
            stdin: nil, environment: ProcessInfo.processInfo.environment, directory: sandbox.root, timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        let listed = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["tar", "-xOf", archive.path, ".tarball-version"],
            stdin: nil, environment: ProcessInfo.processInfo.environment, directory: sandbox.root, timeout: 60)
        let head = try #require(try await Self.git(["rev-parse", "HEAD"]))
        let date = try #require(try await Self.git(["log", "-1", "--format=%cs", "HEAD"]))
        let fields = listed.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.count == 2 && head.hasPrefix(fields[0]) && fields[1] == date, "\(listed.stdout)")
    }

    @Test("tvm completion SHELL [TOOL] and tvm-TOOL --generate-completion-script print the installed scripts")
    func completionPrintsInstalledScripts() async throws {
        let sandbox = try Sandbox()
        let commands = ["tvm"] + Repository.tools
        for shell in ["bash", "zsh", "fish"] {
            let all = try await sandbox.run("tvm", ["completion", shell])
            #expect(all.status == 0, "\(all.stderr)")
            let expected = try commands.map { try Self.installedScript(shell, $0) }.joined()
            #expect(all.stdout == expected, "tvm completion \(shell) is not completions/ (rebuild after make docs)")
            for command in commands {
                let one = try await sandbox.run("tvm", ["completion", shell, command])
                #expect(one.stdout == (try Self.installedScript(shell, command)), "tvm completion \(shell) \(command)")
                guard command != "tvm" else { continue }
                for (tool, arguments) in [
                    (command, ["--generate-completion-script", shell]),
                    ("tvm", [String(command.dropFirst(4)), "--generate-completion-script=\(shell)"]),
                ] {
                    let generated = try await sandbox.run(tool, arguments)
                    #expect(generated.stdout == one.stdout, "\(tool) \(arguments)")
                }
            }
        }
        // Only scripts/generate-docs.sh asks for ArgumentParser's script, which lacks tvm's fixes and header.
        let raw = try await sandbox.run(
            "tvm-fetch", ["--generate-completion-script", "bash"], environment: ["TVM_RAW_COMPLETION_SCRIPT": "1"])
        #expect(raw.status == 0 && !raw.stdout.isEmpty)
        #expect(raw.stdout != (try Self.installedScript("bash", "tvm-fetch")))
        #expect(!raw.stdout.contains("Generated by scripts/generate-docs.sh"))
    }

    @Test(
        "eval \"$(tvm completion SHELL)\" in a new shell completes tvm, the tools and a favorite's id",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func evalCompletes(shell: Shell) async throws {
        let sandbox = try Sandbox()
        let show = try String(contentsOf: Fixtures.root.appendingPathComponent("shows/139.json"), encoding: .utf8)
        let added = try await sandbox.run(
            "tvm-fav", ["add", "--quiet", "--no-episodes"],
            stdin: show.replacingOccurrences(of: "\n", with: "") + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        var environment = sandbox.shellEnvironment
        // No installed scripts to find: only what the eval defines.
        environment["XDG_DATA_DIRS"] = sandbox.root.path
        for (line, expected) in [
            ("tvm fe", "fetch"), ("tvm-fetch sh", "shows"), ("tvm fetch sh", "shows"), ("tvm completion ", "zsh"),
            ("tvm-fav rm ", "139"), ("tvm fav rm ", "139"),
        ] {
            let completion = try await shell.complete(
                line, script: "--eval", environment: environment, directory: sandbox.root)
            #expect(completion.status == 0, "\(line): \(completion)")
            #expect(completion.values.contains(expected), "\(line): \(completion)")
        }
    }
}
