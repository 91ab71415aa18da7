import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("CacheKey")
struct CacheKeyTests {
    @Test(
        "URLs that name the same resource normalise to the same key",
        arguments: [
            ("HTTPS://API.TVMaze.com/shows/1", "https://api.tvmaze.com/shows/1"),
            ("https://api.tvmaze.com:443/shows/1", "https://api.tvmaze.com/shows/1"),
            ("http://127.0.0.1:80/shows/1", "http://127.0.0.1/shows/1"),
            ("https://api.tvmaze.com/shows/1#cast", "https://api.tvmaze.com/shows/1"),
            ("https://api.tvmaze.com", "https://api.tvmaze.com/"),
            ("https://api.tvmaze.com?page=1", "https://api.tvmaze.com/?page=1"),
            ("https://api.tvmaze.com/shows?", "https://api.tvmaze.com/shows"),
            ("https://h/x?b=2&&a=1", "https://h/x?a=1&b=2"),
            (
                "https://h/singlesearch/shows?q=girls&embed=cast",
                "https://h/singlesearch/shows?embed=cast&q=girls"
            ),
        ]
    )
    func normalises(url: String, key: String) {
        #expect(CacheKey.normalise(url) == key)
        #expect(CacheKey.normalise(key) == key)
    }

    @Test("repeated query names keep their order; other names are sorted")
    func repeatedNamesKeepOrder() {
        let url = "https://h/shows/1?z=1&embed%5B%5D=seasons&a=0&embed%5B%5D=cast&z=0"
        #expect(CacheKey.normalise(url) == "https://h/shows/1?a=0&embed%5B%5D=seasons&embed%5B%5D=cast&z=1&z=0")
        #expect(CacheKey.normalise("https://h/?e=b&e=a") != CacheKey.normalise("https://h/?e=a&e=b"))
    }

    @Test("a non-default port, the path's case and the values are kept")
    func keepsWhatMatters() {
        #expect(CacheKey.normalise("http://h:8080/x") == "http://h:8080/x")
        #expect(CacheKey.normalise("https://h:80/x") == "https://h:80/x")
        #expect(CacheKey.normalise("http://h:443/x") == "http://h:443/x")
        #expect(CacheKey.normalise("http://h:180/x") == "http://h:180/x")
        #expect(CacheKey.normalise("https://h/Search?q=Girls") == "https://h/Search?q=Girls")
        #expect(CacheKey.normalise("https://h/search?q=a%20b") != CacheKey.normalise("https://h/search?q=a+b"))
    }

    @Test("text that is not an absolute URL is kept as it is, without its fragment")
    func notAbsolute() {
        #expect(CacheKey.normalise("shows/1?b=1&a=2") == "shows/1?b=1&a=2")
        #expect(CacheKey.normalise("shows/1#x") == "shows/1")
    }

    @Test("the client's URLs for the same endpoint share a key")
    func endpointsShareKeys() {
        let base = "HTTP://127.0.0.1:80"
        let one = CacheKey.normalise(base + Endpoint.singleSearch(query: "Pokémon", embed: [.cast]).pathAndQuery)
        let two = CacheKey.normalise("http://127.0.0.1/singlesearch/shows?embed=cast&q=Pok%C3%A9mon")
        #expect(one == two)
    }
}
