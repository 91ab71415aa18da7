import ArgumentParser

/// `tvm-docs completion SHELL TOOL`: ArgumentParser's script with the header and fixes.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Fix a tool's generated completion script (stdin) for installation."
    )

    @Argument(help: "bash, zsh or fish.")
    var shell: String

    @Argument(help: "The tool the script completes.")
    var tool: String

    func run() throws {
        guard let shell = CompletionScript.Shell(rawValue: shell) else {
            throw ValidationError("unknown shell '\(shell)'; expected bash, zsh or fish")
        }
        print(try CompletionScript(shell: shell, tool: tool, text: readStandardInput()).fixed(), terminator: "")
    }
}
