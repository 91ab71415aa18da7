import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("The live search state machine: keys, timer and answers in; screen and effects out")
struct LiveSearchStateTests {
    typealias Data = LiveSearchTestData

    /// Types `text` and lets its debounce fire: the state is then waiting for the answer of that search.
    static func search(_ state: inout LiveSearchState, typing text: String) -> [LiveSearchEffect] {
        _ = state.handle(.key(.text(text)))
        return state.handle(.debounceElapsed(generation: state.generation))
    }

    /// A state showing the recorded results for "girls".
    static func showingGirls() throws -> LiveSearchState {
        var state = LiveSearchState(suggestions: [])
        _ = search(&state, typing: "girls")
        _ = state.handle(.searchSucceeded(generation: state.generation, results: try Data.girls()))
        return state
    }

    @Test("the cursor moves by character; typing and deleting happen where it is, as in a shell")
    func cursorEditing() {
        var state = LiveSearchState(suggestions: [])
        _ = state.handle(.key(.text("squid game")))
        #expect(state.cursor == 10)
        let generation = state.generation
        for _ in 0..<5 { #expect(state.handle(.key(.left)).isEmpty) }
        #expect(state.cursor == 5 && state.generation == generation, "moving is not an edit")
        #expect(!state.handle(.key(.text("y"))).isEmpty)
        #expect((state.query, state.cursor) == ("squidy game", 6))
        _ = state.handle(.key(.backspace))
        #expect((state.query, state.cursor) == ("squid game", 5))
        _ = state.handle(.key(.deleteForward))
        #expect((state.query, state.cursor) == ("squidgame", 5))
        _ = state.handle(.key(.text(" ")))
        _ = state.handle(.key(.home))
        _ = state.handle(.key(.left))
        #expect(state.cursor == 0, "Left at the start stays there")
        _ = state.handle(.key(.text("the ")))
        #expect((state.query, state.cursor) == ("the squid game", 4))
        _ = state.handle(.key(.end))
        _ = state.handle(.key(.right))
        #expect(state.cursor == 14, "Right at the end stays there")
        for _ in 0..<5 { _ = state.handle(.key(.left)) }
        _ = state.handle(.key(.deleteWord))
        #expect((state.query, state.cursor) == ("the  game", 4))
        _ = state.handle(.key(.deleteToEnd))
        #expect((state.query, state.cursor) == ("the ", 4))
        _ = state.handle(.key(.left))
        _ = state.handle(.key(.clearQuery))
        #expect((state.query, state.cursor) == (" ", 0))
        #expect(state.handle(.key(.backspace)).isEmpty, "nothing before the cursor to delete")
        _ = state.handle(.key(.end))
        #expect(state.handle(.key(.deleteForward)).isEmpty, "nothing under the cursor to delete")
        #expect(state.screen.cursor == 1)
    }

    @Test("word motions go to the start of the word before the cursor and the end of the word after it")
    func wordMotions() {
        var state = LiveSearchState(suggestions: [], query: "the  squid game")
        let generation = state.generation
        let stops: [(LiveSearchKey, Int)] = [
            (.wordLeft, 11), (.wordLeft, 5), (.wordLeft, 0), (.wordLeft, 0), (.wordRight, 3), (.wordRight, 10),
            (.wordRight, 15), (.wordRight, 15),
        ]
        for (key, expected) in stops {
            #expect(state.handle(.key(key)).isEmpty)
            #expect(state.cursor == expected, "\(key)")
        }
        #expect(state.generation == generation, "moving is not an edit")
    }

    @Test("a combining mark joins the character before it; the cursor stays on a character boundary")
    func cursorWithCombiningMarks() {
        var state = LiveSearchState(suggestions: [], query: "cafe")
        _ = state.handle(.key(.text("\u{301}")))
        #expect((state.query, state.cursor) == ("café", 4))
        _ = state.handle(.key(.left))
        _ = state.handle(.key(.text("x")))
        #expect((state.query, state.cursor) == ("cafxé", 4))
        _ = state.handle(.key(.deleteForward))
        #expect((state.query, state.cursor) == ("cafx", 4))
    }

    @Test("an edit waits for the debounce, and only the timer of the latest edit starts a search")
    func debounce() {
        var state = LiveSearchState(suggestions: [])
        #expect(state.handle(.key(.text("g"))) == [.scheduleDebounce(generation: 1, after: .milliseconds(250))])
        #expect(state.handle(.key(.text("i"))) == [.scheduleDebounce(generation: 2, after: .milliseconds(250))])
        #expect(state.screen.status == .searching("gi"))
        #expect(state.handle(.debounceElapsed(generation: 1)).isEmpty)
        #expect(state.handle(.debounceElapsed(generation: 2)) == [.startSearch(SearchQuery("gi")!, generation: 2)])
        #expect(state.handle(.debounceElapsed(generation: 2)).isEmpty)
    }

    @Test("without a debounce (the local catalogue) each keystroke starts its search at once, cancelling the last")
    func noDebounce() {
        var state = LiveSearchState(suggestions: [], debounce: .zero)
        #expect(state.handle(.key(.text("g"))) == [.startSearch(SearchQuery("g")!, generation: 1)])
        #expect(
            state.handle(.key(.text("i"))) == [
                .cancelSearch(generation: 1), .startSearch(SearchQuery("gi")!, generation: 2),
            ])
        #expect(state.handle(.searchSucceeded(generation: 1, results: [])).isEmpty, "a stale answer is dropped")
        #expect(state.screen.status == .searching("gi"))
    }

