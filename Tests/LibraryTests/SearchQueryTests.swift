import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("SearchQuery normalisation")
struct SearchQueryTests {
    @Test("words are joined with single spaces and the ends trimmed")
    func joinsWords() {
        #expect(SearchQuery(words: ["squid", "game"])?.text == "squid game")
        #expect(SearchQuery(words: ["  squid", "\tgame \n"])?.text == "squid game")
        #expect(SearchQuery("squid    game")?.text == "squid game")
    }

    @Test("nothing but white space is no query")
    func emptyIsNil() {
        #expect(SearchQuery("") == nil)
        #expect(SearchQuery(" \t\n ") == nil)
        #expect(SearchQuery(words: []) == nil)
        #expect(SearchQuery(words: ["", "  "]) == nil)
    }

    @Test("a decomposed accent becomes the composed one, so Pokémon is sent one way")
    func composesUnicode() throws {
        let decomposed = try #require(SearchQuery("Poke\u{301}mon"))
        #expect(Array(decomposed.text.utf8) == Array("Pok\u{E9}mon".utf8))
        #expect(Endpoint.search(query: decomposed.text).pathAndQuery == "/search/shows?q=Pok%C3%A9mon")
    }

    @Test("the case is kept in the text and ignored in the key")
    func caseInKey() {
        let upper = SearchQuery("Squid Game")
        #expect(upper?.text == "Squid Game")
        #expect(upper?.key == SearchQuery("squid  GAME")?.key)
        #expect(upper?.key != SearchQuery("squid")?.key)
    }
}
