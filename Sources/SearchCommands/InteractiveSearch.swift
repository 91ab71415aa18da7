import TVMCommandLine
import TVMRecords
import TVMTerminal
import TVMazeAPI

/// `tvm-search -i`: the live search on the terminal, results as you type.
///
/// A thin driver around ``LiveSearchState``: it feeds the state keys from ``TerminalInput``, debounce timer
/// events and search answers, performs the effects the state returns (a timer task, one task per search,
/// cancelled when the query changes), and redraws the screen with ``LiveSearchRenderer`` on `/dev/tty`. stdout
/// is left alone until the interface is gone; then the chosen records are printed exactly as `tvm-search QUERY`
/// prints them, and their queries are remembered.
struct InteractiveSearch {
    /// The run's streams, options and exit status.
    let runtime: ToolRuntime
    /// The client and the history.
    let searcher: ShowSearcher
    /// Where the answers come from: TVMaze, or the catalogue on disk (then without the debounce wait).
    let backend: LiveSearchBackend
    /// The terminal to draw on.
    let session: TerminalSession
    /// Whether the interface may use colour.
    let color: Bool

    /// What the driver's loop waits for.
    private enum Event: Sendable {
        case input(TerminalInput.Event)
        case state(LiveSearchEvent)
    }

    /// What the user chose: the records to print and the searches to remember.
    private typealias Choice = (records: [[UInt8]], queries: [SearchQuery])

    /// Runs the live search, then prints the chosen shows, or nothing when cancelled (exit status 130).
    ///
    /// The output (and its `--jq` filter) is set up before the terminal is touched, so a filter that does not
    /// compile ends the run at once.
    /// - Parameter initialQuery: The query to start with; empty shows the history.
    /// - Throws: A terminal that cannot be put in raw mode, a write error.
    func run(initialQuery: String) async throws {
        let output = try await runtime.makeOutput(view: SearchResultsView())
        let suggestions = rememberedSearches()
        guard let choice = try await interact(suggestions: suggestions, initialQuery: initialQuery) else {
            runtime.raise(.cancelled)
            return
        }
        try await output.emit(batch: choice.records)
        try await output.finish()
        for query in choice.queries { searcher.remember(query) }
    }

    /// The remembered searches to suggest; a history that cannot be read is a warning and no suggestions, as a
    /// history that cannot be saved is only a warning.
    private func rememberedSearches() -> [String] {
        do {
            return try searcher.history.entries().map(\.query)
        } catch {
            runtime.diagnostics.warning("\(error.localizedDescription); no suggestions are shown")
            return []
        }
    }

    /// Draws the interface until the user chooses or cancels; the terminal is restored before it returns.
    private func interact(suggestions: [String], initialQuery: String) async throws -> Choice? {
        var state = LiveSearchState(suggestions: suggestions, query: initialQuery, debounce: backend.debounce)
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let input = TerminalInput(session: session)
        let color = self.color
        let detail = ShowDetailTerminalView(now: try runtime.now(), zone: runtime.viewerZone)
        let renderer = LiveSearchRenderer(styler: Styler(isEnabled: color)) { result, width in
            detail.render([result.record], width: width, color: color)
        }
        try session.enter()
        defer {
            input.stop()
            session.restore()
        }
        input.start { continuation.yield(.input($0)) }

        var timer: Task<Void, Never>?
        var searches: [Int: Task<Void, Never>] = [:]
        defer {
            timer?.cancel()
            for search in searches.values { search.cancel() }
        }
        var choice: Choice?
        var exitCode: Int32?
        let backend = self.backend

        func perform(_ effects: [LiveSearchEffect]) {
            for effect in effects {
                switch effect {
                case .scheduleDebounce(let generation, let delay):
                    timer?.cancel()
                    timer = Task {
                        try? await Task.sleep(for: delay)
                        guard !Task.isCancelled else { return }
                        continuation.yield(.state(.debounceElapsed(generation: generation)))
                    }
                case .startSearch(let query, let generation):
                    searches[generation] = Task {
                        continuation.yield(.state(await Self.search(query, generation: generation, backend: backend)))
                    }
                case .cancelSearch(let generation):
                    searches.removeValue(forKey: generation)?.cancel()
                case .printRecords(let records, let queries):
                    choice = (records, queries)
                case .exit(let code):
                    exitCode = code
                }
            }
        }

        var drawn: (screen: LiveSearchScreen, width: Int, height: Int)?
        func draw() {
            let screen = state.screen
            let (width, height) = session.size
            if let drawn, drawn.screen == screen, drawn.width == width, drawn.height == height { return }
            session.draw(renderer.frame(for: screen, width: width, height: height))
            drawn = (screen, width, height)
        }

        perform(state.start())
        draw()
        for await event in events {
            switch event {
            case .input(.keys(let keys)):
                for key in keys where exitCode == nil { perform(state.handle(.key(key))) }
            case .input(.resize):
                drawn = nil
            case .input(.closed):
                exitCode = LiveSearchState.cancelledExitCode
            case .state(let stateEvent):
                switch stateEvent {
                case .searchSucceeded(let generation, _), .searchAnsweredByCatalog(let generation, _),
                    .searchFailed(let generation, _):
                    searches.removeValue(forKey: generation)
                default:
                    break
                }
                perform(state.handle(stateEvent))
            }
            if exitCode != nil { break }
            draw()
        }
        return exitCode == 0 ? choice : nil
    }

    /// Runs one search and turns its outcome into the event the state expects.
    ///
    /// A 404 counts as no results (TVMaze answers `[]`, but a 404 also means "nothing here"); a network
    /// failure carries the original app specification's title and fetch-error text; any other failure the original app specification's title and its description.
    private static func search(_ query: SearchQuery, generation: Int, backend: LiveSearchBackend) async
        -> LiveSearchEvent
    {
        do {
            let answer = try await backend.answer(query)
            let results = answer.records.map(LiveSearchResult.init(record:))
            if answer.fellBack { return .searchAnsweredByCatalog(generation: generation, results: results) }
            return .searchSucceeded(generation: generation, results: results)
        } catch APIError.notFound {
            return .searchSucceeded(generation: generation, results: [])
        } catch let error as APIError where error.isFetchFailure {
            let failure = LiveSearchFailure(
                title: Prompt.fetchErrorTitle, message: Prompt.fetchErrorMessage, cause: error.localizedDescription)
            return .searchFailed(generation: generation, failure: failure)
        } catch {
            let failure = LiveSearchFailure(title: Prompt.fetchErrorTitle, message: error.localizedDescription)
            return .searchFailed(generation: generation, failure: failure)
        }
    }
}
