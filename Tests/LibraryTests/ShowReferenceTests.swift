import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("ShowReference and record kinds")
struct ShowReferenceTests {
    typealias Fixtures = RawJSONFixtures

    private func id(_ text: String) throws(ShowReferenceError) -> Int {
        try ShowReference.showID(fromLine: Array(text.utf8))
    }

    @Test("a bare id is accepted as a number or a JSON string")
    func bareIDs() throws {
        #expect(try id("82") == 82)
        #expect(try id("  82 \r") == 82)
        #expect(try id("\"82\"") == 82)
        #expect(try id("9223372036854775807") == Int.max)
    }

    @Test("a show record gives its id")
    func showRecords() throws {
        #expect(try ShowReference.showID(fromLine: Fixtures.bytes("shows/1.json")) == 1)
        #expect(try ShowReference.showID(fromLine: Fixtures.bytes("shows/139.json")) == 139)
        for show in try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-1.json")) {
            #expect(
                try ShowReference.showID(fromLine: show)
                    == RawJSON.integer(#require(try RawJSON.value(forKey: "id", in: show))))
        }
        #expect(try id(#"{"id":82}"#) == 82, "a minimal record is accepted")
        #expect(try id(#"{"id":82,"name":"Game of Thrones","_tvm":{"favorite":true}}"#) == 82)
    }

    @Test("a search result gives its show's id, also with _tvm added")
    func searchResults() throws {
        let results = try RawJSON.elements(ofArray: Fixtures.bytes("search/shows/q=girls.json"))
        let ids = try results.map { try ShowReference.showID(fromLine: $0) }
        #expect(ids.first == 139)
        #expect(ids.count == 10 && Set(ids).count == 10)
        let tagged = try RawJSON.addingTVM([("score", JSONText.number(17.2))], to: results[0])
        #expect(try ShowReference.showID(fromLine: tagged) == 139)
        let showWithTVM = try RawJSON.addingTVM([("score", JSONText.number(17.2))], to: Fixtures.bytes("shows/1.json"))
        #expect(try ShowReference.showID(fromLine: showWithTVM) == 1)
    }

    @Test("schedule items and cast credits with an embedded show give the show's id")
    func embeddedShows() throws {
        let item = try #require(try RawJSON.elements(ofArray: Fixtures.bytes("schedule/date=2019-01-19.json")).first)
        #expect(
            try ShowReference.showID(fromLine: item)
                == RawJSON.integer(#require(try RawJSON.value(atPath: ["show", "id"], in: item))))
        let credit = try #require(
            try RawJSON.elements(ofArray: Fixtures.bytes("people/1/castcredits&embed=show.json")).first)
        #expect(try ShowReference.showID(fromLine: credit) == 1)
    }

    @Test("ids that are not positive integers are refused with the value quoted")
    func invalidIDs() {
        let cases: [(String, String)] = [
            ("0", "0"), ("-1", "-1"), ("82.5", "82.5"), ("8e1", "8e1"), ("\"abc\"", "\"abc\""), ("\" 82\"", "\" 82\""),
            ("\"-82\"", "\"-82\""), ("\"\"", "\"\""), ("99999999999999999999", "99999999999999999999"),
            (#"{"id":"82"}"#, "\"82\""), (#"{"id":1.5}"#, "1.5"), (#"{"show":{"id":-4}}"#, "-4"),
        ]
        for (input, quoted) in cases {
            #expect(throws: ShowReferenceError.invalidID(quoted), "\(input)") { try id(input) }
        }
    }

    @Test("values and records that cannot name a show are refused with what was expected")
    func unsupportedInputs() throws {
        #expect(throws: ShowReferenceError.array) { try id("[82]") }
        #expect(throws: ShowReferenceError.unsupportedValue("true")) { try id("true") }
        #expect(throws: ShowReferenceError.unsupportedValue("null")) { try id("null") }
        #expect(throws: ShowReferenceError.missingID("an object without \"id\" or \"show\"")) {
            try id(#"{"name":"x"}"#)
        }
        #expect(throws: ShowReferenceError.missingID("the \"show\" member (no \"id\")")) {
            try id(#"{"score":1,"show":{}}"#)
        }
        #expect(throws: ShowReferenceError.missingID("the \"show\" member, which is null and not an object,")) {
            try id(#"{"score":1,"show":null}"#)
        }
        #expect(throws: ShowReferenceError.wrongRecordKind(.episode)) {
            try ShowReference.showID(fromLine: Fixtures.bytes("episodes/1.json"))
        }
        #expect(throws: ShowReferenceError.wrongRecordKind(.person)) {
            try ShowReference.showID(fromLine: Fixtures.bytes("people/1.json"))
        }
        #expect(throws: ShowReferenceError.invalidJSON(.unexpectedEnd(offset: 1, expected: "a string key or '}'"))) {
            try id("{")
        }
        #expect(throws: ShowReferenceError.invalidJSON(.unexpectedEnd(offset: 0, expected: RawJSONScanner.aValue))) {
            try id("")
        }
        let error = try #require(throws: ShowReferenceError.self) { try id("[82]") }
        #expect(error.localizedDescription.hasPrefix("expected a show id (82 or \"82\"), a show record"))
        #expect(error.localizedDescription.hasSuffix("got an array: put one record on each line with jq -c '.[]'"))
        let kind = try #require(throws: ShowReferenceError.self) {
            try ShowReference.showID(fromLine: Fixtures.bytes("episodes/1.json"))
        }
        #expect(kind.localizedDescription.hasSuffix("got an episode record, whose \"id\" is not a show id"))
        let long = try #require(throws: ShowReferenceError.self) {
            try id("\"" + String(repeating: "x", count: 100) + "\"")
        }
        #expect(long.localizedDescription.contains("xxx…"))
    }

    @Test("record kinds are detected from the fixtures' keys")
    func recordKinds() throws {
        let expectations: [(String, TVMazeRecordKind)] = [
            ("shows/page-0.json", .show), ("shows/page-2.json", .show), ("shows/1/episodes.json", .episode),
            ("shows/43/episodes.json", .episode), ("schedule/date=2022-12-02.json", .episode),
            ("shows/1/seasons.json", .season), ("shows/1/cast.json", .castMember), ("shows/1/crew.json", .crewMember),
            ("people/1/castcredits.json", .castCredit), ("people/1/castcredits&embed=show.json", .castCredit),
            ("search/shows/q=girls.json", .searchResult), ("search/people/q=john.json", .personSearchResult),
            ("shows/1/akas.json", .unknown),
        ]
        for (path, kind) in expectations {
            for element in try RawJSON.elements(ofArray: Fixtures.bytes(path)) {
                #expect(try TVMazeRecordKind.detect(inRecord: element) == kind, "\(path)")
            }
        }
        for (path, kind) in [
            ("shows/1.json", TVMazeRecordKind.show), ("people/1.json", .person), ("episodes/1.json", .episode),
        ] {
            #expect(try TVMazeRecordKind.detect(inRecord: Fixtures.bytes(path)) == kind, "\(path)")
        }
        #expect(TVMazeRecordKind.detect(keys: ["id", "_tvm"]) == .unknown)
        #expect(throws: RawJSONError.self) { try TVMazeRecordKind.detect(inRecord: Fixtures.utf8("[]")) }
    }
}
