import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("RawJSON _tvm member")
struct RawJSONTVMTests {
    typealias Fixtures = RawJSONFixtures

    private func adding(_ fields: [(key: String, value: String)], to object: String) throws -> String? {
        Fixtures.text(
            try RawJSON.addingTVM(fields.map { ($0.key, Fixtures.utf8($0.value)) }, to: Fixtures.utf8(object)))
    }

    private func removing(from object: String) throws -> String? {
        Fixtures.text(try RawJSON.removingTVM(from: Fixtures.utf8(object)))
    }

    @Test("addingTVM appends a _tvm object after the last member, also to {}")
    func addsNewTVMObject() throws {
        #expect(try adding([("score", "1")], to: "{}") == #"{"_tvm":{"score":1}}"#)
        #expect(try adding([("score", "1")], to: " { } ") == #"{"_tvm":{"score":1}}"#)
        #expect(try adding([("score", "1")], to: #"{"a":1}"#) == #"{"a":1,"_tvm":{"score":1}}"#)
        #expect(
            try adding([("x", " [ true , null ] "), ("q", #""girls""#)], to: #"{ "a" : [ 1, 2 ] ,"b":{}}"#)
                == #"{"a":[1,2],"b":{},"_tvm":{"x":[true,null],"q":"girls"}}"#)
    }

    @Test("addingTVM merges into an existing _tvm: keys keep their place, repeats are replaced, new keys appended")
    func mergesIntoExistingTVM() throws {
        let record = #"{"a":1,"_tvm":{"score":2,"q":"x"},"b":2}"#
        #expect(
            try adding([("favorite", "true"), ("score", "3")], to: record)
                == #"{"a":1,"_tvm":{"score":3,"q":"x","favorite":true},"b":2}"#)
        #expect(try adding([("k", "1")], to: #"{"_tvm":{}}"#) == #"{"_tvm":{"k":1}}"#)
        #expect(try adding([("k", "1")], to: #"{"_tvm" : { "j" : [ 1 ] }}"#) == #"{"_tvm":{"j":[1],"k":1}}"#)
        #expect(try adding([("k", "1")], to: #"{"_tvm":5,"z":0}"#) == #"{"_tvm":{"k":1},"z":0}"#, "non-object replaced")
        #expect(try adding([("k", "1")], to: #"{"_tvm":null}"#) == #"{"_tvm":{"k":1}}"#)
    }

    @Test("records flowing through two tools accumulate _tvm fields in order")
    func twoToolsAccumulate() throws {
        let result = try #require(try RawJSON.elements(ofArray: Fixtures.bytes("search/shows/q=girls.json")).first)
        let searched = try RawJSON.addingTVM([("score", JSONText.number(17.25))], to: result)
        let favorited = try RawJSON.addingTVM([("favorite", JSONText.bool(true))], to: searched)
        #expect(Fixtures.text(try RawJSON.value(forKey: "_tvm", in: favorited)) == #"{"score":17.25,"favorite":true}"#)
        #expect(try RawJSON.removingTVM(from: favorited) == result)
    }

    @Test("only the top-level _tvm counts; nested _tvm keys are data")
    func nestedTVMIsData() throws {
        let record = #"{"show":{"_tvm":{"a":1}},"list":[{"_tvm":2}]}"#
        #expect(
            try adding([("k", "1")], to: record)
                == #"{"show":{"_tvm":{"a":1}},"list":[{"_tvm":2}],"_tvm":{"k":1}}"#)
        #expect(try removing(from: record) == record)
        #expect(try removing(from: #"{"show":{"_tvm":{"a":1}},"_tvm":{"b":2}}"#) == #"{"show":{"_tvm":{"a":1}}}"#)
    }

    @Test("an escaped spelling of _tvm is recognised and keeps its spelling")
    func escapedTVMKey() throws {
        #expect(try adding([("k", "1")], to: #"{"_tv\u006d":{"j":0}}"#) == #"{"_tv\u006d":{"j":0,"k":1}}"#)
        #expect(try removing(from: #"{"a":1,"_tv\u006d":{}}"#) == #"{"a":1}"#)
        #expect(try adding([("s\u{E9}", "1")], to: #"{"_tvm":{"s\u00e9":0}}"#) == #"{"_tvm":{"s\u00e9":1}}"#)
    }

    @Test("a key given twice keeps its first position and its last value; field keys are escaped")
    func fieldListDuplicatesAndEscaping() throws {
        #expect(try adding([("a", "1"), ("b", "2"), ("a", "3")], to: "{}") == #"{"_tvm":{"a":3,"b":2}}"#)
        #expect(try adding([("say \"hi\"", "1")], to: "{}") == #"{"_tvm":{"say \"hi\"":1}}"#)
        #expect(try adding([], to: #"{ "a" : 1 }"#) == #"{"a":1}"#, "no fields, no _tvm")
    }

    @Test("with duplicate top-level _tvm members the last one is merged into")
    func duplicateTVMUsesLast() throws {
        #expect(
            try adding([("k", "1")], to: #"{"_tvm":{"x":1},"_tvm":{"y":2}}"#)
                == #"{"_tvm":{"x":1},"_tvm":{"y":2,"k":1}}"#)
        #expect(try removing(from: #"{"_tvm":1,"a":1,"_tvm":2}"#) == #"{"a":1}"#)
    }

    @Test("removingTVM drops the member and its comma wherever it is")
    func removesTVM() throws {
        #expect(try removing(from: #"{"a":1,"_tvm":{"x":1},"b":2}"#) == #"{"a":1,"b":2}"#)
        #expect(try removing(from: #"{"_tvm":1}"#) == "{}")
        #expect(try removing(from: #"{"_tvm":1,"a":1}"#) == #"{"a":1}"#)
        #expect(try removing(from: #"{"a":1,"_tvm":1}"#) == #"{"a":1}"#)
        #expect(try removing(from: #" { "a" : [ 1 ] } "#) == #"{"a":[1]}"#)
        #expect(try removing(from: "{}") == "{}")
    }

    @Test("adding then removing _tvm gives back every show exactly, key order untouched")
    func roundTripKeepsShowsExact() throws {
        for page in 0...2 {
            for show in try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-\(page).json")) {
                let tagged = try RawJSON.addingTVM(
                    [("score", JSONText.number(1.5)), ("q", JSONText.string("é\""))], to: show)
                #expect(try RawJSON.keys(ofObject: tagged) == (try RawJSON.keys(ofObject: show)) + ["_tvm"])
                #expect(Array(tagged.prefix(show.count - 1)) == Array(show.dropLast()), "original bytes are a prefix")
                #expect(try RawJSON.removingTVM(from: tagged) == show)
                #expect(try Fixtures.foundationObject(tagged) is NSDictionary)
            }
        }
    }

    @Test("invalid records and field values throw")
    func invalidInputsThrow() {
        #expect(throws: RawJSONError.wrongTopLevelType(offset: 0, expected: "an object", found: "an array")) {
            try RawJSON.addingTVM([("k", JSONText.null)], to: Fixtures.utf8("[]"))
        }
        #expect(throws: RawJSONError.unexpectedEnd(offset: 6, expected: "',' or '}' after an object member")) {
            try RawJSON.removingTVM(from: Fixtures.utf8(#"{"a":1"#))
        }
        #expect(
            throws: RawJSONError.invalidFieldValue(
                key: "score", underlying: .trailingCharacters(offset: 2, found: "character '2'"))
        ) {
            try RawJSON.addingTVM([("score", Fixtures.utf8("1 2"))], to: Fixtures.utf8("{}"))
        }
        #expect(throws: RawJSONError.self) {
            try RawJSON.addingTVM([("score", [])], to: Fixtures.utf8("{}"))
        }
    }
}
