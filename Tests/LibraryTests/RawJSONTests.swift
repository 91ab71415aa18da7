import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("RawJSON reading functions")
struct RawJSONTests {
    typealias Fixtures = RawJSONFixtures

    @Test("compact() of every fixture equals a plain whitespace stripper and parses to the same content")
    func compactMatchesOracleForEveryFixture() throws {
        let paths = Fixtures.allPaths()
        #expect(paths.count >= 30)
        for path in paths {
            let original = try Fixtures.bytes(path)
            let compacted = try RawJSON.compact(original)
            #expect(compacted == Fixtures.stripWhitespace(original), "\(path)")
            #expect(try Fixtures.foundationObject(compacted) == Fixtures.foundationObject(original), "\(path)")
            #expect(try RawJSON.compact(compacted) == compacted, "compact is idempotent for \(path)")
        }
    }

    @Test("compact() of an already compact body returns it byte for byte")
    func compactKeepsCompactBodyUnchanged() throws {
        var body = try Fixtures.bytes("shows/page-2.json")
        while let last = body.last, [0x0A, 0x0D, 0x20].contains(last) {
            body.removeLast()
        }
        #expect(try RawJSON.compact(body) == body)
        #expect(String(decoding: body, as: UTF8.self).contains("Pokémon"))
    }

    @Test("compact() keeps escapes, numbers and non-ASCII text exactly")
    func compactKeepsTokensUnchanged() throws {
        let input =
            #" { "s" : "a\"b\\c\u0000d\/e\ud83d\ude00 é" , "n" : [ -0 , 1e-7 , 1.5E+10 , -0.0e-0 , 10 ] , "t" : true } "#
        let expected = #"{"s":"a\"b\\c\u0000d\/e\ud83d\ude00 é","n":[-0,1e-7,1.5E+10,-0.0e-0,10],"t":true}"#
        #expect(Fixtures.text(try RawJSON.compact(Fixtures.utf8(input))) == expected)
        #expect(Fixtures.text(try RawJSON.compact(Fixtures.utf8("\t\r\n null \n"))) == "null")
        #expect(Fixtures.text(try RawJSON.compact(Fixtures.utf8("\"  spaced  \""))) == "\"  spaced  \"")
    }

    @Test("compact() handles deep nesting without recursion")
    func compactHandlesDeepNesting() throws {
        let depth = 100_000
        let input =
            [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        #expect(try RawJSON.compact(input) == input)
    }

    @Test("compact() accepts non-array collections such as Data and slices")
    func compactAcceptsOtherCollections() throws {
        let data = Data("[1, 2]".utf8)
        #expect(Fixtures.text(try RawJSON.compact(data)) == "[1,2]")
        let slice = Fixtures.utf8("xx[ 3 ]yy")[2..<7]
        #expect(Fixtures.text(try RawJSON.compact(slice)) == "[3]")
        #expect(Fixtures.text(try RawJSON.compact(AnyCollection(Fixtures.utf8("{ }")))) == "{}")
    }

    @Test("elements() of the three show pages give 240, 245 and 242 shows in ascending id order")
    func elementsOfShowPages() throws {
        for (page, count) in [(0, 240), (1, 245), (2, 242)] {
            let body = try Fixtures.bytes("shows/page-\(page).json")
            let elements = try RawJSON.elements(ofArray: body)
            #expect(elements.count == count, "page \(page)")
            let ids = try elements.map { element in
                let raw = try #require(try RawJSON.value(forKey: "id", in: element))
                return try #require(RawJSON.integer(raw))
            }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count, "page \(page) ids ascend")
            #expect(ids.allSatisfy { (250 * page..<250 * (page + 1)).contains($0) }, "page \(page) id range")
            let joined = Fixtures.utf8("[") + Array(elements.joined(separator: Fixtures.utf8(","))) + Fixtures.utf8("]")
            #expect(joined == (try RawJSON.compact(body)), "elements are the compact text of the page")
        }
    }

