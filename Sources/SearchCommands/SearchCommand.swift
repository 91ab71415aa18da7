import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText
import TVMazeAPI

/// `tvm-search`: shows by name, and the history of successful searches.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-search",
        abstract: "Search TVMaze for shows by name; remembers the last 10 successful searches.",
        discussion: """
            The words of QUERY are joined with single spaces into one search. Each result is printed as the \
            show object itself, exactly as TVMaze sent it, with TVMaze's relevance score added as "_tvm.score", \
            one compact record per line, best match first (at most 10). So the output pipes straight into \
            tvm-fav add, tvm-episodes, tvm-img and tvm-fetch show. On a terminal it is a table of score, id, \
            name, premiered, network and status.

            With --single, only the best match is printed (TVMaze's /singlesearch/shows, no score), and \
            --embed adds related data as in tvm-fetch show.

            No match prints 'tvm-search: no shows found for "QUERY"' on stderr and exits 1.

            History: the last 10 successful searches are kept, most recent first, in \
            $XDG_STATE_HOME/tvm/search-history.jsonl (default ~/.local/state/tvm). A search is recorded once its \
            results are written: one that finds nothing, fails, or cannot write its output is not. A history \
            that cannot be saved (a read-only home) is a warning, and the search still exits 0. Queries are tidied before they are sent and stored (Unicode NFC, runs of \
            white space made one space, ends trimmed); searches that differ only in case are the same search, \
            so repeating one moves it to the top with its latest spelling. --history prints \
            {"query":…,"at":…} lines (at: ISO 8601, UTC) when piped, a list on a terminal. Shell completion \
            of QUERY offers the remembered searches (see --generate-completion-script).

            Live search: with -i, or with no QUERY when a terminal is available (/dev/tty), tvm-search draws an \
            interface on the terminal, never on stdout, so it can be piped: tvm-search -i | tvm-fav add. Under \
            the prompt "Search shows:" up to 10 results are listed (name, premiere year, network, status), and \
            they change as you type: a search starts once the query has not changed for 250 ms, and a newer \
            keystroke cancels the older request. With an empty query the list holds the last 10 successful \
            searches as suggestions. A failed search shows the error, and Ctrl-R retries it. Keys: Up/Down or \
            Ctrl-P/Ctrl-N move; Enter on a suggestion runs it; Enter on a result prints that show's record \
            (as tvm-search QUERY prints it, with "_tvm.score"), remembers the query and exits 0; Tab marks \
            several results and Enter prints the marked ones; Ctrl-D shows the selected show's details until \
            any key; Left/Right, Home/End (or Ctrl-B/Ctrl-F, Ctrl-A/Ctrl-E) and Ctrl-Left/Ctrl-Right (or \
            Alt-B/Alt-F, by word) move the cursor in the query, and \
            Backspace, Delete, Ctrl-W (the word before the cursor), Ctrl-U (to the start) and Ctrl-K (to the \
            end) edit it, as in a shell; Esc or Ctrl-C exit 130, printing nothing and \
            leaving the history unchanged. A QUERY given with -i is the starting query.

            Offline: --local searches the show catalogue on disk (tvm-fetch catalog sync makes it) instead of \
            TVMaze: every word of QUERY, as a word or the start of one, in the name, genres, network or web \
            channel, or summary, without regard to case or accents (pokemon finds Pokémon). A repeated word \
            counts once, and only the first \(CatalogMatch.maxWords) different words (\(CatalogMatch.maxCharacters) \
            characters in all) are searched, with a warning. A show with every word in its name comes first; \
            the others follow by how well they match (by popularity alone when more than \
            \(CatalogStore.maxRankedMatches) shows match), then by popularity. The records are printed as for an \
            online search, with "_tvm.score" (when more than \(CatalogStore.maxRankedMatches) shows match, a word \
            and the longer words it begins score alike). The filters --genre (repeatable), --status, --language, --type, --network, \
            --country, --min-rating and --premiered YEAR[..YEAR], the order --sort and --limit (10 by default, 0 \
            for all) need --local; with a filter and no QUERY it browses. --offline uses the catalogue when there \
            is one. -i --local searches the catalogue as you type, with no debounce wait; -i without --local \
            searches TVMaze, and when TVMaze cannot be reached (no connection, timeouts, 5xx) the catalogue \
            answers instead, as the status line says. With no catalogue, --local says how to make one and \
            exits 69.

            Examples:
              tvm-search girls
              tvm-search squid game | tvm-fav add
              tvm-search girls --jq 'select(._tvm.score > 12) | .name'
              tvm-search --single girls --embed cast,nextepisode
              tvm-search Pokémon | tvm-episodes
              tvm-search --history --jq .query
              tvm-search --clear-history
              tvm-search -i | tvm-fav add
              tvm-search -i squid
              tvm-search --local pokemon
              tvm-search --local --genre Anime --min-rating 8 --sort rating

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current
    )

    @Argument(
        help: ArgumentHelp("The show to search for; the words are joined with single spaces.", valueName: "query"),
        completion: .candidates(SearchCompletion.candidates)
    )
    var query: [String] = []

    @Flag(help: "Print only the best match (/singlesearch/shows).")
    var single = false

    @Option(
        help: ArgumentHelp(
            "With --single, embed related data: episodes, cast, crew, seasons, nextepisode, previousepisode "
                + "(repeat it, or give a comma-separated list).",
            valueName: "kind"
        ),
        completion: .list(Endpoint.Embed.allCases.map(\.rawValue))
    )
    var embed: [String] = []

    @Flag(
        name: [.short, .customLong("interactive")],
        help: "Search as you type on the terminal (the default with no query when there is one)."
    )
    var interactive = false

    @Flag(help: "List the last 10 successful searches, most recent first.")
    var history = false

    @Flag(help: "Forget every remembered search.")
    var clearHistory = false

    @OptionGroup(title: "Searching the catalogue on disk") var local: LocalSearchOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if local.local {
            guard !history, !clearHistory else {
                throw ValidationError("--local cannot be combined with --history or --clear-history")
            }
            guard !single, embed.isEmpty else {
                throw ValidationError("--local cannot be combined with --single or --embed")
            }
            if isLocalBrowse { return }
            // A query of punctuation alone has nothing to search for, like an empty one (which is refused below).
            if let text = SearchQuery(words: query)?.text, CatalogMatch(text: text) == nil {
                throw ValidationError(
                    "the query '\(HTMLText.terminalSafe(text, keepingNewlines: false))' has no word to search for "
                        + "(letters or digits): give a show's name, or a filter and no query to browse")
            }
        }
        if interactive || (query.isEmpty && !history && !clearHistory && !single && embed.isEmpty) {
            try validateInteractive()
            return
        }
        if history || clearHistory {
            guard !(history && clearHistory) else {
                throw ValidationError("give --history or --clear-history, not both")
            }
            let flag = history ? "--history" : "--clear-history"
            guard query.isEmpty else { throw ValidationError("\(flag) takes no query") }
            guard !single, embed.isEmpty else {
                throw ValidationError("\(flag) cannot be combined with --single or --embed")
            }
            return
        }
        guard SearchQuery(words: query) != nil else {
            throw ValidationError(
                query.isEmpty ? "give a query, e.g. tvm-search squid game" : "the query is empty: give a show's name")
        }
        if !embed.isEmpty && !single {
            throw ValidationError("--embed needs --single: a full search cannot embed related data")
        }
        _ = try EmbedList.parse(embed)
    }

    /// The live search takes no --history, --clear-history, --single or --embed, and needs a terminal: with
    /// -i one that opens, without -i one whose foreground this process is (else the query is missing).
    private func validateInteractive() throws {
        let what = interactive ? "-i" : "a search without a query"
        guard !history, !clearHistory else {
            throw ValidationError("\(what) cannot be combined with --history or --clear-history")
        }
        guard !single, embed.isEmpty else {
            throw ValidationError("\(what) cannot be combined with --single or --embed")
        }
        if interactive {
            guard TerminalSession.isAvailable else {
                throw ValidationError(LiveSearchTerminalError.noTerminal.localizedDescription)
            }
        }
        guard interactive || TerminalSession.isAvailableInForeground else {
            throw ValidationError(
                "give a query, e.g. tvm-search squid game (or run it on a terminal to search as you type)")
        }
        // The live search moves the cursor and uses the alternate screen, which a dumb terminal cannot show.
        if ToolContext.current.terminal.environment["TERM"] == "dumb" {
            throw ValidationError(
                "\(what) needs a terminal that can move the cursor, and TERM is dumb: "
                    + "give a query instead, e.g. tvm-search squid game")
        }
    }

    /// Whether this run is the live search.
    private var isInteractive: Bool {
        interactive || (query.isEmpty && !history && !clearHistory && !isLocalBrowse)
    }

    /// Whether this run lists catalogue shows without a query: with filters, or with no terminal to search on.
    private var isLocalBrowse: Bool {
        local.local && query.isEmpty && !interactive
            && (local.hasFilters || local.sort != nil || !TerminalSession.isAvailableInForeground)
    }

    /// Whether the catalogue answers: --local, or --offline when there is a catalogue.
    private func usesCatalog(_ runtime: ToolRuntime) -> Bool {
        local.local
            || (network.offline && !single
                && FileManager.default.fileExists(atPath: runtime.catalogPath(local.catalog)))
    }

    /// The catalogue the online live search falls back on, when there is one and it opens.
    private func fallbackCatalog(_ runtime: ToolRuntime) -> CatalogStore? {
        guard !network.offline, FileManager.default.fileExists(atPath: runtime.catalogPath(local.catalog)) else {
            return nil
        }
        return try? runtime.openCatalog(local.catalog, access: .readOnly)
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-search", output: output)
        try await runtime.run {
            let store = SearchHistory(directory: runtime.directories.state)
            let catalog =
                !history && !clearHistory && usesCatalog(runtime)
                ? try runtime.openCatalog(local.catalog, access: .readOnly) : nil
            if isInteractive {
                guard let session = TerminalSession.open() else { throw LiveSearchTerminalError.noTerminal }
                let template = local.query(text: nil, limit: output.limit)
                // Online, a catalogue on disk stands in when TVMaze cannot be reached; one that does not open is
                // no reason to stop an online search.
                let fallback =
                    catalog == nil
                    ? fallbackCatalog(runtime).map { LocalLiveSearch(store: $0, template: template) } : nil
                // With a fallback, a host found down is not asked again: each keystroke goes to the catalogue at
                // once instead of waiting out the retries.
                let client = try runtime.makeClient(
                    network, drawsOnTerminal: true, skipsUnreachableHosts: fallback != nil)
                let backend: LiveSearchBackend =
                    catalog.map { .catalog(LocalLiveSearch(store: $0, template: template)) }
                    ?? .api(client, fallback: fallback)
                let live = InteractiveSearch(
                    runtime: runtime,
                    searcher: ShowSearcher(runtime: runtime, client: client, history: store),
                    backend: backend,
                    session: session,
                    color: runtime.terminal.colorAllowed(noColorFlag: output.noColor)
                )
                try await live.run(initialQuery: query.joined(separator: " "))
            } else if clearHistory {
                try store.clear()
            } else if history {
                try await HistoryPrinter(runtime: runtime, history: store).printEntries()
            } else if let catalog {
                let searcher = LocalSearcher(runtime: runtime, store: catalog, history: store)
                try await searcher.searchAndPrint(
                    local.query(text: SearchQuery(words: query)?.text, limit: output.limit))
            } else if let query = SearchQuery(words: query) {
                let searcher = ShowSearcher(runtime: runtime, client: try runtime.makeClient(network), history: store)
                try await searcher.searchAndPrint(query, single: single, embed: try EmbedList.parse(embed))
            }
        }
    }
}
