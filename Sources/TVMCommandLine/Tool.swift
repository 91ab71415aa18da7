import ArgumentParser

/// One of the five tools the `tvm` program runs: its name, its one-line summary, and its entry point.
///
/// `tvm` runs the tool named by the basename it was started under (`tvm-fetch`), or the one its first argument
/// names (`tvm fetch`). Each tool's module declares its `Tool`.
package struct Tool: Sendable {
    /// The tool's name, as installed: `tvm-fetch`.
    package let name: String

    /// The name without `tvm-`, as `tvm` takes it: `fetch`.
    package var shortName: String { String(name.dropFirst("tvm-".count)) }

    /// The tool's root command.
    package let command: any AsyncParsableCommand.Type

    /// What the tool does, in one line (its command's abstract).
    package var abstract: String { command.configuration.abstract }

    /// Declares a tool.
    package init(name: String, command: any AsyncParsableCommand.Type) {
        self.name = name
        self.command = command
    }

    /// Parses the arguments (without the program name), runs the tool in the current ``ToolContext``, and returns
    /// its exit status.
    package func run(_ arguments: [String]) async -> Int32 {
        await command.runAsTool(arguments: arguments)
    }
}
