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
