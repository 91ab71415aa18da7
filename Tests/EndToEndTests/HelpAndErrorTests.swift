import Foundation
import Testing

/// Issue 16, "Help and errors": one style for every error, suggestions for mistyped names, aliases, help text that
/// reads well at 80 columns, and nothing that happens without a word.
@Suite("help and errors: one style, suggestions, aliases, help text")
struct HelpAndErrorTests {
    /// Command lines ArgumentParser refuses, and the tool's own validation refuses, for every tool.
    private static let refused: [(tool: String, arguments: [String])] = [
        ("tvm-fetch", ["show", "--bogus"]), ("tvm-fetch", ["shwo", "1"]), ("tvm-fetch", ["show", "x"]),
        ("tvm-fetch", ["shows", "--page"]), ("tvm-fetch", ["schedule", "--date", "2019-02-30"]),
        ("tvm-fetch", ["lookup"]), ("tvm-search", []), ("tvm-search", ["--limt", "3", "girls"]),
        ("tvm-fav", ["lsit"]), ("tvm-fav", ["list", "--sort", "rating"]), ("tvm-fav", ["add", "0"]),
        ("tvm-episodes", ["1", "--season", "x"]), ("tvm-episodes", ["1", "--since", "yesterday"]),
        ("tvm-episodes", ["1", "--next", "--group"]), ("tvm-img", ["fetch", "--size", "huge"]),
        ("tvm-img", ["cache", "prune", "--max-size", "lots"]),
        // Commands that print no records refuse what shapes records (serve took --jq and served whole feeds).
        ("tvm-fav", ["serve", "--jq", ".name"]), ("tvm-fav", ["serve", "--limit", "1"]),
        ("tvm-fav", ["logout", "--format", "json"]), ("tvm-img", ["cache", "clear", "--fields", "id"]),
        // A folder for --jq-file was read as an empty program, so whole records went out with exit 0.
        ("tvm-fetch", ["show", "1", "--jq-file", "/"]),
    ]

    @Test("every refused command line is one error in the tool's style, never ArgumentParser's Error:, exit 64")
    func oneStyle() async throws {
        let sandbox = try Sandbox()
        for (tool, arguments) in Self.refused {
            let result = try await sandbox.run(tool, arguments)
            let label = "\(tool) \(arguments.joined(separator: " "))"
            #expect(result.status == 64, "\(label): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(label)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("\(tool): error: ") == true, "\(label): \(result.stderr)")
            #expect(!lines.contains { $0.hasPrefix("Error:") || $0.hasPrefix("Help:") }, "\(label): \(result.stderr)")
        }
    }

