import ArgumentParser
import Foundation
import TVMRecords

/// Reports a command line ArgumentParser could not run in tvm's one style for errors, and gives its exit status.
///
/// ArgumentParser writes `Error: …`; every tvm message is `tool: error: …` (coloured as ``Diagnostics``
/// colours it). The usage lines ArgumentParser adds stay, under the error. An unknown subcommand or option is
/// named, with the nearest names that exist (``CommandLineMistake``).
enum UsageError {
    /// Writes the error for `error` on the context's stderr and returns ArgumentParser's status for it (64 for a
    /// usage error); help, versions and completions go to its stdout, as ArgumentParser writes them.
    ///
    /// - Parameters:
    ///   - command: The tool's root command.
    ///   - error: What parsing or running threw.
    ///   - arguments: The arguments that were parsed, without the program name.
    /// - Returns: The exit status.
    static func report(_ command: ParsableCommand.Type, error: Error, arguments: [String]) -> Int32 {
        let status = command.exitCode(for: error)
        let context = ToolContext.current
        let terminal = context.terminal
        if let exit = error as? ExitCode { return exit.rawValue }
        if status == .success {
            // Help is rendered unwrapped and laid out again (HelpText); versions and completions go unchanged.
            var text = command.fullMessage(for: error, columns: Int(Int32.max))
            if text.hasPrefix("OVERVIEW:") || text.hasPrefix("USAGE:") {
                text = ShortHelp.make(from: text, width: terminal.width)
            }
            let tool = command.configuration.commandName ?? "tvm"
            return text.isEmpty ? 0 : context.printAll(text + "\n", program: tool)
        }
        let tool = command.configuration.commandName ?? "tvm"
        let diagnostics = Diagnostics(
            tool: tool, color: terminal.stderrColor(noColorFlag: arguments.contains("--no-color")),
            write: context.stderr)
        let message = command.message(for: error)
        let full = command.fullMessage(for: error, columns: Int(Int32.max))
        let head = command._errorPrefix + message + "\n"
        var rest = full.hasPrefix(head) ? String(full.dropFirst(head.count)) : ""
        if status == .validationFailure, let shape = CommandShape.of(command),
            let mistake = CommandLineMistake.find(in: arguments, root: shape)
        {
            diagnostics.error(mistake.message)
            rest = usage(command, path: mistake.commandPath)
        } else if !message.isEmpty {
            let oneLine = choicesOnOneLine(message)
            diagnostics.error(sentenceStart(negativeValueHint(oneLine, arguments: arguments, command: command)))
            if oneLine != message {
                // The option's help would list the values a second time: the usage lines are enough.
                rest = rest.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("Help:  ") }.joined(separator: "\n")
            }
        }
        // ArgumentParser's "Help:  --season <n>  Keep only …" line: the option's help, indented under the error.
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Help:  ") ? "  " + line.dropFirst("Help:  ".count) : line
        }
        let text = HelpText.fitted(lines.joined(separator: "\n"), width: terminal.width)
        if !text.isEmpty { diagnostics.raw(text.hasSuffix("\n") ? text : text + "\n") }
        return status.rawValue
    }

    /// ArgumentParser's `Missing value for '--page <n>'` when the value given was a negative number, which it reads
    /// as an option: what `--page=-1` answers instead (`--page must be 0 or more`), or, when that form is accepted,
    /// how to write it. Other messages are unchanged.
    static func negativeValueHint(_ message: String, arguments: [String], command: ParsableCommand.Type) -> String {
        guard message.hasPrefix("Missing value for '"),
            let option = message.dropFirst("Missing value for '".count).split(separator: " ").first.map(String.init),
            let index = arguments.firstIndex(of: option), index + 1 < arguments.count
        else { return message }
        let value = arguments[index + 1]
        guard value.count > 1, value.hasPrefix("-"), value.dropFirst().first?.isNumber == true else { return message }
        var attached = arguments
        attached.replaceSubrange(index...index + 1, with: ["\(option)=\(value)"])
        do {
            _ = try command.parseAsRoot(attached)
        } catch {
            let refusal = command.message(for: error)
            if command.exitCode(for: error) != .success, !refusal.isEmpty { return choicesOnOneLine(refusal) }
        }
        return message + "; \(value) reads as an option: write \(option)=\(value)"
    }

    /// `Unknown option '--x'` as tvm's messages start: `unknown option '--x'` (an acronym such as `ID` stays).
    static func sentenceStart(_ message: String) -> String {
        let characters = Array(message.prefix(2))
        guard characters.count == 2, characters[0].isUppercase, !characters[1].isUppercase else { return message }
        return characters[0].lowercased() + message.dropFirst()
    }

    /// ArgumentParser's list of accepted values (`… Please provide one of the following:` then a line `  - value`
    /// each) as one line: `…; accepted values: auto, jsonl, json`. Other messages are returned unchanged.
    static func choicesOnOneLine(_ message: String) -> String {
        guard let marker = message.range(of: ". Please provide one of the following:") else { return message }
        let values = message[marker.upperBound...].split(separator: "\n").compactMap { line -> Substring? in
            let item = line.drop(while: { $0 == " " })
            return item.hasPrefix("- ") ? item.dropFirst(2) : nil
        }
        guard !values.isEmpty else { return message }
        return message[..<marker.lowerBound] + "; accepted values: " + values.joined(separator: ", ")
    }

    /// ArgumentParser's usage lines for the command at `path` (`["tvm-fetch", "show"]`).
    private static func usage(_ root: ParsableCommand.Type, path: [String]) -> String {
        var command: ParsableCommand.Type = root
        for name in path.dropFirst() {
            guard
                let next = command.configuration.subcommands.first(where: {
                    $0.configuration.commandName == name || $0.configuration.aliases.contains(name)
                })
            else { break }
            command = next
        }
        let names = path.joined(separator: " ")
        return "Usage: \(root.usageString(for: command))\n  See '\(names) --help' for more information.\n"
    }
}
