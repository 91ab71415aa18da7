/// The part of ArgumentParser's `--experimental-dump-help` JSON (serialization version 0) that the manual uses.
///
/// The JSON is what the tool's own declarations say about themselves: names, abstracts, discussions, arguments.
struct ToolInfo: Decodable {
    /// The format version; only 0 is understood.
    var serializationVersion: Int
    /// The root command.
    var command: CommandInfo
}

/// One command or subcommand.
struct CommandInfo: Decodable {
    var commandName: String
    var aliases: [String]?
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var defaultSubcommand: String?
    var subcommands: [CommandInfo]?
    var arguments: [ArgumentInfo]?

    /// The subcommands a reader sees, without ArgumentParser's own `help` command (the page is the help).
    var visibleSubcommands: [CommandInfo] {
        (subcommands ?? []).filter { ($0.shouldDisplay ?? true) && !$0.isBuiltInHelp }
    }

    /// Whether this is the `help` subcommand ArgumentParser adds to every command with subcommands.
    var isBuiltInHelp: Bool { commandName == "help" && abstract == "Show subcommand help information." }

    /// The arguments a reader sees.
    var visibleArguments: [ArgumentInfo] { (arguments ?? []).filter(\.shouldDisplay) }
}

/// One positional argument, option or flag.
struct ArgumentInfo: Decodable, Equatable {
    enum Kind: String, Decodable {
        case positional, option, flag
    }

    struct Name: Decodable, Equatable {
        enum Kind: String, Decodable {
            case long, short, longWithSingleDash
        }

        var kind: Kind
        var name: String

        /// The name as typed: `--page`, `-q`, `-name`.
        var spelled: String {
            switch kind {
            case .long: return "--" + name
            case .short, .longWithSingleDash: return "-" + name
            }
        }
    }

    var kind: Kind
    var shouldDisplay: Bool
    var parsingStrategy: String?
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var valueName: String?
    var defaultValue: String?
    var allValues: [String]?
    var abstract: String?
    var discussion: String?

    /// The names, short ones first, as typed.
    var spelledNames: [String] {
        (names ?? []).sorted { ($0.kind == .short ? 0 : 1, $0.name) < ($1.kind == .short ? 0 : 1, $1.name) }
            .map(\.spelled)
    }

    /// Identifies an option across commands: its names.
    var key: String { kind == .positional ? "" : spelledNames.joined(separator: ",") }

    /// Whether one occurrence takes several values (`--embed a b`), rather than the option being repeated.
    var takesSeveralValues: Bool {
        isRepeating && ["upToNextOption", "remaining", "allRemainingInput", "postTerminator"].contains(parsingStrategy)
    }

    /// Whether this is ArgumentParser's own `--help` or `--version`.
    var isBuiltIn: Bool { key == "-h,--help" || key == "--version" }
}
