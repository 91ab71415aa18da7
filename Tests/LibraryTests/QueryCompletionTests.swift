import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("QueryCompletion offers remembered searches")
struct QueryCompletionTests {
    let queries = ["squid game", "girls", "Gilmore Girls", "Pokémon"]

    private func complete(_ words: [String], prefix: String? = nil) -> [String] {
        QueryCompletion.candidates(
            queries: queries, words: words, index: words.count - 1, prefix: prefix ?? words.last ?? "")
    }

    @Test("the first query word offers every search whole, most recent first")
    func firstWord() {
        #expect(complete(["tvm-search", ""]) == queries)
        #expect(complete(["tvm-search", "--single", ""]) == queries)
    }

    @Test("the word being completed filters by prefix, ignoring case")
    func prefixFilter() {
        #expect(complete(["tvm-search", "gi"]) == ["girls", "Gilmore Girls"])
        #expect(complete(["tvm-search", "POK"]) == ["Pokémon"])
        #expect(complete(["tvm-search", "x"]).isEmpty)
    }

    @Test("after the first words of a search, the rest of it is offered")
    func continuation() {
        #expect(complete(["tvm-search", "squid", ""]) == ["game"])
        #expect(complete(["tvm-search", "gilmore", "g"]) == ["Girls"])
        #expect(complete(["tvm-search", "--format", "table", "squid", ""]) == ["game"])
    }

    @Test("words that start no search fall back to whole searches")
    func fallback() {
        #expect(complete(["tvm-search", "the", ""]) == queries)
    }

    @Test("shell quoting in the word is ignored")
    func quoting() {
        #expect(complete(["tvm-search", #"squid\ g"#]) == ["squid game"])
        #expect(complete(["tvm-search", "'squid g"]) == ["squid game"])
    }

    @Test("an index outside the words offers whole searches")
    func oddIndex() {
        #expect(QueryCompletion.candidates(queries: queries, words: [], index: 5, prefix: "") == queries)
    }
}
