import TVMText

/// What `tvm` does with its command line: run a tool, print a text, or fail with a usage error.
package enum MultiCall {
    /// Run this tool with these arguments (without the program name).
    case run(Tool, [String])
    /// Print this text on stdout and exit 0.
    case print(String)
    /// Print this message on stderr and exit 64.
    case fail(String)

    /// Runs the command line in the current ``ToolContext``: the tool it names, or the overview, the version or
    /// a usage error.
    ///
    /// - Parameters:
    ///   - argv: The command line, program name first.
    ///   - tools: The tools to choose from.
    /// - Returns: The exit status.
    package static func main(_ argv: [String], tools: [Tool]) async -> Int32 {
        let context = ToolContext.current
        switch resolve(argv, tools: tools) {
        case .run(let tool, let arguments):
            return await tool.run(arguments)
        case .print(let text):
            context.print(text)
            return 0
        case .fail(let message):
            context.stderr(message)
            return ExitStatus.usage.rawValue
        }
    }

    /// Decides from `argv`: the basename of `argv[0]` names a tool (`tvm-fetch`), or, for any other name, the
    /// first argument does (`fetch` or `tvm-fetch`); `tvm`, `tvm --help` and `tvm help` list the tools, `tvm help
    /// TOOL` is `TOOL --help`, and `tvm --version` prints the version.
    ///
    /// - Parameters:
    ///   - argv: The command line, program name first.
    ///   - tools: The tools to choose from.
    /// - Returns: What to do.
    package static func resolve(_ argv: [String], tools: [Tool]) -> MultiCall {
        let program = argv.first.map { String($0.split(separator: "/").last ?? "") } ?? "tvm"
        if let tool = tools.first(where: { $0.name == program }) {
            return .run(tool, Array(argv.dropFirst()))
        }
        let rest = Array(argv.dropFirst())
        guard let first = rest.first else { return .print(usage(tools)) }
        switch first {
        case "-h", "--help":
            return .print(usage(tools))
        case "--version":
            return .print(Version.current + "\n")
        case "help":
            guard rest.count > 1 else { return .print(usage(tools)) }
            guard let tool = tool(named: rest[1], in: tools) else { return .fail(unknown(rest[1], tools)) }
            return .run(tool, ["--help"])
        default:
            guard let tool = tool(named: first, in: tools) else { return .fail(unknown(first, tools)) }
            return .run(tool, Array(rest.dropFirst()))
        }
    }

    private static func tool(named name: String, in tools: [Tool]) -> Tool? {
        tools.first { $0.shortName == name || $0.name == name }
    }

    private static func unknown(_ name: String, _ tools: [Tool]) -> String {
        let names = tools.map(\.shortName)
        let shown = HTMLText.terminalSafe(name, keepingNewlines: false)
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
              --version      Show the version.

            'tvm help TOOL' or 'tvm TOOL --help' shows a tool's commands and options; man tvm-TOOL has the rest.

            """
        return text
    }
}
