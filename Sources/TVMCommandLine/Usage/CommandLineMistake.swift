/// The first word of a command line that names nothing: a subcommand or an option that does not exist.
///
/// ArgumentParser reports some of these late or under another name: `tvm-fetch show 1 --emebd cast` is blamed on
/// `cast` ("The value 'cast' is invalid for '<id>'"), and `tvm-fetch shwo 1` is an "unexpected argument". This
/// walks the command line the way ArgumentParser does (subcommands first, options with their values) and
/// names the word that is wrong, with the nearest names that exist.
struct CommandLineMistake: Equatable {
    enum Kind: Equatable {
        case subcommand
        case option
    }

    /// What kind of word is wrong.
    var kind: Kind
    /// The word as typed (for an option, without any `=value`).
    var word: String
    /// The command it was given to, e.g. `["tvm-fetch", "show"]`.
    var commandPath: [String]
    /// What there is instead, nearest first.
    var suggestions: [String]
    /// For a subcommand, the commands that exist (for the message when nothing is near).
    var known: [String]

    /// The error message: `'shwo' is not a tvm-fetch command; did you mean 'show'?`.
    var message: String {
        let command = commandPath.joined(separator: " ")
        switch kind {
        case .subcommand:
            let head = "'\(word)' is not a \(command) command"
            if let hint = Suggestion.hint(suggestions) { return head + "; " + hint }
            return head + " (the commands are " + known.joined(separator: ", ") + ")"
        case .option:
            let head = "unknown option '\(word)' for \(command)"
            if let hint = Suggestion.hint(suggestions) { return head + "; " + hint }
            return head
        }
    }

    /// Options every command takes without declaring them.
    private static let builtInOptions = ["--help", "-h", "--version", "--experimental-dump-help"]

    /// Finds the first word that names no subcommand or option.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - root: The tool's command.
    /// - Returns: The mistake, or `nil` when every subcommand and option exists (or the line cannot be read
    ///   with certainty: then ArgumentParser's own message stands).
    static func find(in arguments: [String], root: CommandShape) -> CommandLineMistake? {
        var path = [root]
        var sawPositional = false
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            let command = path[path.count - 1]
            index += 1
            if word == "--" { return nil }
            if word.hasPrefix("-") && word.count > 1 && Int(word) == nil {
                let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
                if let argument = command.option(name) {
                    guard argument.takesValue, !word.contains("=") else { continue }
                    guard let skipped = skipValues(of: argument, in: arguments, from: index) else { return nil }
                    index = skipped
                    continue
                }
                if builtInOptions.contains(name) { continue }
                if !name.hasPrefix("--"), let shortEnd = shortFlagsEnd(word, command: command, in: arguments, at: index)
                {
                    guard let end = shortEnd.end else { return nil }
                    if let unknown = shortEnd.unknown {
                        return CommandLineMistake(
                            kind: .option, word: unknown, commandPath: path.map(\.commandName), suggestions: [],
                            known: [])
                    }
                    index = end
                    continue
                }
                let names = command.optionNames + ["--help"]
                return CommandLineMistake(
                    kind: .option, word: name, commandPath: path.map(\.commandName),
                    suggestions: Suggestion.closest(to: name, among: names.filter { $0.hasPrefix("--") }), known: [])
            }
            guard !sawPositional, let subcommands = command.subcommands, !subcommands.isEmpty else {
                sawPositional = true
                continue
            }
            if let subcommand = command.subcommand(word) {
                // `help` takes command names, not options: ArgumentParser's own messages serve it.
                if subcommand.commandName == "help" { return nil }
                path.append(subcommand)
                continue
            }
            let names = subcommands.filter { $0.commandName != "help" }.flatMap(\.callNames)
            let suggestions = Suggestion.closest(to: word, among: names)
            // A word that can be the default subcommand's argument (`tvm-img 1`) is one, unless it is a near miss
            // of a subcommand's name (`tvm-img fecth`).
            let defaultCommand = command.defaultSubcommand.flatMap { command.subcommand($0) }
            if command.takesPositionals || (defaultCommand?.takesPositionals == true && suggestions.isEmpty) {
                sawPositional = true
                continue
            }
            return CommandLineMistake(
                kind: .subcommand, word: word, commandPath: path.map(\.commandName),
                suggestions: suggestions, known: subcommands.map(\.commandName).filter { $0 != "help" })
        }
        return nil
    }

    /// Where the words after an option's value start; `nil` when the value is missing (ArgumentParser says so).
    private static func skipValues(
        of argument: CommandShape.ArgumentShape, in arguments: [String], from index: Int
    ) -> Int? {
        guard index < arguments.count else { return nil }
        if argument.parsingStrategy != "unconditional" && looksLikeOption(arguments[index]) { return nil }
        var next = index + 1
        if argument.takesWordsUpToNextOption {
            while next < arguments.count && !looksLikeOption(arguments[next]) { next += 1 }
        }
        return next
    }

    /// Reads `-yq` or `-n5` as short flags and options; `end` is `nil` when a value is missing.
    private static func shortFlagsEnd(
        _ word: String, command: CommandShape, in arguments: [String], at index: Int
    ) -> (end: Int?, unknown: String?)? {
        var rest = Substring(word.dropFirst())
        while let letter = rest.first {
            rest = rest.dropFirst()
            let name = "-" + String(letter)
            guard let argument = command.option(name) else {
                if builtInOptions.contains(name) { continue }
                return (index, name)
            }
            guard argument.takesValue else { continue }
            if !rest.isEmpty { return (index, nil) }
            return (skipValues(of: argument, in: arguments, from: index), nil)
        }
        return (index, nil)
    }

    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1 && Double(word) == nil
    }
}
