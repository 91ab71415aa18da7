import ArgumentParser
import Foundation

/// `tvm-docs`: the documentation generator behind scripts/generate-docs.sh (`make docs`).
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-docs",
        abstract: "Render tvm's man pages and fix its completion scripts (used by scripts/generate-docs.sh).",
        discussion: """
            Each command reads stdin and writes stdout, so the script composes them with the tools themselves:

              tvm-fetch --experimental-dump-help | tvm-docs manual > man/tvm-fetch.1
              tvm-fetch --generate-completion-script fish | tvm-docs completion fish tvm-fetch
              tvm-docs overview < docs/tvm.7.in > man/tvm.7
            """,
        subcommands: [ManualCommand.self, CompletionCommand.self, OverviewCommand.self]
    )

    /// The date every page carries: the release date of `Version.current`. Change both together.
    static let date = "November 22, 2026"
}

/// Reads all of stdin as UTF-8.
func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
}

/// `tvm-docs manual`: a section-1 page from `--experimental-dump-help` JSON.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Render a tool's man page (mdoc) from its --experimental-dump-help JSON on stdin."
    )

    func run() throws {
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(readStandardInput().utf8))
        guard info.serializationVersion == 0 else {
            throw ValidationError("unsupported dump-help serialization version \(info.serializationVersion)")
        }
        print(ManualPage(root: info.command, date: DocsCommand.date).render(), terminator: "")
    }
}

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

/// `tvm-docs overview`: tvm(7) from its template.
struct OverviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Render tvm(7) from its template (stdin), filling in the shared sections."
    )

    func run() throws {
        print(try OverviewPage(template: readStandardInput(), date: DocsCommand.date).render(), terminator: "")
    }
}
