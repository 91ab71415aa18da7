import Foundation
import Testing

/// Paths in the repository, and the tools it ships.
enum Repository {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A path below the root.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The installed tools: the executable products of Package.swift, in its order.
    static let tools: [String] = {
        let manifest = (try? String(contentsOf: url("Package.swift"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: ".executable(name: \"") else { return nil }
            return line[start.upperBound...].split(separator: "\"").first.map(String.init)
        }
    }()

    /// Whether a tool's binary is still the placeholder an unfinished issue replaces ("not built yet").
    static func isPlaceholder(_ tool: String) async throws -> Bool {
        try await ToolDeclarations.load(tool) == nil
    }

    /// The reason to give when a test needs a tool that is still a placeholder.
    static func placeholderNote(_ tool: String) -> Comment {
        "\(tool) is still the placeholder on this branch (it prints \"not built yet\"); this runs once it is merged"
    }
}

/// A command's declarations, from `--experimental-dump-help` (ArgumentParser's JSON of the declarations).
struct ToolDeclarations: Sendable {
    /// A command and the words that reach it (`["cache", "prune"]`).
    struct Command: Sendable {
        var path: [String]
        var subcommands: [String]
        var options: [Option]
    }

    /// An option, with the fixed values its completion offers, if any.
    struct Option: Sendable {
        var names: [String]
        var values: [String]?
    }

    var tool: String
    var commands: [Command]

    /// Loads a tool's declarations; `nil` when the binary is still a placeholder.
    static func load(_ tool: String) async throws -> ToolDeclarations? {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(tool, ["--experimental-dump-help"])
        guard result.stdout.hasPrefix("{") else {
            if result.stdout.contains("not built yet") { return nil }
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
        return [Command(path: path, subcommands: names, options: options)]
            + subcommands.flatMap { commands($0, path: path + [$0["commandName"] as? String ?? ""]) }
    }
}

/// A tool printed declarations the tests cannot read.
struct DeclarationsError: Error, CustomStringConvertible {
    var detail: String
    var description: String { detail }
}