    @Test("a mistyped subcommand gets the nearest ones: tvm-fetch shwo → show, tvm-fav lsit → list")
    func subcommandSuggestions() async throws {
        let sandbox = try Sandbox()
        let fetch = try await sandbox.run("tvm-fetch", ["shwo", "1"])
        #expect(fetch.status == 64)
        #expect(fetch.stderr.hasPrefix("tvm-fetch: error: 'shwo' is not a tvm-fetch command; did you mean 'show'?\n"))
        let fav = try await sandbox.run("tvm-fav", ["lsit"])
        #expect(fav.stderr.hasPrefix("tvm-fav: error: 'lsit' is not a tvm-fav command; did you mean 'list'?\n"))
        let img = try await sandbox.run("tvm-img", ["cache", "purne"])
        #expect(img.stderr.hasPrefix("tvm-img: error: 'purne' is not a tvm-img cache command; did you mean 'prune'?\n"))
        let far = try await sandbox.run("tvm-fav", ["frobnicate"])
        #expect(
            far.stderr.hasPrefix("tvm-fav: error: 'frobnicate' is not a tvm-fav command (the commands are add, rm, "))
    }

    @Test("every long option of every command, with two letters swapped, is suggested back, and --hlep is --help")
    func optionSuggestions() async throws {
        let sandbox = try Sandbox()
        var checked = 0
        for tool in Repository.tools {
            let declarations = try await ToolDeclarations.load(tool)
            for command in declarations.commands where command.subcommands.isEmpty {
                // One option per command keeps the run short; the first long name of at least five letters.
                guard
                    let option = command.options.flatMap(\.names).first(where: {
                        $0.hasPrefix("--") && $0.count >= 7 && Set($0.dropFirst(2)).count > 2
                    })
                else { continue }
                var letters = Array(option)
                // Swap the 3rd and 4th letters of the name: --embed → --emebd.
                letters.swapAt(4, 5)
                let typo = String(letters)
                guard typo != option else { continue }
                let result = try await sandbox.run(tool, command.path + [typo, "x"])
                #expect(result.status == 64, "\(tool) \(command.path) \(typo)")
                #expect(
                    result.stderr.contains("unknown option '\(typo)'") && result.stderr.contains("'\(option)'"),
                    "\(tool) \(command.path) \(typo): \(result.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 12)
        let help = try await sandbox.run("tvm-fetch", ["show", "--hlep"])
        #expect(
            help.stderr.hasPrefix(
                "tvm-fetch: error: unknown option '--hlep' for tvm-fetch show; did you mean '--help'?"))
    }

    // Regression: `tvm-fetch show 1 --emebd cast` said "The value 'cast' is invalid for '<id>'".
    @Test("an unknown option is blamed, not the value after it")
    func unknownOptionBlamed() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run("tvm-fetch", ["show", "1", "--emebd", "cast"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "tvm-fetch: error: unknown option '--emebd' for tvm-fetch show; did you mean '--embed'?\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("'cast'"))
        #expect(result.stderr.contains("Usage: tvm-fetch show "))
    }

    @Test("tvm-fav ls is list and tvm-fav remove is rm")
    func aliases() async throws {
        let sandbox = try Sandbox()
        let shows = try FavSupport.recordedShows().prefix(3).joined(separator: "\n") + "\n"
        #expect(try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: shows).status == 0)
        let list = try await sandbox.run("tvm-fav", ["list", "--format", "jsonl"])
        let ls = try await sandbox.run("tvm-fav", ["ls", "--format", "jsonl"])
        #expect(ls.status == 0)
        #expect(ls.stdout == list.stdout)
        #expect(ls.lines.count == 3)
        let filtered = try await sandbox.run("tvm-fav", ["ls", "--jq", ".id"])
        #expect(filtered.lines == list.lines.map { String(FavSupport.showID($0)) })
        let first = FavSupport.showID(list.lines[0])
        let removed = try await sandbox.run("tvm-fav", ["remove", "--yes", String(first), "--format", "jsonl"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await sandbox.favoriteIDs() == list.lines.dropFirst().map(FavSupport.showID))
    }

    @Test("help at 80 columns: examples whole, no unindented continuation, no internals, plain usage lines")
    func helpText() async throws {
        let sandbox = try Sandbox()
        for tool in Repository.tools {
            let declarations = try await ToolDeclarations.load(tool)
            for command in declarations.commands {
                let result = try await sandbox.run(tool, command.path + ["--help"], environment: ["COLUMNS": "80"])
                let label = ([tool] + command.path).joined(separator: " ")
                #expect(result.status == 0, "\(label)")
                let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (index, line) in lines.enumerated() {
                    #expect(line.count <= 80, "\(label): too wide: \(line)")
                    // An example is one line starting with the tool's name; the line after it is never the rest
                    // of the same command.
                    if line.trimmingCharacters(in: .whitespaces).hasPrefix("tvm-") || line.contains("| tvm-") {
                        let next = index + 1 < lines.count ? lines[index + 1] : ""
                        let continues =
                            !line.hasSuffix("\\") && line.hasPrefix("  ") && !next.isEmpty
                            && next.first == " " && !next.trimmingCharacters(in: .whitespaces).hasPrefix("tvm-")
                            && !next.trimmingCharacters(in: .whitespaces).hasPrefix("-")
                            && !next.trimmingCharacters(in: .whitespaces).hasPrefix("echo")
                            && Self.indent(of: next) > Self.indent(of: line)
                        #expect(!continues, "\(label): an example wraps:\n\(line)\n\(next)")
                    }
                    // A line that starts at column 0 is a heading (USAGE:, OPTIONS:), a paragraph of the
                    // discussion, or empty: never the rest of an indented line above it.
                    if let first = line.first, first != " ", index > 0 {
                        let previous = lines[index - 1]
                        #expect(
                            previous.isEmpty || !previous.hasPrefix(" ") || line.hasSuffix(":")
                                || line.hasPrefix("USAGE:"),
                            "\(label): unindented continuation:\n\(previous)\n\(line)")
                    }
                }
                #expect(!result.stdout.contains("network code"), "\(label)")
            }
        }
        let shows = try await sandbox.run("tvm-fetch", ["shows", "--help"])
        #expect(shows.stdout.contains("USAGE: tvm-fetch shows [<options>]\n"))
    }

    private static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

    @Test("--date and --since refuse the same impossible day, before any request; --country UK says GB")
    func datesAndCountries() async throws {
        try await withReplay { server, sandbox in
            let schedule = try await sandbox.run("tvm-fetch", ["schedule", "--date", "2019-02-30"])
            #expect(schedule.status == 64)
            #expect(
                schedule.stderr.hasPrefix(
                    "tvm-fetch: error: --date takes a date as YYYY-MM-DD, such as 2024-01-31, not '2019-02-30'\n"))
            let episodes = try await sandbox.run("tvm-episodes", ["1", "--since", "2019-02-30"])
            #expect(episodes.status == 64)
            #expect(
                episodes.stderr.hasPrefix(
                    "tvm-episodes: error: --since takes a date as YYYY-MM-DD, such as 2024-01-31, not '2019-02-30'\n"))
            let uk = try await sandbox.run("tvm-fetch", ["schedule", "--country", "UK"])
            #expect(uk.status == 64)
            #expect(uk.stderr.contains("use --country GB"), "\(uk.stderr)")
            let unknown = try await sandbox.run("tvm-fetch", ["schedule", "--country", "XQ"])
            #expect(unknown.status == 64)
            #expect(unknown.stderr.contains("not 'XQ'"), "\(unknown.stderr)")
            #expect(server.log.count(matching: .prefix("/schedule")) == 0)
            let lower = try await sandbox.run("tvm-fetch", ["schedule", "--country", "gb", "--date", "2019-01-19"])
            #expect(lower.status != 64, "\(lower.stderr)")
        }
    }

    @Test("tvm-episodes --season that matches nothing names the show and its seasons, and exits 1")
    func seasonMatchingNothing() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.run("tvm-episodes", ["1", "--season", "9"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.hasPrefix(
                    "tvm-episodes: error: show 1 (Under the Dome) has no episodes matching --season 9 (its seasons: 1–3)"
                ),
                "\(result.stderr)")
            let some = try await sandbox.run("tvm-episodes", ["1", "--season", "1"])
            #expect(some.status == 0)
            #expect(some.stderr.isEmpty)
        }
    }
}