    @Test("a keystroke while a search is under way cancels that request and waits for a new debounce")
    func keystrokeCancels() {
        var state = LiveSearchState(suggestions: [])
        #expect(Self.search(&state, typing: "gi") == [.startSearch(SearchQuery("gi")!, generation: 1)])
        #expect(
            state.handle(.key(.text("r"))) == [
                .cancelSearch(generation: 1), .scheduleDebounce(generation: 2, after: .milliseconds(250)),
            ])
        #expect(state.handle(.key(.text("l"))) == [.scheduleDebounce(generation: 3, after: .milliseconds(250))])
    }

    @Test("an answer that arrives late for an older query is dropped, never shown")
    func staleAnswerDropped() throws {
        var state = LiveSearchState(suggestions: [])
        _ = Self.search(&state, typing: "squid")
        let olderGeneration = state.generation
        _ = Self.search(&state, typing: " game")
        #expect(state.handle(.searchSucceeded(generation: olderGeneration, results: try Data.girls())).isEmpty)
        #expect(state.handle(.searchAnsweredByCatalog(generation: olderGeneration, results: try Data.girls())).isEmpty)
        let failure = LiveSearchFailure(message: "failed", cause: "late")
        #expect(state.handle(.searchFailed(generation: olderGeneration, failure: failure)).isEmpty)
        #expect(state.screen.list == .results([]))
        #expect(state.screen.status == .searching("squid game"))
        _ = state.handle(.searchSucceeded(generation: state.generation, results: try Data.squidGame()))
        #expect(state.screen.list == .results(try Data.squidGame()))
        #expect(state.resultsQuery == SearchQuery("squid game"))
    }

    @Test("different queries give different lists: each answer replaces the one before")
    func resultsFollowTheQuery() throws {
        var state = try Self.showingGirls()
        #expect(state.screen.list == .results(try Data.girls()))
        #expect(state.screen.status == .results(count: 10))
        _ = Self.search(&state, typing: "!")
        // The older results stay until the new answer comes.
        #expect(state.screen.list == .results(try Data.girls()))
        #expect(state.screen.status == .searching("girls!"))
        _ = state.handle(.searchSucceeded(generation: state.generation, results: try Data.squidGame()))
        #expect(state.screen.list == .results(try Data.squidGame()))
        _ = Self.search(&state, typing: "x")
        _ = state.handle(.searchSucceeded(generation: state.generation, results: []))
        #expect(state.screen.list == .results([]))
        #expect(state.screen.status == .noResults("girls!x"))
        #expect(state.screen.selection == nil)
    }

    @Test("the selection stays within the list, whichever way and however far it moves")
    func selectionBounds() throws {
        var state = try Self.showingGirls()
        for _ in 0..<25 { _ = state.handle(.key(.down)) }
        #expect(state.screen.selection == 9)
        for _ in 0..<25 { _ = state.handle(.key(.up)) }
        #expect(state.screen.selection == 0)
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.down))
        #expect(state.selection == 2)
        _ = Self.search(&state, typing: "!")
        _ = state.handle(.searchSucceeded(generation: state.generation, results: try Data.squidGame()))
        #expect(state.screen.selection == 0)
        _ = state.handle(.key(.down))
        #expect(state.screen.selection == 0)

        var suggesting = LiveSearchState(suggestions: ["a", "b", "c"])
        for _ in 0..<5 { _ = suggesting.handle(.key(.down)) }
        #expect(suggesting.screen.selection == 2)
        var empty = LiveSearchState(suggestions: [])
        _ = empty.handle(.key(.down))
        #expect(empty.screen.selection == nil)
        #expect(empty.handle(.key(.enter)).isEmpty)
    }

    @Test("Tab marks the selected result and moves down; Tab again unmarks it")
    func tabMarks() throws {
        var state = try Self.showingGirls()
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.tab))
        #expect(state.screen.marked == [0, 1])
        #expect(state.screen.selection == 2)
        _ = state.handle(.key(.up))
        _ = state.handle(.key(.tab))
        #expect(state.screen.marked == [0])
        #expect(state.screen.markedCount == 1)
        for _ in 0..<12 { _ = state.handle(.key(.tab)) }
        #expect(state.screen.selection == 9)
    }

    @Test("Enter prints every marked result in the order marked, across queries, and remembers each query once")
    func enterPrintsMarked() throws {
        let girls = try Data.girls()
        let squid = try Data.squidGame()
        var state = try Self.showingGirls()
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.up))
        _ = state.handle(.key(.up))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.clearQuery))
        _ = Self.search(&state, typing: "squid game")
        _ = state.handle(.searchSucceeded(generation: state.generation, results: squid))
        #expect(state.screen.markedCount == 2)
        #expect(state.screen.marked.isEmpty)
        _ = state.handle(.key(.tab))
        #expect(
            state.handle(.key(.enter)) == [
                .printRecords(
                    [girls[1].record, girls[0].record, squid[0].record],
                    remembering: [SearchQuery("girls")!, SearchQuery("squid game")!]),
                .exit(code: 0),
            ])
    }

    @Test("Enter on a result prints its record and remembers the query that found it, then nothing more happens")
    func enterOnResult() throws {
        let girls = try Data.girls()
        var state = try Self.showingGirls()
        _ = state.handle(.key(.down))
        #expect(
            state.handle(.key(.enter)) == [
                .printRecords([girls[1].record], remembering: [SearchQuery("girls")!]), .exit(code: 0),
            ])
        #expect(state.isFinished)
        #expect(state.handle(.key(.enter)).isEmpty)
        #expect(state.handle(.searchSucceeded(generation: state.generation, results: girls)).isEmpty)
    }

    @Test("Enter before anything is listed skips the rest of the debounce; while the answer is awaited it waits")
    func enterBeforeResults() {
        var state = LiveSearchState(suggestions: [])
        _ = state.handle(.key(.text("girls")))
        #expect(state.handle(.key(.enter)) == [.startSearch(SearchQuery("girls")!, generation: 1)])
        #expect(state.handle(.key(.enter)).isEmpty)
        #expect(state.handle(.debounceElapsed(generation: 1)).isEmpty)
    }

    @Test("with an empty query the history is listed as suggestions, and Enter on one runs it at once")
    func suggestions() throws {
        var state = LiveSearchState(suggestions: ["squid game", "girls"])
        #expect(state.screen.list == .suggestions(["squid game", "girls"]))
        #expect(state.screen.status == .suggestions)
        #expect(state.screen.selection == 0)
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.detail))
        #expect(state.screen.detail == nil)
        #expect(state.handle(.key(.enter)) == [.startSearch(SearchQuery("girls")!, generation: 1)])
        #expect(state.query == "girls")
        #expect(state.screen.status == .searching("girls"))
        _ = state.handle(.searchSucceeded(generation: 1, results: try Data.girls()))
        #expect(state.screen.list == .results(try Data.girls()))
        #expect(state.screen.selection == 0)

        // Clearing the query brings the suggestions back and cancels a search under way.
        _ = Self.search(&state, typing: "!")
        let running = state.generation
        #expect(state.handle(.key(.clearQuery)) == [.cancelSearch(generation: running)])
        #expect(state.screen.list == .suggestions(["squid game", "girls"]))
        #expect(state.screen.status == .suggestions)
        #expect(LiveSearchState(suggestions: []).screen.status == .typeToSearch)
        let many = LiveSearchState(suggestions: (1...15).map { "show \($0)" })
        #expect(many.screen.rowCount == 10)
    }

    @Test("Esc and Ctrl-C exit 130, print nothing, and cancel the search under way")
    func cancel() throws {
        for key in [LiveSearchKey.escape, .interrupt] {
            var state = LiveSearchState(suggestions: ["girls"])
            _ = Self.search(&state, typing: "gi")
            #expect(state.handle(.key(key)) == [.cancelSearch(generation: 1), .exit(code: 130)])
            var showing = try Self.showingGirls()
            _ = showing.handle(.key(.tab))
            #expect(showing.handle(.key(key)) == [.exit(code: 130)])
        }
    }

    @Test("a failed search shows its failure; Ctrl-R retries it, and letters (r too) edit the query")
    func failureAndRetry() throws {
        var state = LiveSearchState(suggestions: [])
        _ = Self.search(&state, typing: "girls")
        let failure = LiveSearchFailure(message: "An error occurred", cause: "connection refused")
        _ = state.handle(.searchFailed(generation: state.generation, failure: failure))
        #expect(state.screen.status == .failed(failure))
        #expect(state.handle(.key(.retry)) == [.startSearch(SearchQuery("girls")!, generation: 2)])
        #expect(state.query == "girls")
        _ = state.handle(.searchFailed(generation: 2, failure: failure))
        // Regression: after an error, r retried instead of being typed (issue 16).
        #expect(state.handle(.key(.text("r"))) == [.scheduleDebounce(generation: 3, after: .milliseconds(250))])
        #expect(state.query == "girlsr")
        #expect(state.handle(.debounceElapsed(generation: 3)) == [.startSearch(SearchQuery("girlsr")!, generation: 3)])
        _ = state.handle(.searchSucceeded(generation: 3, results: try Data.girls()))
        #expect(state.screen.status == .results(count: 10))
        #expect(state.handle(.key(.retry)).isEmpty)
    }

    @Test("Ctrl-Z is never the state's: the driver suspends before, and the state does nothing with it")
    func suspendIgnored() {
        var state = LiveSearchState(suggestions: [])
        _ = Self.search(&state, typing: "girls")
        #expect(state.handle(.key(.suspend)).isEmpty)
        #expect(state.query == "girls")
    }

    @Test("Ctrl-D opens the selected show's detail until any key, which is not typed; Ctrl-C still exits")
    func detailPane() throws {
        let girls = try Data.girls()
        var state = try Self.showingGirls()
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.detail))
        #expect(state.screen.detail == girls[1])
        #expect(state.handle(.key(.text("x"))).isEmpty)
        #expect(state.screen.detail == nil)
        #expect(state.query == "girls")
        _ = state.handle(.key(.detail))
        #expect(state.handle(.key(.interrupt)) == [.exit(code: 130)])
    }

    @Test("an edit that leaves the search the same (trailing space) sends nothing; editing words works")
    func sameSearch() throws {
        var state = try Self.showingGirls()
        #expect(state.handle(.key(.text(" "))).isEmpty)
        #expect(state.screen.status == .results(count: 10))
        _ = state.handle(.key(.text("club")))
        let waiting = state.generation
        // Back to the listed search: the pending one is dropped and nothing new is sent.
        #expect(state.handle(.key(.deleteWord)).isEmpty)
        #expect(state.query == "girls ")
        #expect(state.screen.status == .results(count: 10))
        #expect(state.handle(.debounceElapsed(generation: waiting)).isEmpty)
        _ = state.handle(.key(.deleteWord))
        #expect(state.query == "")
        #expect(state.screen.list == .suggestions([]))
    }

    @Test("a starting query is searched at once, without the debounce")
    func startingQuery() {
        var state = LiveSearchState(suggestions: ["girls"], query: "squid  game")
        #expect(state.start() == [.startSearch(SearchQuery("squid game")!, generation: 1)])
        var empty = LiveSearchState(suggestions: ["girls"])
        #expect(empty.start().isEmpty)
    }
}
