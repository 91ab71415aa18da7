import TVMRecords

/// The live search as a pure state machine: events in, effects and a screen model out.
///
/// It knows nothing of terminals, clocks or the network. The driver feeds it keys, debounce timer events and
/// search answers through ``handle(_:)``, performs the ``LiveSearchEffect``s it returns, and draws ``screen``.
///
/// - Each edit of the query bumps the *generation*, cancels the search under way and schedules a search after
///   ``debounceDelay``; only the timer of the latest generation starts one. Answers carry the generation of
///   their search, so an answer for an older query is dropped, never shown.
/// - With an empty query the list holds the history as suggestions; Enter on one runs it at once.
/// - Enter on a result prints it (or every marked result) and remembers its query; Esc or Ctrl-C exit with
///   ``cancelledExitCode`` printing nothing.
///
/// ```swift
/// var state = LiveSearchState(suggestions: ["squid game", "girls"])
/// state.handle(.key(.text("gi")))            // [.scheduleDebounce(generation: 1, after: .milliseconds(250))]
/// state.handle(.debounceElapsed(generation: 1))  // [.startSearch(SearchQuery("gi")!, generation: 1)]
/// ```
public struct LiveSearchState: Sendable {
    /// How long the query must stay unchanged before it is searched.
    public static let debounceDelay: Duration = .milliseconds(250)
    /// The most rows the list holds (TVMaze answers at most 10 results; the history keeps 10 searches).
    public static let maxRows = 10
    /// The exit status when the user cancels (Esc, Ctrl-C): 128 + SIGINT, as shells report an interrupt.
    public static let cancelledExitCode: Int32 = 130

    /// What the search is doing.
    public enum Activity: Sendable, Equatable {
        /// Nothing pending: the list shows suggestions, or the results of ``LiveSearchState/resultsQuery``.
        case idle
        /// An edit is waiting for the debounce delay before this search is sent.
        case waiting(SearchQuery)
        /// This search has been sent and its answer is awaited.
        case searching(SearchQuery)
        /// This search found nothing.
        case noResults(SearchQuery)
        /// This search failed.
        case failed(SearchQuery, LiveSearchFailure)
    }

    /// A result marked with Tab, with the search that found it.
    public struct Mark: Sendable, Equatable {
        /// The marked show.
        public let result: LiveSearchResult
        /// The search whose results listed it.
        public let query: SearchQuery
    }

    /// The query as typed.
    public private(set) var query: String
    /// Where the cursor is in ``query``: the number of characters before it.
    public private(set) var cursor: Int
    /// The remembered searches offered while the query is empty, most recent first.
    public let suggestions: [String]
    /// The results shown: those of ``resultsQuery``, kept while a newer search is under way.
    public private(set) var results: [LiveSearchResult] = []
    /// The search whose answer ``results`` holds.
    public private(set) var resultsQuery: SearchQuery?
    /// The index of the selected row in the list shown.
    public private(set) var selection = 0
    /// The marked results, in the order they were marked.
    public private(set) var marks: [Mark] = []
    /// What the search is doing.
    public private(set) var activity: Activity = .idle
    /// The result whose detail view is open, if any.
    public private(set) var detail: LiveSearchResult?
    /// Whether the last answer came from the catalogue on disk because TVMaze could not be reached.
    public private(set) var answeredByCatalog = false
    /// The generation of the latest edit; timer and search events of older generations are stale.
    public private(set) var generation = 0
    /// Whether an exit effect has been returned; every later event is ignored.
    public private(set) var isFinished = false
    /// The generation of the search under way, if any.
    private var inFlight: Int?
    /// How long an edit waits before its search starts; zero starts it at once (a local catalogue answers in
    /// milliseconds, so there is nothing to save by waiting).
    public let debounce: Duration

    /// Creates the state of a new live search.
    ///
    /// - Parameters:
    ///   - suggestions: The remembered searches, most recent first; only the first ``maxRows`` are offered.
    ///   - query: A query to start with (`tvm-search -i girls`); call ``start()`` to search it.
    ///   - debounce: How long an edit waits before its search starts (``debounceDelay`` by default).
    public init(suggestions: [String], query: String = "", debounce: Duration = debounceDelay) {
        self.debounce = debounce
        self.suggestions = Array(suggestions.prefix(Self.maxRows))
        self.query = query
        self.cursor = query.count
    }

    /// Whether the list shows suggestions: the query is empty (or only white space).
    public var showsSuggestions: Bool { SearchQuery(query) == nil }

