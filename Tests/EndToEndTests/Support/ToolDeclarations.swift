import Foundation

/// A command's declarations, from `--experimental-dump-help` (ArgumentParser's JSON of the declarations).
struct ToolDeclarations: Sendable {
    /// A command and the words that reach it (`["cache", "prune"]`).
    struct Command: Sendable {
        var path: [String]
        var subcommands: [String]
        var options: [Option]
        /// The whole discussion, as the man page shows it (the short `--help` keeps three examples of it).
        var discussion: String = ""

        /// The examples under "Examples:" in the discussion: each a command, its lines trimmed.
        var examples: [String] {
            let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Examples:" })
            else { return [] }
            return ToolDeclarations.commands(lines[(start + 1)...].prefix { $0.hasPrefix("  ") })
        }
    }

    /// Indented example lines, up to the first blank one, as commands: a line ending with `\` goes on into the
    /// next, as in a shell; each command's lines are trimmed and joined with newlines.
    static func commands(_ lines: some Sequence<String>) -> [String] {
        var commands: [String] = []
        var continued = false
        for line in lines {
            if line.allSatisfy(\.isWhitespace) { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if continued { commands[commands.count - 1] += "\n" + trimmed } else { commands.append(trimmed) }
            continued = trimmed.hasSuffix("\\")
        }
        return commands
    }

    /// The command reached by `path`.
    func command(_ path: [String]) throws -> Command {
        guard let command = commands.first(where: { $0.path == path }) else {
            throw DeclarationsError(detail: "\(tool) has no command \(path)")
        }
        return command
    }

    /// An option, with the fixed values its completion offers, if any.
    struct Option: Sendable {
        var names: [String]
        var values: [String]?
    }

    var tool: String
    var commands: [Command]

    /// Loads a tool's declarations from its binary.
    static func load(_ tool: String) async throws -> ToolDeclarations {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(tool, ["--experimental-dump-help"])
        guard result.stdout.hasPrefix("{") else {
            throw DeclarationsError(detail: "\(tool) --experimental-dump-help printed no JSON: \(result.stderr)")
        }
        guard let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            let root = json["command"] as? [String: Any]
        else { throw DeclarationsError(detail: "\(tool): unexpected dump-help JSON") }
        return ToolDeclarations(tool: tool, commands: Self.commands(root, path: []))
    }

    private static func commands(_ command: [String: Any], path: [String]) -> [Command] {
        let subcommands = (command["subcommands"] as? [[String: Any]] ?? []).filter {
            ($0["shouldDisplay"] as? Bool ?? true) && $0["commandName"] as? String != "help"
        }
        let options = (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument -> Option? in
            guard argument["kind"] as? String == "option", argument["shouldDisplay"] as? Bool ?? true else {
                return nil
            }
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "long" ? "--" : "-") + text
            }
            let list = (argument["completionKind"] as? [String: Any])?["list"] as? [String: Any]
            return Option(names: names, values: list?["values"] as? [String])
        }
        let names = subcommands.compactMap { $0["commandName"] as? String }
        return [
            Command(
                path: path, subcommands: names, options: options, discussion: command["discussion"] as? String ?? "")
        ]
            + subcommands.flatMap { commands($0, path: path + [$0["commandName"] as? String ?? ""]) }
    }
}

/// A tool printed declarations the tests cannot read.
struct DeclarationsError: Error, CustomStringConvertible {
    var detail: String
    var description: String { detail }
}
