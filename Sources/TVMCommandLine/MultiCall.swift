import TVMText

/// What `tvm` does with its command line: run a tool, print a text, or fail with a usage error.
package enum MultiCall {
    /// Run this tool with these arguments (without the program name).
    case run(Tool, [String])
    /// Print this text on stdout and exit 0.
    case print(String)
    /// Print this message on stderr and exit 64.
    case fail(String)

    /// Runs the command line in the current ``ToolContext``: the tool it names, or the overview, the version, the
    /// completion scripts or a usage error.
    ///
    /// - Parameters:
    ///   - argv: The command line, program name first.
    ///   - tools: The tools to choose from.
    ///   - build: What the program's build recorded (its revision and completion scripts).
    /// - Returns: The exit status.
    package static func main(_ argv: [String], tools: [Tool], build: BuildInfo) async -> Int32 {
        let context = ToolContext.current
        switch resolve(argv, tools: tools, build: build, environment: context.terminal.environment) {
        case .run(let tool, let arguments):
            return await tool.run(arguments)
        case .print(let text):
            return context.printAll(text, program: programName(argv))
        case .fail(let message):
            context.stderr(message)
            return ExitStatus.usage.rawValue
        }
    }

    /// Decides from `argv`: the basename of `argv[0]` names a tool (`tvm-fetch`), or, for any other name, the
    /// first argument does (`fetch` or `tvm-fetch`); `tvm`, `tvm --help` and `tvm help` list the tools, `tvm help
    /// TOOL [COMMAND…]` is `TOOL [COMMAND…] --help`, `tvm --version` and `tvm version` print the version, and
    /// `tvm completion SHELL` the completion scripts. A tool's own `--version` and `--generate-completion-script
    /// SHELL` answer the same as `tvm`'s.
    ///
    /// - Parameters:
    ///   - argv: The command line, program name first.
    ///   - tools: The tools to choose from.
    ///   - build: What the program's build recorded.
    ///   - environment: The environment (``rawCompletionVariable`` asks for ArgumentParser's own scripts).
    /// - Returns: What to do.
    package static func resolve(
        _ argv: [String], tools: [Tool], build: BuildInfo, environment: [String: String] = [:]
    ) -> MultiCall {
        let program = programName(argv)
        if let tool = tools.first(where: { $0.name == program }) {
            return run(tool, Array(argv.dropFirst()), build: build, environment: environment)
        }
        let rest = Array(argv.dropFirst())
        guard let first = rest.first else { return .print(usage(tools)) }
        switch first {
        case "-h", "--help":
            return .print(usage(tools))
        case "--version", "version":
            return .print(build.versionLine + "\n")
        case "completion":
            return completion(Array(rest.dropFirst()), tools: tools, build: build)
        case "help":
            guard rest.count > 1 else { return .print(usage(tools)) }
            guard let tool = tool(named: rest[1], in: tools) else { return .fail(unknown(rest[1], tools)) }
            // `tvm help fav add` is `tvm-fav add --help`.
            return .run(tool, Array(rest.dropFirst(2)) + ["--help"])
        default:
            guard let tool = tool(named: first, in: tools) else { return .fail(unknown(first, tools)) }
            return run(tool, Array(rest.dropFirst()), build: build, environment: environment)
        }
    }

    /// The name the program was started under, the basename of `argv[0]` (`tvm-fetch`); `tvm` when there is none.
    ///
    /// - Parameter argv: The command line, program name first.
    package static func programName(_ argv: [String]) -> String {
        argv.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "tvm"
    }

    /// Runs a tool, except for what `tvm` answers for every tool alike: `--version`, and
    /// `--generate-completion-script`, which prints the installed (fixed) script rather than ArgumentParser's.
    private static func run(
        _ tool: Tool, _ arguments: [String], build: BuildInfo, environment: [String: String]
    ) -> MultiCall {
        // ArgumentParser answers --version anywhere on the line (`tvm-fetch show --version`), until `--`.
        if arguments.prefix(while: { $0 != "--" }).contains("--version") {
            return .print(build.versionLine + "\n")
        }
        if environment[rawCompletionVariable] != "1",
            let shell = completionShell(requestedBy: arguments, environment: environment),
            let script = build.completionScript(shell: shell, command: tool.name)
        {
            return .print(script)
        }
        return .run(tool, arguments)
    }

    static func tool(named name: String, in tools: [Tool]) -> Tool? {
        tools.first { $0.shortName == name || $0.name == name }
    }

    static func unknown(_ name: String, _ tools: [Tool]) -> String {
        let names = tools.map(\.shortName)
        let shown = HTMLText.terminalSafe(name, keepingNewlines: false)
        if name.hasPrefix("-") {
            return "tvm: error: unknown option '\(shown)'; before a tool, tvm takes only --help and --version "
                + "(see 'tvm --help')\n"
        }
        if let hint = Suggestion.hint(Suggestion.closest(to: name, among: names)) {
            return "tvm: error: '\(shown)' is not a tvm tool; \(hint) (see 'tvm --help')\n"
        }
        return
            "tvm: error: '\(shown)' is not a tvm tool (the tools are \(names.joined(separator: ", "))); "
            + "see 'tvm --help'\n"
    }

    /// The overview `tvm`, `tvm --help` and `tvm help` print.
    package static func usage(_ tools: [Tool]) -> String {
        let width = tools.map(\.shortName.count).max() ?? 0
        var text = """
            tvm: TV shows from the TVMaze API at the shell, as JSON Lines.

            USAGE: tvm TOOL [ARGUMENTS...]
                   tvm-TOOL [ARGUMENTS...]     (the same tool, through its link)

            TOOLS:

            """
        for tool in tools {
            let padding = String(repeating: " ", count: width - tool.shortName.count)
            text += "  \(tool.shortName)\(padding)   \(tool.abstract)\n"
        }
        text += """

            OPTIONS:
              -h, --help     Show this overview.
              --version      Show the version (also: tvm version).

            'tvm completion bash|zsh|fish' prints the completion scripts make install installs, for
            eval "$(tvm completion bash)" in ~/.bashrc (man tvm).
            'tvm help TOOL [COMMAND]' or 'tvm TOOL [COMMAND] --help' shows a tool's commands and options;
            man tvm-TOOL has the rest.

            """
        return text
    }
}
