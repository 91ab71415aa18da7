import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Endpoint")
struct EndpointTests {
    // MARK: Paths and queries

    @Test(
        "every case has its path and query",
        arguments: [
            (Endpoint.showIndex(page: 0), "/shows?page=0"),
            (.showIndex(page: 250), "/shows?page=250"),
            (.show(id: 1), "/shows/1"),
            (.show(id: 1, embed: [.cast]), "/shows/1?embed=cast"),
            (
                .show(id: 82, embed: [.episodes, .nextepisode]),
                "/shows/82?embed%5B%5D=episodes&embed%5B%5D=nextepisode"
            ),
            (.seasons(showID: 82), "/shows/82/seasons"),
            (.cast(showID: 82), "/shows/82/cast"),
            (.crew(showID: 82), "/shows/82/crew"),
            (.episodes(showID: 82), "/shows/82/episodes"),
            (.episodes(showID: 82, specials: true), "/shows/82/episodes?specials=1"),
            (.lookup(.imdb("tt1553656")), "/lookup/shows?imdb=tt1553656"),
            (.lookup(.thetvdb("264492")), "/lookup/shows?thetvdb=264492"),
            (.lookup(.tvrage("25988")), "/lookup/shows?tvrage=25988"),
            (.updates(since: nil), "/updates/shows"),
            (.updates(since: .day), "/updates/shows?since=day"),
            (.updates(since: .week), "/updates/shows?since=week"),
            (.updates(since: .month), "/updates/shows?since=month"),
            (.schedule(country: nil, date: nil), "/schedule"),
            (.schedule(country: "GB", date: nil), "/schedule?country=GB"),
            (.schedule(country: nil, date: "2024-01-31"), "/schedule?date=2024-01-31"),
            (.schedule(country: "US", date: "2024-01-31"), "/schedule?country=US&date=2024-01-31"),
            (.search(query: "girls"), "/search/shows?q=girls"),
            (.singleSearch(query: "girls"), "/singlesearch/shows?q=girls"),
            (.singleSearch(query: "girls", embed: [.seasons]), "/singlesearch/shows?q=girls&embed=seasons"),
        ]
    )
    func pathAndQuery(endpoint: Endpoint, expected: String) {
        #expect(endpoint.pathAndQuery == expected)
        #expect(expected.hasPrefix(endpoint.path))
        #expect(!endpoint.path.contains("?"))
    }

    @Test("query items are unencoded and in a fixed order")
    func queryItemsAreUnencoded() {
        let items = Endpoint.singleSearch(query: "squid game", embed: [.cast, .crew]).queryItems
        #expect(items.map(\.name) == ["q", "embed[]", "embed[]"])
        #expect(items.map(\.value) == ["squid game", "cast", "crew"])
        #expect(Endpoint.cast(showID: 1).queryItems.isEmpty)
        #expect(Endpoint.episodes(showID: 1, specials: false).queryItems.isEmpty)
    }

    @Test("only show-index pages are index pages")
    func indexPages() {
        #expect(Endpoint.showIndex(page: 3).isIndexPage)
        #expect(!Endpoint.show(id: 3).isIndexPage)
        #expect(!Endpoint.search(query: "page").isIndexPage)
    }

    // MARK: Percent-encoding

    @Test(
        "percent-encoding encodes each byte exactly once",
        arguments: [
            ("Pokémon", "Pok%C3%A9mon"),
            ("a%b", "a%25b"),
            ("squid game", "squid%20game"),
            ("Kröd Mändoon", "Kr%C3%B6d%20M%C3%A4ndoon"),
            ("Pok%C3%A9mon", "Pok%25C3%25A9mon"),
            ("a+b&c=d?e#f/g", "a%2Bb%26c%3Dd%3Fe%23f%2Fg"),
            ("unreserved-._~AZaz09", "unreserved-._~AZaz09"),
            ("日本", "%E6%97%A5%E6%9C%AC"),
            ("🎬", "%F0%9F%8E%AC"),
            ("", ""),
        ]
    )
    func percentEncode(text: String, encoded: String) {
        #expect(Endpoint.percentEncode(text) == encoded)
        #expect(Endpoint.percentEncode(text).removingPercentEncoding == text)
    }

    @Test("a search query is encoded once in the path and query")
    func searchQueryEncodedOnce() {
        #expect(Endpoint.search(query: "Pokémon").pathAndQuery == "/search/shows?q=Pok%C3%A9mon")
        #expect(Endpoint.search(query: "100% a+b").pathAndQuery == "/search/shows?q=100%25%20a%2Bb")
        #expect(Endpoint.lookup(.imdb("tt 1")).pathAndQuery == "/lookup/shows?imdb=tt%201")
        #expect(Endpoint.schedule(country: "G&B", date: nil).pathAndQuery == "/schedule?country=G%26B")
    }

    // MARK: Embeds

    @Test("repeated embeds are sent once, in first-seen order")
    func embedsAreDeduplicated() {
        #expect(Endpoint.show(id: 1, embed: [.cast, .cast]).pathAndQuery == "/shows/1?embed=cast")
        let endpoint = Endpoint.show(id: 1, embed: [.seasons, .cast, .seasons, .crew, .cast])
        #expect(endpoint.queryItems.map(\.value) == ["seasons", "cast", "crew"])
        #expect(endpoint.queryItems.allSatisfy { $0.name == "embed[]" })
    }

    @Test("one embed uses embed=, several use embed[]=")
    func singleAndArrayEmbedForms() {
        #expect(Endpoint.show(id: 1, embed: [.nextepisode]).queryItems.map(\.name) == ["embed"])
        #expect(
            Endpoint.show(id: 1, embed: [.nextepisode, .previousepisode]).queryItems.map(\.name) == [
                "embed[]", "embed[]",
            ])
        let all = Endpoint.show(id: 1, embed: Endpoint.Embed.allCases)
        #expect(all.queryItems.map(\.value) == Endpoint.Embed.allCases.map(\.rawValue))
        #expect(Endpoint.show(id: 1, embed: []).pathAndQuery == "/shows/1")
    }

    @Test("endpoints are equal and hash alike when they send the same request")
    func equalityFollowsTheRequest() {
        #expect(Endpoint.show(id: 1, embed: [.cast, .cast]) == Endpoint.show(id: 1, embed: [.cast]))
        #expect(Endpoint.show(id: 1, embed: [.cast]) != Endpoint.show(id: 1, embed: [.crew]))
        #expect(Endpoint.show(id: 1, embed: [.cast, .crew]) != Endpoint.show(id: 1, embed: [.crew, .cast]))
        #expect(Endpoint.episodes(showID: 2) == Endpoint.episodes(showID: 2, specials: false))
        let set: Set<Endpoint> = [.show(id: 1, embed: [.cast, .cast]), .show(id: 1, embed: [.cast]), .show(id: 2)]
        #expect(set.count == 2)
    }
}
