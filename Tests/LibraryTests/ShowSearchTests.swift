import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("ShowSearch turns search results into scored show records")
struct ShowSearchTests {
    typealias Fixtures = RawJSONFixtures

    @Test("each recorded result becomes its show, byte for byte, with the recorded score under _tvm")
    func scoredShowsFromRecording() throws {
        let body = try Fixtures.bytes("search/shows/q=girls.json")
        let records = try ShowSearch.scoredShows(inSearchBody: body)
        let results = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]])
        #expect(records.count == 10)
        #expect(records.count == results.count)
        for (record, result) in zip(records, try RawJSON.elements(ofArray: body)) {
            let show = try #require(try RawJSON.value(forKey: "show", in: result))
            let score = try #require(try RawJSON.value(forKey: "score", in: result))
            let expected = show.dropLast() + Array(",\"_tvm\":{\"score\":".utf8) + score + Array("}}".utf8)
            #expect(record == Array(expected))
        }
        #expect(Fixtures.text(try RawJSON.value(atPath: ["_tvm", "score"], in: records[0])) == "17.15518")
        #expect(Fixtures.text(try RawJSON.value(forKey: "id", in: records[0])) == "139")
    }

    @Test("a result without a show object is left out; one without a score gets no _tvm")
    func oddResults() throws {
        let body =
            #"[{"score":1,"show":null},{"show":{"id":2}},{"score":null,"show":{"id":3}},{"score":2.50,"show":{"id":4}}]"#
        let records = try ShowSearch.scoredShows(inSearchBody: Array(body.utf8))
        #expect(
            records.map { String(decoding: $0, as: UTF8.self) } == [
                #"{"id":2}"#, #"{"id":3}"#, #"{"id":4,"_tvm":{"score":2.50}}"#,
            ])
    }

    @Test("no results is an empty list, and a body that is not an array is an error")
    func emptyAndWrongShape() throws {
        #expect(try ShowSearch.scoredShows(inSearchBody: Array(" [ ] ".utf8)).isEmpty)
        #expect(throws: RawJSONError.self) { try ShowSearch.scoredShows(inSearchBody: Array("null".utf8)) }
        #expect(throws: RawJSONError.self) { try ShowSearch.scoredShows(inSearchBody: Array("[{\"show\":".utf8)) }
    }
}