    /// Starts the search of the initial query at once, if there is one.
    ///
    /// - Returns: The effects to perform.
    public mutating func start() -> [LiveSearchEffect] {
        guard !isFinished, let initial = SearchQuery(query) else { return [] }
        generation += 1
        return cancelInFlight() + startSearch(initial)
    }

    /// Applies an event.
    ///
    /// - Parameter event: A key, a timer event or a search answer.
    /// - Returns: The effects to perform, in order.
    public mutating func handle(_ event: LiveSearchEvent) -> [LiveSearchEffect] {
        guard !isFinished else { return [] }
        switch event {
        case .key(let key):
            return press(key)
        case .debounceElapsed(let eventGeneration):
            guard eventGeneration == generation, case .waiting(let pending) = activity else { return [] }
            return startSearch(pending)
        case .searchSucceeded(let eventGeneration, let found):
            return answer(eventGeneration, found, byCatalog: false)
        case .searchAnsweredByCatalog(let eventGeneration, let found):
            return answer(eventGeneration, found, byCatalog: true)
        case .searchFailed(let eventGeneration, let failure):
            guard let searched = answeredSearch(eventGeneration) else { return [] }
            results = []
            resultsQuery = nil
            selection = 0
            activity = .failed(searched, failure)
            return []
        }
    }

    /// Shows the results of the search under way, unless the answer is stale.
    private mutating func answer(_ eventGeneration: Int, _ found: [LiveSearchResult], byCatalog: Bool)
        -> [LiveSearchEffect]
    {
        guard let searched = answeredSearch(eventGeneration) else { return [] }
        results = Array(found.prefix(Self.maxRows))
        resultsQuery = searched
        selection = 0
        activity = results.isEmpty ? .noResults(searched) : .idle
        answeredByCatalog = byCatalog
        return []
    }

    /// The search an answer belongs to, or `nil` when the answer is stale.
    private mutating func answeredSearch(_ eventGeneration: Int) -> SearchQuery? {
        guard eventGeneration == generation, inFlight == eventGeneration, case .searching(let searched) = activity
        else {
            return nil
        }
        inFlight = nil
        return searched
    }

    /// Applies a key.
    private mutating func press(_ key: LiveSearchKey) -> [LiveSearchEffect] {
        if detail != nil {
            // The detail pane stays until any key; Ctrl-C still ends the search.
            detail = nil
            return key == .interrupt ? cancel() : []
        }
        switch key {
        case .text(let text):
            let before = String(query.prefix(cursor)) + text.filter { !$0.isNewline }
            query = before + query.dropFirst(cursor)
            // A combining mark typed or pasted joins the character before it: count what is there now.
            cursor = min(before.count, query.count)
            return edited()
        case .backspace:
            guard cursor > 0 else { return [] }
            return delete(from: cursor - 1, to: cursor)
        case .deleteWord:
            return delete(from: wordStart(before: cursor), to: cursor)
        case .clearQuery:
            return delete(from: 0, to: cursor)
        case .deleteForward:
            guard cursor < query.count else { return [] }
            return delete(from: cursor, to: cursor + 1)
        case .deleteToEnd:
            return delete(from: cursor, to: query.count)
        case .left:
            cursor = max(0, cursor - 1)
            return []
        case .right:
            cursor = min(query.count, cursor + 1)
            return []
        case .home:
            cursor = 0
            return []
        case .end:
            cursor = query.count
            return []
        case .wordLeft:
            cursor = wordStart(before: cursor)
            return []
        case .wordRight:
            let characters = Array(query)
            var end = cursor
            while end < characters.count, characters[end].isWhitespace { end += 1 }
            while end < characters.count, !characters[end].isWhitespace { end += 1 }
            cursor = end
            return []
        case .enter:
            return enter()
        case .tab:
            toggleMark()
            return []
        case .up:
            moveSelection(by: -1)
            return []
        case .down:
            moveSelection(by: 1)
            return []
        case .detail:
            if !showsSuggestions, results.indices.contains(selection) { detail = results[selection] }
            return []
        case .retry:
            return retry()
        case .escape, .interrupt:
            return cancel()
        case .other, .suspend:
            // Ctrl-Z is the driver's: it suspends the terminal session before the state sees keys.
            return []
        }
    }

