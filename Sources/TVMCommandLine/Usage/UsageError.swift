import ArgumentParser
import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Reports a command line ArgumentParser could not run in tvm's one style for errors, and ends the process.
///
/// ArgumentParser writes `Error: …`; every tvm message is `tool: error: …` (coloured as ``Diagnostics``
/// colours it). The usage lines ArgumentParser adds stay, under the error. An unknown subcommand or option is
/// named, with the nearest names that exist (``CommandLineMistake``).
enum UsageError {
    /// Writes the error for `error` and exits with ArgumentParser's status for it (64 for a usage error);
    /// help, versions and completions are printed by ArgumentParser itself, unchanged.
    ///
    /// - Parameters:
    ///   - command: The tool's root command.
    ///   - error: What parsing or running threw.
    ///   - arguments: The arguments that were parsed, without the program name.
    static func exit(_ command: ParsableCommand.Type, error: Error, arguments: [String]) -> Never {
        let status = command.exitCode(for: error)
        let terminal = Terminal.current()
        if status == .success, !(error is ExitCode) {
            // Help is rendered unwrapped and laid out again (HelpText); versions and completions go unchanged.
            let help = command.fullMessage(for: error, columns: Int(Int32.max))
            if help.hasPrefix("OVERVIEW:") || help.hasPrefix("USAGE:") {
                let sink = FileDescriptorSink.standardOutput()
                try? Array((HelpText.fitted(help, width: terminal.width) + "\n").utf8).withUnsafeBytes {
                    try sink.write($0)
                }
                try? sink.flush()
                Glibc.exit(0)
            }
        }
        if status == .success || error is ExitCode { command.exit(withError: error) }
        let tool = command.configuration.commandName ?? "tvm"
        let diagnostics = Diagnostics(
            tool: tool, color: terminal.stderrColor(noColorFlag: arguments.contains("--no-color")))
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
            diagnostics.error(sentenceStart(message))
        }
        // ArgumentParser's "Help:  --season <n>  Keep only …" line: the option's help, indented under the error.
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("Help:  ") ? "  " + line.dropFirst("Help:  ".count) : line
        }
        let text = HelpText.fitted(lines.joined(separator: "\n"), width: terminal.width)
        if !text.isEmpty { diagnostics.raw(text.hasSuffix("\n") ? text : text + "\n") }
        Glibc.exit(status.rawValue)
    }

    /// `Unknown option '--x'` as tvm's messages start: `unknown option '--x'` (an acronym such as `ID` stays).
    static func sentenceStart(_ message: String) -> String {
        let characters = Array(message.prefix(2))
        guard characters.count == 2, characters[0].isUppercase, !characters[1].isUppercase else { return message }
        return characters[0].lowercased() + message.dropFirst()
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
