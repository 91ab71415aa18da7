import ArgumentParser
import Foundation

/// A command's names, options and subcommands, as ArgumentParser describes them (`--experimental-dump-help`).
///
/// Read only when a command line fails to parse, to say which word was wrong and what was meant.
struct CommandShape: Decodable {
    var commandName: String
    var aliases: [String]?
    var defaultSubcommand: String?
    var subcommands: [CommandShape]?
    var arguments: [ArgumentShape]?

    /// One option, flag or positional argument.
    struct ArgumentShape: Decodable {
        var kind: String
        var names: [Name]?
        var parsingStrategy: String?

        struct Name: Decodable {
            var kind: String
            var name: String
        }

        /// Whether the argument takes a value (an option, not a flag).
        var takesValue: Bool { kind == "option" }

        /// Whether the option takes every following word up to the next option (`--embed cast crew`).
        var takesWordsUpToNextOption: Bool { parsingStrategy == "upToNextOption" }
    }

    private struct Dump: Decodable {
        var command: CommandShape
    }

    /// The shape of a root command and its subcommands.
    ///
    /// - Parameter command: The root command type.
    /// - Returns: Its shape, or `nil` if ArgumentParser's description cannot be read.
    static func of(_ command: ParsableCommand.Type) -> CommandShape? {
        try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)).command
    }

    /// Whether the command takes positional arguments (ids, a query).
    var takesPositionals: Bool { (arguments ?? []).contains { $0.kind == "positional" } }

    /// The names this command is called by: its name, then its aliases.
    var callNames: [String] { [commandName] + (aliases ?? []) }

    /// The subcommand called `word`, if there is one.
    func subcommand(_ word: String) -> CommandShape? {
        subcommands?.first { $0.callNames.contains(word) }
    }

    /// This command and the chain of its default subcommands (`tvm-img` runs `tvm-img fetch`): the commands whose
    /// options a command line given to this one may use.
    private var defaultChain: [CommandShape] {
        guard let name = defaultSubcommand, let next = subcommand(name) else { return [self] }
        return [self] + next.defaultChain
    }

    /// The option or flag named `name` (`--embed`, `-n`, or a single-dash long name), if there is one, here or
    /// in a default subcommand.
    func option(_ name: String) -> ArgumentShape? {
        for command in defaultChain {
            let found = command.arguments?.first { argument in
                argument.kind != "positional" && (argument.names ?? []).contains { command.spelled($0) == name }
            }
            if let found { return found }
        }
        return nil
    }

    /// Every option and flag, as typed (`--embed`, `-h`), here and in the default subcommands.
    var optionNames: [String] {
        defaultChain.flatMap { command in
            (command.arguments ?? []).filter { $0.kind != "positional" }.flatMap {
                ($0.names ?? []).map(command.spelled)
            }
        }
    }

    private func spelled(_ name: ArgumentShape.Name) -> String {
        name.kind == "long" ? "--" + name.name : "-" + name.name
    }
}