    /// The start of the word before `offset` (white space between them skipped), as Ctrl-W and Alt-B see words.
    private func wordStart(before offset: Int) -> Int {
        let characters = Array(query)
        var start = offset
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Deletes the characters between two offsets of the query, and leaves the cursor where they were.
    private mutating func delete(from start: Int, to end: Int) -> [LiveSearchEffect] {
        guard start < end else { return [] }
        query = String(query.prefix(start)) + query.dropFirst(end)
        // Characters on both sides may join into one (two flag halves): the cursor stays within the query.
        cursor = min(start, query.count)
        return edited()
    }

    /// After the query changed: back to the suggestions, or a new search after the debounce delay.
    private mutating func edited() -> [LiveSearchEffect] {
        guard let edited = SearchQuery(query) else {
            let wasShowingResults = resultsQuery != nil || activity != .idle
            generation += 1
            let effects = cancelInFlight()
            results = []
            resultsQuery = nil
            activity = .idle
            if wasShowingResults { selection = 0 }
            return effects
        }
        guard edited != currentSearch else { return [] }
        if edited == resultsQuery {
            // Back to the search whose results are still listed: nothing to send.
            generation += 1
            let effects = cancelInFlight()
            activity = results.isEmpty ? .noResults(edited) : .idle
            return effects
        }
        if resultsQuery == nil && activity == .idle {
            selection = 0  // leaving the suggestions
        }
        generation += 1
        let effects = cancelInFlight()
        guard debounce > .zero else { return effects + startSearch(edited) }
        activity = .waiting(edited)
        return effects + [.scheduleDebounce(generation: generation, after: debounce)]
    }

    /// The search the list shows or is about to show.
    private var currentSearch: SearchQuery? {
        switch activity {
        case .idle: return resultsQuery
        case .waiting(let search), .searching(let search), .noResults(let search), .failed(let search, _):
            return search
        }
    }

    private mutating func enter() -> [LiveSearchEffect] {
        if showsSuggestions {
            guard suggestions.indices.contains(selection), let chosen = SearchQuery(suggestions[selection]) else {
                return []
            }
            query = chosen.text
            cursor = query.count
            generation += 1
            let effects = cancelInFlight()
            selection = 0
            return effects + startSearch(chosen)
        }
        if !marks.isEmpty {
            var queries: [SearchQuery] = []
            for mark in marks where !queries.contains(mark.query) { queries.append(mark.query) }
            return finish(marks.map(\.result.record), remembering: queries)
        }
        if let shown = resultsQuery, results.indices.contains(selection) {
            return finish([results[selection].record], remembering: [shown])
        }
        if case .waiting(let pending) = activity {
            return startSearch(pending)  // nothing to choose yet: skip the rest of the wait
        }
        return []
    }

    private mutating func toggleMark() {
        guard !showsSuggestions, let shown = resultsQuery, results.indices.contains(selection) else { return }
        let result = results[selection]
        if let index = marks.firstIndex(where: { $0.result.isSameShow(as: result) }) {
            marks.remove(at: index)
        } else {
            marks.append(Mark(result: result, query: shown))
        }
        moveSelection(by: 1)
    }

    private mutating func moveSelection(by offset: Int) {
        let count = showsSuggestions ? suggestions.count : results.count
        guard count > 0 else { return }
        selection = min(max(selection + offset, 0), count - 1)
    }

    private mutating func retry() -> [LiveSearchEffect] {
        guard case .failed(let failed, _) = activity else { return [] }
        generation += 1
        return cancelInFlight() + startSearch(failed)
    }

    private mutating func cancel() -> [LiveSearchEffect] {
        finish(code: Self.cancelledExitCode)
    }

    private mutating func finish(_ records: [[UInt8]], remembering queries: [SearchQuery]) -> [LiveSearchEffect] {
        let effects = cancelInFlight() + [.printRecords(records, remembering: queries)]
        return effects + finish(code: 0)
    }

    private mutating func finish(code: Int32) -> [LiveSearchEffect] {
        let effects = cancelInFlight()
        isFinished = true
        return effects + [.exit(code: code)]
    }

    /// Sends the search with the current generation.
    private mutating func startSearch(_ search: SearchQuery) -> [LiveSearchEffect] {
        activity = .searching(search)
        inFlight = generation
        return [.startSearch(search, generation: generation)]
    }

    private mutating func cancelInFlight() -> [LiveSearchEffect] {
        guard let running = inFlight else { return [] }
        inFlight = nil
        return [.cancelSearch(generation: running)]
    }
}