    @Test("elements() of an empty array is empty and of a non-array throws a type error")
    func elementsOfEmptyAndWrongType() throws {
        #expect(try RawJSON.elements(ofArray: Fixtures.utf8(" [ ] ")).isEmpty)
        #expect(throws: RawJSONError.wrongTopLevelType(offset: 1, expected: "an array", found: "an object")) {
            try RawJSON.elements(ofArray: Fixtures.utf8(" {}"))
        }
        #expect(throws: RawJSONError.trailingCharacters(offset: 3, found: "character ']'")) {
            try RawJSON.elements(ofArray: Fixtures.utf8("[1]]"))
        }
        let mixed = try RawJSON.elements(ofArray: Fixtures.utf8(#"[ 1, "two", {"a" : [ null ]}, [], true ]"#))
        #expect(mixed.map { Fixtures.text($0) } == ["1", "\"two\"", #"{"a":[null]}"#, "[]", "true"])
    }

    @Test("forEachElement() delivers the same elements and stops on the body's error")
    func forEachElementMatchesElements() throws {
        let body = try Fixtures.bytes("shows/page-1.json")
        var streamed: [[UInt8]] = []
        try RawJSON.forEachElement(ofArray: body) { streamed.append(Array($0)) }
        #expect(streamed == (try RawJSON.elements(ofArray: body)))

        struct Stop: Error {}
        var calls = 0
        #expect(throws: Stop.self) {
            try RawJSON.forEachElement(ofArray: body) { _ in
                calls += 1
                if calls == 3 { throw Stop() }
            }
        }
        #expect(calls == 3)
        #expect(throws: RawJSONError.self) {
            try RawJSON.forEachElement(ofArray: Fixtures.utf8("[1,2,}")) { _ in }
        }
    }

    @Test("members() of /updates/shows keeps all 25128 members in file order")
    func membersOfUpdates() throws {
        let body = try Fixtures.bytes("updates/shows.json")
        let members = try RawJSON.members(ofObject: body)
        #expect(members.count == 25_128)
        let text = String(decoding: body, as: UTF8.self)
        let keyPattern = try NSRegularExpression(pattern: #""(\d+)"\s*:"#)
        let keysInText = keyPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
        #expect(members.map(\.key) == keysInText)
        #expect(members.allSatisfy { RawJSON.integer($0.value) != nil })
        let dictionary = try #require(try Fixtures.foundationObject(body) as? [String: Int])
        #expect(members.allSatisfy { dictionary[$0.key] == RawJSON.integer($0.value) })
    }

    @Test("members() decodes escaped keys and keeps duplicates")
    func membersDecodesKeys() throws {
        let members = try RawJSON.members(
            ofObject: Fixtures.utf8(#"{"k\"ey" : 1, "\u00e9" : { "x" : [ ] }, "k\"ey": 2}"#))
        #expect(members.map(\.key) == ["k\"ey", "é", "k\"ey"])
        #expect(members.map { Fixtures.text($0.value) } == ["1", #"{"x":[]}"#, "2"])
        #expect(try RawJSON.members(ofObject: Fixtures.utf8("{}")).isEmpty)
        #expect(try RawJSON.keys(ofObject: Fixtures.utf8(#"{"b":1,"a":{"c":2}}"#)) == ["b", "a"])
    }

    @Test("value(forKey:) returns the raw compact value of a top-level member")
    func valueForKey() throws {
        let show = try Fixtures.bytes("shows/1.json")
        #expect(Fixtures.text(try RawJSON.value(forKey: "id", in: show)) == "1")
        #expect(Fixtures.text(try RawJSON.value(forKey: "name", in: show)) == "\"Under the Dome\"")
        #expect(
            Fixtures.text(try RawJSON.value(forKey: "genres", in: show)) == #"["Drama","Science-Fiction","Thriller"]"#)
        #expect(Fixtures.text(try RawJSON.value(forKey: "webChannel", in: show)) == "null")
        #expect(try RawJSON.value(forKey: "missing", in: show) == nil)
        #expect(try RawJSON.value(forKey: "country", in: show) == nil, "nested keys do not count")

        let object = Fixtures.utf8(#"{"id":1,"\u0069d":2,"x":{"id":3}}"#)
        #expect(Fixtures.text(try RawJSON.value(forKey: "id", in: object)) == "2", "the last duplicate wins")
        #expect(throws: RawJSONError.wrongTopLevelType(offset: 0, expected: "an object", found: "an array")) {
            try RawJSON.value(forKey: "id", in: Fixtures.utf8("[1]"))
        }
        #expect(throws: RawJSONError.self) {
            try RawJSON.value(forKey: "id", in: Fixtures.utf8(#"{"id":1,"x":tru}"#))
        }
    }

    @Test("value(atPath:) walks nested objects and gives nil for missing or non-object steps")
    func valueAtPath() throws {
        let show = try Fixtures.bytes("shows/1.json")
        #expect(Fixtures.text(try RawJSON.value(atPath: ["network", "country", "code"], in: show)) == "\"US\"")
        #expect(Fixtures.text(try RawJSON.value(atPath: ["rating", "average"], in: show)) == "6.5")
        #expect(try RawJSON.value(atPath: ["webChannel", "name"], in: show) == nil, "webChannel is null")
        #expect(try RawJSON.value(atPath: ["genres", "0"], in: show) == nil, "arrays are not walked")
        #expect(try RawJSON.value(atPath: ["network", "nope"], in: show) == nil)
        #expect(try RawJSON.value(atPath: [], in: Fixtures.utf8(" [ 1 ] ")) == Fixtures.utf8("[1]"))

        let result = try #require(try RawJSON.elements(ofArray: Fixtures.bytes("search/shows/q=girls.json")).first)
        #expect(Fixtures.text(try RawJSON.value(atPath: ["show", "id"], in: result)) == "139")
    }

    @Test("integer() and string() read plain scalars only")
    func scalarHelpers() {
        #expect(RawJSON.integer(Fixtures.utf8("82")) == 82)
        #expect(RawJSON.integer(Fixtures.utf8(" -3 ")) == -3)
        #expect(RawJSON.integer(Fixtures.utf8("0")) == 0)
        #expect(RawJSON.integer(Fixtures.utf8("9223372036854775807")) == Int.max)
        #expect(RawJSON.integer(Fixtures.utf8("-9223372036854775808")) == Int.min)
        for bad in ["82.0", "8e1", "\"82\"", "null", "", "-", "007", "9223372036854775808", "1 2"] {
            #expect(RawJSON.integer(Fixtures.utf8(bad)) == nil, "\(bad)")
        }
        #expect(
            RawJSON.string(Fixtures.utf8(#""Pok\u00e9mon \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t""#))
                == "Pokémon 😀 \"q\" \\ / \u{8}\u{C}\n\r\t")
        #expect(RawJSON.string(Fixtures.utf8("82")) == nil)
        #expect(RawJSON.string(Fixtures.utf8(#""unterminated"#)) == nil)
    }
}
