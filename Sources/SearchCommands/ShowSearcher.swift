import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// Runs searches the way tvm-search does: a spinner while waiting, the history updated on success, the
/// no-results message otherwise.
///
/// Each step is its own function, so the interactive mode can run many searches with one client and print
/// them its own way.
struct ShowSearcher {
    /// The run's streams, messages and exit status.
    let runtime: ToolRuntime
    /// The API client.
    let client: APIClient
    /// Where successful searches are remembered.
    let history: SearchHistory

    /// Searches, remembers the search if it found something, and prints the results to stdout.
    ///
    /// The output (and its `--jq` filter) is set up first, so a filter that does not compile ends the run
    /// before any request is sent or anything is remembered.
    /// - Parameters:
    ///   - query: The search.
    ///   - single: Whether to print only the best match.
    ///   - embed: What to embed in the best match (`--single`).
    /// - Throws: ``APIError`` for a failed request, a write error for stdout.
    func searchAndPrint(_ query: SearchQuery, single: Bool, embed: [Endpoint.Embed]) async throws {
        let out = try await runtime.makeOutput(view: single ? ShowDetailTerminalView() : SearchResultsView())
        let records = try await search(query, single: single, embed: embed)
        guard !records.isEmpty else {
            reportNoResults(for: query)
            return
        }
        try await out.emit(batch: records)
        try await out.finish()
    }

    /// Searches with a spinner on a terminal and, when something was found, records the search in the history.
    ///
    /// A history that cannot be saved is reported on stderr and earns exit status 74; the results are still
    /// returned.
    /// - Parameters:
    ///   - query: The search.
    ///   - single: Whether to ask for the best match only.
    ///   - embed: What to embed in the best match.
    /// - Returns: The show records (see `ShowSearch.records(for:single:embed:client:)`); empty for no results.
    /// - Throws: ``APIError`` for a failed request.
    func search(_ query: SearchQuery, single: Bool, embed: [Endpoint.Embed]) async throws -> [[UInt8]] {
        let records = try await Spinner.whileWaiting(
            "searching TVMaze for \"\(query.text)\"…",
            diagnostics: runtime.diagnostics,
            isEnabled: Spinner.isWanted(terminal: runtime.terminal, quiet: runtime.outputOptions.quiet),
            delay: Spinner.delay(environment: runtime.terminal.environment)
        ) {
            try await ShowSearch.records(for: query, single: single, embed: embed, client: client)
        }
        if !records.isEmpty {
            remember(query)
        }
        return records
    }

    /// Records a successful search; a failure to save is reported, not thrown.
    ///
    /// - Parameter query: The search that found something.
    func remember(_ query: SearchQuery) {
        do {
            try history.record(query)
        } catch {
            runtime.diagnostics.error(error.localizedDescription)
            runtime.raise(.ioError)
        }
    }

    /// Prints `tvm-search: no shows found for "QUERY"` on stderr and raises the exit status to 1.
    ///
    /// - Parameter query: The search that found nothing.
    func reportNoResults(for query: SearchQuery) {
        runtime.diagnostics.clearProgress()
        runtime.diagnostics.raw("\(runtime.tool): no shows found for \"\(query.text)\"\n")
        runtime.raise(.notFound)
    }
}
