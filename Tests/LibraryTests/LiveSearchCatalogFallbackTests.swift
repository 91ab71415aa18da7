import Testing

@testable import SearchCommands
@testable import TVMRecords
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("The live search when TVMaze cannot be reached and the catalogue answers")
struct LiveSearchCatalogFallbackTests {
    typealias Data = LiveSearchTestData

    @Test("an answer from the catalogue is shown as results, and the screen says where they come from")
    func stateMarksTheCatalogue() throws {
        var state = LiveSearchState(suggestions: [])
        _ = LiveSearchStateTests.search(&state, typing: "girls")
        _ = state.handle(.searchAnsweredByCatalog(generation: state.generation, results: try Data.girls()))
        #expect(state.screen.fromCatalog)
        #expect(state.screen.status == .results(count: try Data.girls().count))
        // TVMaze answers the next search: the note goes.
        _ = LiveSearchStateTests.search(&state, typing: "s")
        _ = state.handle(.searchSucceeded(generation: state.generation, results: try Data.squidGame()))
        #expect(!state.screen.fromCatalog)
    }

    @Test("the status line says the catalogue answered because TVMaze cannot be reached, within 80 columns")
    func statusLine() throws {
        var screen = LiveSearchRendererTests.resultsScreen(try Data.girls())
        screen.fromCatalog = true
        let line = LiveSearchRendererTests.plain.lines(for: screen, width: 80, height: 24)[1]
        #expect(line == "\(try Data.girls().count) shows from the catalogue: TVMaze is unavailable · Enter prints")
        #expect(DisplayWidth.width(of: line) <= 80)
        let none = LiveSearchScreen(query: "zzz", list: .results([]), status: .noResults("zzz"), fromCatalog: true)
        #expect(
            LiveSearchRendererTests.plain.lines(for: none, width: 80, height: 24)[1]
                == "no shows found for \"zzz\" in the catalogue: TVMaze is unavailable")
    }

    @Test(
        "failures to reach TVMaze fall back; answers and refusals do not",
        arguments: [
            (APIError.unavailable(url: "u", attempts: 4, detail: "connection refused"), true),
            (APIError.timedOut(url: "u", attempts: 4, detail: "read timed out"), true),
            (
                APIError.skipped(
                    url: "u", host: "h", cause: .unavailable(url: "u", attempts: 1, detail: "connection refused")),
                true
            ),
            (APIError.notFound(url: "u"), false), (APIError.rateLimited(url: "u", attempts: 4), false),
            (APIError.rejected(url: "u", status: 422, message: ""), false), (APIError.cancelled(url: "u"), false),
            (APIError.notCached(url: "u"), false),
        ])
    func whatFallsBack(error: APIError, fallsBack: Bool) {
        #expect(LiveSearchBackend.isUnreachable(error) == fallsBack)
    }
}
