import Foundation
import GRDB
import Testing

@testable import TVMRecords
@testable import TVMStore

/// The words a local search looks for are bounded whatever is typed (issue 30 #8).
@Suite("CatalogMatch bounds the work of a local search")
struct CatalogMatchTests {
    // Regression: on a 91,200-show catalogue `a a` took 0.77 s, 25 `a`s 8 s and 1,600 `a`s over 50 s: each
    // repeated word was one more prefix term over most of the catalogue.
    @Test("repeated one-letter words made the local search crawl: 1,600 `a`s search as one `a`")
    func repeatedWords() throws {
        let many = try #require(CatalogMatch(text: Array(repeating: "a", count: 1_600).joined(separator: " ")))
        let one = try #require(CatalogMatch(text: "a"))
        #expect(many.searched == ["a"])
        #expect(many.all == one.all && many.any == one.any)
        #expect(!many.isTruncated)
        // The words themselves stay as typed: a show name's word count is read from them.
        #expect(many.words.count == 1_600)
    }

    @Test("a word counts once whatever its case or accents: Pokémon pokemon POKEMON is one word")
    func caseAndAccents() throws {
        let match = try #require(CatalogMatch(text: "Pokémon pokemon POKEMON"))
        #expect(match.searched == ["Pokémon"])
    }

    @Test("a word that begins another adds nothing to the search for every word: gir girls is girls")
    func impliedPrefix() throws {
        let match = try #require(CatalogMatch(text: "gir girls derry"))
        #expect(match.all == #"("girls" OR "girls"*) AND ("derry" OR "derry"*)"#)
        #expect(match.any.contains(#""gir""#), "any word still finds what gir alone finds")
    }

    @Test("a one-letter word before the last is a whole word; the last word stays a prefix")
    func oneLetterWords() throws {
        let match = try #require(CatalogMatch(text: "x men g"))
        #expect(match.all == #""x" AND ("men" OR "men"*) AND ("g" OR "g"*)"#)
    }

    @Test("the filter form finds the same shows with half the phrases: every word a prefix only")
    func filterForm() throws {
        let match = try #require(CatalogMatch(text: "x men gir girls"))
        #expect(match.allFilter == #""x" AND "men"* AND "girls"*"#)
        #expect(match.anyFilter == #""x" OR "men"* OR "gir"* OR "girls"*"#)
        #expect(match.allInName == #"name : ("x" AND "men"* AND "girls"*)"#)
    }

    @Test("at most 10 different words, 200 characters in all, are searched, and the match says so")
    func caps() throws {
        let words = (0..<30).map { "word\($0)" }
        let many = try #require(CatalogMatch(text: words.joined(separator: " ")))
        #expect(many.searched == Array(words.prefix(CatalogMatch.maxWords)))
        #expect(many.isTruncated)
        let long = try #require(CatalogMatch(text: String(repeating: "x", count: 10_000)))
        #expect(long.searched.map(\.count) == [CatalogMatch.maxCharacters])
        #expect(long.isTruncated)
        #expect(try #require(CatalogMatch(text: "derry girls")).isTruncated == false)
    }

    @Test("on a catalogue of 3,000 shows, 1,600 `a`s find what one `a` finds")
    func sameHits() throws {
        let names = ["Arrow", "Alias", "Girls", "A Team", "Banshee", "Angel", "Archer", "Atlanta"]
        let records = (1...3_000).map { id in
            CatalogStoreTests.record(
                id: id, name: names[id % names.count] + " \(id)", summary: "a show about an affair, and a plan",
                weight: id % 100)
        }
        let store = try CatalogStoreTests.store(records)
        var one = CatalogQuery(text: "a")
        one.limit = 50
        var many = one
        many.text = Array(repeating: "a", count: 1_600).joined(separator: " ")
        let expected = try store.search(one)
        #expect(expected.count == 50)
        #expect(try store.search(many) == expected)
    }
}
