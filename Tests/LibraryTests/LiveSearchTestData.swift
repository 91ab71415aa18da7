import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// Results for the live search tests: the recorded searches, and what they lack built from them or, failing that,
/// constructed.
enum LiveSearchTestData {
    /// The ten recorded results of `/search/shows?q=girls`, as tvm-search prints them.
    static func girls() throws -> [LiveSearchResult] {
        try results("search/shows/q=girls.json")
    }

    /// The one recorded result of `/search/shows?q=squid%20game`.
    static func squidGame() throws -> [LiveSearchResult] {
        try results("search/shows/q=squid%20game.json")
    }

    /// The recorded Squid Game result (web-only: `network` null, `webChannel` Netflix, `To Be Determined`) with only
    /// its name replaced, for rows that need a name no recording has (CJK, very long).
    static func squidGame(named name: String) throws -> LiveSearchResult {
        let record = String(decoding: try #require(try squidGame().first).record, as: UTF8.self)
        let recordedName = #""name":"Squid Game""#
        try #require(record.components(separatedBy: recordedName).count == 2, "one name member to replace")
        let renamed = record.replacingOccurrences(of: recordedName, with: #""name":"# + quoted(name))
        return LiveSearchResult(record: Array(renamed.utf8))
    }

    /// A constructed show record (not a fixture) with the fields a result row shows, for a show no recording has.
    static func show(
        id: Int, name: String, premiered: String, network: String, status: String
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
