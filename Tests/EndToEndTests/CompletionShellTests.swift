import Foundation
import Testing

/// Completion in the real shells, driven through each shell's own completion entry points (Tests/Shells): the
/// committed scripts of every tool, and the dynamic-candidate machinery through `tvm-completion-probe`.
@Suite("Shell completion in bash, zsh and fish")
struct CompletionShellTests {
    @Test(
        "after a command's name, every shell offers its subcommands",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func subcommands(shell: Shell) async throws {
        let sandbox = try Sandbox()
        var checked = 0
        for tool in Repository.tools {
            let declarations = try await ToolDeclarations.load(tool)
            for command in declarations.commands where !command.subcommands.isEmpty {
                let line = ([tool] + command.path + [""]).joined(separator: " ")
                let completion = try await shell.complete(
                    line, script: shell.committedScript(for: tool), environment: sandbox.shellEnvironment,
                    directory: sandbox.root)
                #expect(completion.status == 0, "\(line): \(completion)")
                #expect(Set(command.subcommands).isSubset(of: Set(completion.values)), "\(line): \(completion)")
                checked += 1
            }
        }
        #expect(checked > 0, "no tool with subcommands was found")
    }

    // Regression: bash completed `tvm-fetch sh` to `show`, then offered nothing, never `shows` (issue 16).
    @Test(
        "a subcommand's name that begins another's completes to both: tvm-fetch sh and show offer show and shows",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func subcommandPrefixes(shell: Shell) async throws {
        let sandbox = try Sandbox()
        for (tool, line, expected) in [
            ("tvm-fetch", "tvm-fetch sh", ["show", "shows"]), ("tvm-fetch", "tvm-fetch show", ["show", "shows"]),
            ("tvm-fetch", "tvm-fetch cache cl", ["clear"]), ("tvm-img", "tvm-img cache p", ["prune"]),
        ] {
            let completion = try await shell.complete(
                line, script: shell.committedScript(for: tool), environment: sandbox.shellEnvironment,
                directory: sandbox.root)
            #expect(completion.status == 0, "\(line): \(completion)")
            #expect(Set(completion.values) == Set(expected), "\(line): \(completion)")
        }
    }

    // Regression: tvm-fav import PATH completed nothing, where an export's folder or ZIP is what it takes.
    @Test(
        "tvm-fav import completes files and folders", .enabled(if: Shell.allInstalled, Shell.missingNote),
        arguments: Shell.allCases)
    func importPaths(shell: Shell) async throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.root.appendingPathComponent("tv-time-export"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: sandbox.root.appendingPathComponent("trakt-backup.zip"))
        let completion = try await shell.complete(
            "tvm-fav import t", script: shell.committedScript(for: "tvm-fav"),
            environment: sandbox.shellEnvironment, directory: sandbox.root)
        #expect(completion.status == 0, "\(completion)")
        let values = Set(completion.values.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        #expect(values == ["tv-time-export", "trakt-backup.zip"], "\(completion)")
    }

    @Test(
        "every option with a fixed list of values completes exactly those values",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func fixedValues(shell: Shell) async throws {
        let sandbox = try Sandbox()
        var checked: Set<String> = []
        for tool in Repository.tools {
            let declarations = try await ToolDeclarations.load(tool)
            for command in declarations.commands {
                for option in command.options {
                    guard let values = option.values, let name = option.names.last else { continue }
                    // Each option once per tool: --format is on every command and completes the same way.
                    guard checked.insert("\(tool) \(name) \(values)").inserted else { continue }
                    let line = ([tool] + command.path + [name, ""]).joined(separator: " ")
                    let completion = try await shell.complete(
                        line, script: shell.committedScript(for: tool), environment: sandbox.shellEnvironment,
                        directory: sandbox.root)
                    #expect(completion.status == 0, "\(line): \(completion)")
                    #expect(Set(completion.values) == Set(values), "\(line): \(completion)")
                }
            }
        }
        // tvm-fetch alone has --format, show --embed, show --open and updates --since.
        #expect(checked.count >= 4, "\(checked)")
    }

    @Test(
        "tvm-fetch show --embed offers the embed kinds, and --format its four formats",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func embedAndFormat(shell: Shell) async throws {
        let sandbox = try Sandbox()
        let script = shell.committedScript(for: "tvm-fetch")
        let embed = try await shell.complete(
            "tvm-fetch show 1 --embed ", script: script, environment: sandbox.shellEnvironment, directory: sandbox.root)
        #expect(embed.values.sorted() == ["cast", "crew", "episodes", "nextepisode", "previousepisode", "seasons"])
        let format = try await shell.complete(
            "tvm-fetch shows --format j", script: script, environment: sandbox.shellEnvironment,
            directory: sandbox.root)
        #expect(format.values.sorted() == ["json", "jsonl"], "\(format)")
    }

    // MARK: Dynamic candidates, through the probe

    @Test(
        "dynamic candidates come from the binary, with descriptions where the shell shows them",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func dynamicCandidates(shell: Shell) async throws {
        let probe = try await Probe(shell: shell, candidates: "1\tUnder the Dome\n139\tGirls\n43687\tSquid Game\n")
        let completion = try await probe.complete("tvm-completion-probe rm ")
        #expect(completion.status == 0, "\(completion)")
        #expect(completion.values == ["1", "139", "43687"], "\(completion)")
        if shell.showsDescriptions {
            #expect(completion.description(of: "139") == "Girls", "\(completion)")
            #expect(completion.description(of: "43687") == "Squid Game", "\(completion)")
        } else {
            #expect(completion.candidates.allSatisfy { $0.description.isEmpty }, "\(completion)")
        }
        let requests = try probe.requests()
        #expect(requests.count == 1)
        #expect(requests.first?.prefix == "")
    }

    @Test(
        "the word before the cursor reaches the binary as the prefix, and the shell filters by it",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func prefix(shell: Shell) async throws {
        let probe = try await Probe(shell: shell, candidates: "1\tUnder the Dome\n139\tGirls\n43687\tSquid Game\n")
        let completion = try await probe.complete("tvm-completion-probe rm 42 13")
        #expect(completion.values == ["139"], "\(completion)")
        let request = try #require(try probe.requests().last)
        #expect(request.prefix == "13")
        #expect(request.words.suffix(3) == ["rm", "42", "13"])
        #expect(request.words[request.index] == "13")
    }

    @Test(
        "an option's value completes dynamically too, from the file an earlier --from names",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func optionValue(shell: Shell) async throws {
        let probe = try await Probe(shell: shell, candidates: "from-environment\n")
        let other = probe.sandbox.root.appendingPathComponent("other.txt")
        try "from-the-line\tnamed by --from\n".write(to: other, atomically: true, encoding: .utf8)
        let completion = try await probe.complete("tvm-completion-probe pick --from \(other.path) --item ")
        #expect(completion.values == ["from-the-line"], "\(completion)")
        let fallback = try await probe.complete("tvm-completion-probe pick --item ")
        #expect(fallback.values == ["from-environment"], "\(fallback)")
    }

    // Regression: compgen -W expands its words, so a raw `$(…)` candidate ran a command and `a:b` broke zsh.
    @Test(
        "candidates are offered literally: nothing in them runs or expands",
        .enabled(if: Shell.allInstalled, Shell.missingNote), arguments: Shell.allCases)
    func literalCandidates(shell: Shell) async throws {
        let hostile = ["$(touch pwned)", "`touch pwned2`", "star trek: picard", "it's \"quoted\"", "~root", "{a,b}"]
        // Distinct descriptions: zsh lists values that share one description on a single line.
        let lines = hostile.enumerated().map { "\($0.element)\tnumber: \($0.offset)\n" }.joined()
        let probe = try await Probe(shell: shell, candidates: lines)
        let completion = try await probe.complete("tvm-completion-probe rm ")
        #expect(completion.values == hostile, "\(completion)")
        if shell.showsDescriptions {
            #expect(completion.candidates.map(\.description) == hostile.indices.map { "number: \($0)" })
        }
        #expect(!FileManager.default.fileExists(atPath: probe.sandbox.root.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: probe.sandbox.root.appendingPathComponent("pwned2").path))
    }

    // Regression: fish 3 prints no cursor for `commandline -tC` under `complete -C`, so ArgumentParser's script
    // passed one argument too few and the tool answered "Invalid state" instead of candidates.
    @Test(
        "fish: custom completion works under complete -C, which fails with ArgumentParser's script as generated",
        .enabled(if: Shell.fish.isInstalled, Shell.fish.absenceNote)
    )
    func fishCompleteCommand() async throws {
        let probe = try await Probe(shell: .fish, candidates: "139\tGirls\n")
        let fixed = try await probe.complete("tvm-completion-probe rm 1")
        #expect(fixed.values == ["139"], "\(fixed)")
        #expect(try probe.requests().last?.prefix == "1")
        let version = try await Sandbox.run(
            executable: URL(fileURLWithPath: Shell.fish.executable ?? "/usr/bin/fish"), arguments: ["--version"],
            stdin: nil, environment: probe.sandbox.shellEnvironment, directory: probe.sandbox.root, timeout: 30)
        if version.stdout.contains("version 3.") {
            let raw = try await probe.complete("tvm-completion-probe rm 1", script: try await probe.rawScript())
            #expect(raw.values.isEmpty, "\(raw)")
            #expect(raw.stderr.contains("Can not set commandline in non-interactive mode"), "\(raw)")
        }
    }

    @Test(
        "fish: Tab in an interactive fish (tmux) lists the candidates with their descriptions",
        .enabled(if: Shell.fish.isInstalled, Shell.fish.absenceNote),
        TmuxTerminal.required
    )
    func fishInteractiveTab() async throws {
        let probe = try await Probe(shell: .fish, candidates: "1\tUnder the Dome\n139\tGirls\n")
        let script = try probe.script()
        let screen = try await TmuxTerminal.type(
            "tvm-completion-probe rm ", then: ["Tab"], in: ["fish", "--no-config", "-C", "source \(script)"],
            sandbox: probe.sandbox, environment: probe.environment, waitingFor: "Girls")
        #expect(screen.contains("Under the Dome"), "\(screen)")
        #expect(screen.contains("139"), "\(screen)")
    }
}
