import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("FavoriteSource and ShowRecord: what an input line of tvm-fav add gives")
struct FavoriteSourceTests {
    typealias Fixtures = RawJSONFixtures

    private func source(_ text: String) throws(ShowReferenceError) -> FavoriteSource {
        try FavoriteSource(line: Array(text.utf8))
    }

    @Test("a bare id, as a number or a string, is an id to fetch")
    func bareIDs() throws {
        #expect(try source("82") == .id(82))
        #expect(try source(" \"139\" ") == .id(139))
    }

    @Test("a complete show record is kept byte for byte, compacted, without a network request")
    func completeRecords() throws {
        let pretty = try Fixtures.bytes("shows/1.json")
        let record = try #require(try ShowRecord(json: pretty))
        #expect(record.id == 1)
        #expect(record.name == "Under the Dome")
        #expect(record.json == Fixtures.stripWhitespace(pretty))
        #expect(try FavoriteSource(line: pretty) == .record(record))
        for show in try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-2.json")) {
            guard case .record(let stored) = try FavoriteSource(line: show) else {
                Issue.record("page-2 element was not taken as a complete show")
                continue
            }
            #expect(stored.json == show)
            #expect(stored.id == RawJSON.integer(try #require(try RawJSON.value(forKey: "id", in: show))))
        }
    }

    @Test("top-level _tvm members are dropped, every other member keeps its place; nested _tvm stays")
    func dropsTVM() throws {
        let show = Fixtures.stripWhitespace(try Fixtures.bytes("shows/139.json"))
        let tagged = try RawJSON.addingTVM([("favorite", JSONText.bool(true))], to: show)
        #expect(
            try source(String(decoding: tagged, as: UTF8.self)) == .record(try #require(try ShowRecord(json: show))))
        let early = #"{"_tvm":{"score":1},"id":5,"name":"N","genres":[],"x":{"_tvm":2},"_tvm":3}"#
        guard case .record(let record) = try source(early) else {
            Issue.record("not taken as a show")
            return
        }
        #expect(String(decoding: record.json, as: UTF8.self) == #"{"id":5,"name":"N","genres":[],"x":{"_tvm":2}}"#)
    }

    @Test("a search result gives its complete show, not the result around it")
    func searchResults() throws {
        let results = try RawJSON.elements(ofArray: Fixtures.bytes("search/shows/q=girls.json"))
        guard case .record(let girls) = try FavoriteSource(line: results[0]) else {
            Issue.record("the search result's show was not taken")
            return
        }
        #expect(girls.id == 139)
        #expect(girls.json == (try RawJSON.value(forKey: "show", in: results[0])))
    }

    @Test("a credit with _embedded.show gives the embedded show")
    func embeddedShows() throws {
        let credits = try RawJSON.elements(ofArray: Fixtures.bytes("people/1/castcredits&embed=show.json"))
        guard case .record(let show) = try FavoriteSource(line: credits[0]) else {
            Issue.record("the embedded show was not taken")
            return
        }
        #expect(show.json == (try RawJSON.value(atPath: ["_embedded", "show"], in: credits[0])))
    }

    @Test("a record with little more than an id is an id to fetch")
    func partialRecords() throws {
        #expect(try source(#"{"id":1,"name":"Under the Dome"}"#) == .id(1))
        #expect(try source(#"{"score":3,"show":{"id":7}}"#) == .id(7))
        #expect(try source(#"{"id":9,"genres":["Drama"]}"#) == .id(9), "no name: not complete")
        #expect(try source(#"{"id":9,"name":null,"genres":[]}"#) == .id(9))
    }

    @Test("lines that name no show throw ShowReference's errors")
    func badLines() {
        #expect(throws: ShowReferenceError.self) { try source(#"{"id":"#) }
        #expect(throws: ShowReferenceError.self) { try source("[1,2]") }
        #expect(throws: ShowReferenceError.self) { try source("-4") }
        #expect(throws: ShowReferenceError.wrongRecordKind(.episode)) {
            try FavoriteSource(line: try Fixtures.bytes("episodes/1.json"))
        }
        #expect(throws: ShowReferenceError.self) { try source(#"{"show":"Girls"}"#) }
    }

    @Test("ShowRecord refuses valid JSON that is not a complete show, and throws on invalid JSON")
    func showRecordRefuses() throws {
        #expect(try ShowRecord(json: Array("null".utf8)) == nil)
        #expect(try ShowRecord(json: Array(#"{"id":0,"name":"x","genres":[]}"#.utf8)) == nil)
        #expect(try ShowRecord(json: try Fixtures.bytes("people/1.json")) == nil)
        #expect(throws: RawJSONError.self) { try ShowRecord(json: Array("{".utf8)) }
    }
}
