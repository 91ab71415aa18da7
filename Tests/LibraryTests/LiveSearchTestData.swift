import Foundation

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// Results for the live search tests: the recorded searches, and constructed shows for what they lack.
enum LiveSearchTestData {
    /// The ten recorded results of `/search/shows?q=girls`, as tvm-search prints them.
    static func girls() throws -> [LiveSearchResult] {
        try results("search/shows/q=girls.json")
    }

    /// The one recorded result of `/search/shows?q=squid%20game`.
    static func squidGame() throws -> [LiveSearchResult] {
        try results("search/shows/q=squid%20game.json")
    }

    /// A constructed show record (not a fixture) with the fields a result row shows.
    static func show(
        id: Int, name: String, premiered: String = "2021-09-17", network: String = "Netflix",
        status: String = "Ended"
    ) -> LiveSearchResult {
        let json = """
            {"id":\(id),"name":\(quoted(name)),"premiered":"\(premiered)","network":{"name":\(quoted(network))},\
            "status":"\(status)","_tvm":{"score":1.5}}
            """
        return LiveSearchResult(record: Array(json.utf8))
    }

    private static func results(_ path: String) throws -> [LiveSearchResult] {
        try ShowSearch.scoredShows(inSearchBody: try RawJSONFixtures.bytes(path)).map(LiveSearchResult.init(record:))
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: JSONText.string(text), as: UTF8.self)
    }
}
