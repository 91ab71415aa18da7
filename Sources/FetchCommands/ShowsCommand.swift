import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
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

            With --local, the shows come from the catalogue on disk (tvm-fetch catalog sync), without the \
            network: --page N is the same id range as online, or, with --sort popularity, rating, premiered or \
            name, the Nth 250 shows in that order; --all goes on to the end, and --limit N stops after N shows.

            Examples:
              tvm-fetch shows --page 0 | tvm-fav add
              tvm-fetch shows --local --sort popularity --limit 20
              tvm-fetch shows --all > index.jsonl
              tvm-fetch shows --all \\
                --page "$(( $(tail -1 index.jsonl | jq .id) / 250 ))"   # resume
            """
    )

    /// The largest page whose ids (250 a page) an `Int` can hold.
    static let lastPossiblePage = Int(Int32.max) / 250

    @Option(help: ArgumentHelp("The page to print, or to start from with --all.", valueName: "n"))
    var page = 0

    @Flag(help: "Walk the index from --page until its end.")
    var all = false

    @Flag(help: "Stream the show catalogue on disk (made by tvm-fetch catalog sync) instead of the index.")
    var local = false

    @Option(
        help: ArgumentHelp(
            "With --local, the order: id (the default, as the index), popularity, rating, premiered (latest first), "
                + "name.",
            valueName: "order"),
        completion: .list(["id", "popularity", "rating", "premiered", "name"]))
    var sort: CatalogSort?

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard page >= 0 else { throw ValidationError("--page must be 0 or more") }
        // Page N holds ids from 250N: a page past the largest id any index can have is a mistake, not a request.
        guard page <= Self.lastPossiblePage else {
            throw ValidationError("--page \(page) is past any index: pages go from 0 to \(Self.lastPossiblePage)")
        }
        if !local, sort != nil {
            throw ValidationError("--sort needs --local: the index has one order")
        }
        if sort == .score { throw ValidationError("--sort score needs a search: use tvm-search --local") }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            if local { return try await streamCatalog(runtime) }
            let client = try runtime.makeClient(network)
            let out = try await runtime.makeOutput(view: Views.shows)
            var current = page
            while true {
                if all && runtime.terminal.stderrIsTTY && !output.quiet {
                    runtime.diagnostics.progress("fetching page \(current)… (\(out.recordCount) shows so far)")
                }
                let answer: ArrayAnswer
                do {
                    answer = try await client.fetchArray(.showIndex(page: current))
                } catch APIError.notFound where all && current > page {
                    break
                }
                for record in answer.leftOut {
                    runtime.diagnostics.error("page \(current), record \(record.position): \(record.reason); left out")
                    runtime.raise(.badInput)
                }
                // One element at a time from the spool: a page of huge shows is never held whole.
                var elements = answer.elements.reader()
                while case .element(let record) = try elements.next() { try await out.emit(record) }
                try await out.flush()
                guard all else { break }
                current += 1
            }
            runtime.diagnostics.clearProgress()
            try await out.finish()
        }
    }
}

extension ShowsCommand {
    /// `--local`: pages of the catalogue, in the index's id ranges or in another order.
    private func streamCatalog(_ runtime: ToolRuntime) async throws {
        let store = try runtime.openCatalog(catalog, access: .readOnly)
        let out = try await runtime.makeOutput(view: Views.shows)
        let size = CatalogStore.idsPerPage
        var query = CatalogQuery()
        query.sort = sort ?? .id
        if query.sort == .id {
            query.ids = (page * size)..<(all ? Int.max : (page + 1) * size)
            query.limit = output.limit ?? 0
        } else {
            query.offset = page * size
            let limit = output.limit.flatMap { $0 > 0 ? $0 : nil }
            query.limit = all ? (limit ?? 0) : min(limit ?? size, size)
        }
        let hits = try store.search(query)
        if hits.isEmpty && !all {
            runtime.diagnostics.error("page \(page) of the catalogue holds no shows")
            runtime.raise(.notFound)
        }
        for start in stride(from: 0, to: hits.count, by: 500) {
            try await out.emit(batch: try store.scoredRecords(Array(hits[start..<min(start + 500, hits.count)])))
        }
        try await out.finish()
    }
}
