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
    static let date = "November 27, 2026"
}

/// Reads all of stdin as UTF-8.
func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
}
