import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// `tvm-fetch shows`: pages of the show index.
struct ShowsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shows",
        abstract: "Print a page of the show index (250 ids a page), or every page from --page on.",
        discussion: """
            Page N holds the shows with ids 250N to 250N+249. With --all, pages are fetched from --page on \
            until the API answers 404 (the end of the index), and each page's shows are printed as the page \
            arrives; requests are paced to TVMaze's limit of 20 calls every 10 seconds.

            Examples:
              tvm-fetch shows --page 0 | tvm-fav add
              tvm-fetch shows --all > index.jsonl
              tvm-fetch shows --all \\
                --page "$(( $(tail -1 index.jsonl | jq .id) / 250 ))"   # resume
            """
    )

    @Option(help: ArgumentHelp("The page to print, or to start from with --all.", valueName: "n"))
    var page = 0

    @Flag(help: "Walk the index from --page until its end.")
    var all = false

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard page >= 0 else { throw ValidationError("--page must be 0 or more") }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let client = try runtime.makeClient(network)
            let out = try await runtime.makeOutput(view: Views.shows)
            var current = page
            while true {
                if all && runtime.terminal.stderrIsTTY && !output.quiet {
                    runtime.diagnostics.progress("fetching page \(current)… (\(out.recordCount) shows so far)")
                }
                let body: [UInt8]
                do {
                    body = try await client.fetch(.showIndex(page: current))
                } catch APIError.notFound where all && current > page {
                    break
                }
                try await out.emit(batch: try RawJSON.elements(ofArray: body))
                guard all else { break }
                current += 1
            }
            runtime.diagnostics.clearProgress()
            try await out.finish()
        }
    }
}
