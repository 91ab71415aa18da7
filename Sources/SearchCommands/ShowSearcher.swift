import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText
import TVMazeAPI

/// Runs searches the way tvm-search does: a spinner while waiting, the no-results message when nothing was found,
/// and the history updated once the results have been written.
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

    /// Searches, prints the results to stdout and, once they are written and flushed, remembers the search.
    ///
    /// The output (and its `--jq` filter) is set up first, so a filter that does not compile ends the run
    /// before any request is sent or anything is remembered. Only a search whose results reached the output is
    /// remembered: a write error (a full disk, a closed pipe) ends the run before the history is touched.
    /// - Parameters:
    ///   - query: The search.
    ///   - single: Whether to print only the best match.
    ///   - embed: What to embed in the best match (`--single`).
    /// - Throws: ``APIError`` for a failed request, a write error for stdout.
    func searchAndPrint(_ query: SearchQuery, single: Bool, embed: [Endpoint.Embed]) async throws {
        let out = try await runtime.makeOutput(
            view: single
                ? ShowDetailTerminalView(now: try runtime.now(), zone: runtime.viewerZone) : SearchResultsView())
        let records = try await search(query, single: single, embed: embed)
        guard !records.isEmpty else {
            reportNoResults(for: query)
            return
        }
        try await Self.writeThenRemember(query, history: history, runtime: runtime) {
            try await out.emit(batch: records)
            try await out.finish()
        }
    }

    /// Runs `write` (the results, then the output's `finish`) and remembers `query` once it is done, also when
    /// `-n` ended the output early: the results asked for were written, and the search was a success. A write
    /// error ends the run before the history is touched.
    static func writeThenRemember(
        _ query: SearchQuery?, history: SearchHistory, runtime: ToolRuntime, write: () async throws -> Void
    ) async throws {
        do {
            try await write()
        } catch let limit as OutputLimitReached {
            if let query { remember(query, history: history, runtime: runtime) }
            throw limit
        }
        if let query { remember(query, history: history, runtime: runtime) }
    }

    /// Searches with a spinner on a terminal.
    ///
    /// - Parameters:
    ///   - query: The search.
    ///   - single: Whether to ask for the best match only.
    ///   - embed: What to embed in the best match.
    /// - Returns: The show records (see `ShowSearch.records(for:single:embed:client:)`); empty for no results.
    /// - Throws: ``APIError`` for a failed request.
    func search(_ query: SearchQuery, single: Bool, embed: [Endpoint.Embed]) async throws -> [[UInt8]] {
        try await Spinner.whileWaiting(
            "searching TVMaze for \"\(query.text)\"…",
            diagnostics: runtime.diagnostics,
            isEnabled: Spinner.isWanted(terminal: runtime.terminal, quiet: runtime.outputOptions.quiet),
            delay: Spinner.delay(environment: runtime.terminal.environment)
        ) {
            try await ShowSearch.records(for: query, single: single, embed: embed, client: client)
        }
    }

    /// Records a successful search whose results were written; a history that cannot be saved is a warning.
    ///
    /// The search itself succeeded and its results are out, so the exit status stays as it is: a read-only
    /// home or an unwritable `$XDG_STATE_HOME` must not fail `tvm-search -i | tvm-fav add` under `pipefail`
    /// (the HTTP cache treats its own failures the same way).
    /// - Parameter query: The search that found something.
    func remember(_ query: SearchQuery) {
        Self.remember(query, history: history, runtime: runtime)
    }

    /// Records a successful search in `history`; one that cannot be saved is a warning (see ``remember(_:)``).
    static func remember(_ query: SearchQuery, history: SearchHistory, runtime: ToolRuntime) {
        do {
            try history.record(query, at: try runtime.now())
        } catch {
            runtime.diagnostics.warning("\(error.localizedDescription); the search was not remembered")
        }
    }

    /// Prints `tvm-search: no shows found for "QUERY"` on stderr and raises the exit status to 1.
    ///
    /// - Parameter query: The search that found nothing.
    func reportNoResults(for query: SearchQuery) {
        runtime.diagnostics.clearProgress()
        runtime.diagnostics.raw(
            "\(runtime.tool): no shows found for \"\(HTMLText.terminalSafe(query.text, keepingNewlines: false))\"\n")
        runtime.raise(.notFound)
    }
}
