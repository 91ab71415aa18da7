import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("What an input line of tvm-img asks for")
struct ImageInputTests {
    func items(_ line: String) throws -> [ImageInput.Item] {
        try ImageInput.items(inLine: Array(line.utf8))
    }

    @Test("an object is one record, kept byte for byte (compact)")
    func object() throws {
        #expect(try items(#" {"id": 1, "image": null} "#) == [.record(Array(#"{"id":1,"image":null}"#.utf8))])
    }

    @Test("an array is split into its records and ids, in order; [] gives nothing")
    func array() throws {
        #expect(
            try items(#"[{"id":1},82,"139"]"#) == [.record(Array(#"{"id":1}"#.utf8)), .showID(82), .showID(139)])
        #expect(try items("[]") == [])
    }

    @Test("bare ids and quoted ids are show ids")
    func ids() throws {
        #expect(try items("82") == [.showID(82)])
        #expect(try items(#""82""#) == [.showID(82)])
    }

    @Test("other values are refused with what was expected and what was found")
    func refused() {
        #expect(throws: ImageInputError.invalidShowID("-3")) { try items("-3") }
        #expect(throws: ImageInputError.invalidShowID("\"abc\"")) { try items(#""abc""#) }
        #expect(throws: ImageInputError.unsupportedValue("true")) { try items("true") }
        #expect(throws: ImageInputError.unsupportedValue("null")) { try items("null") }
        #expect(throws: ImageInputError.nestedArray(element: 2)) { try items("[1,[2]]") }
        #expect(throws: ImageInputError.self) { try items("{") }
        let message = ImageInputError.unsupportedValue("true").localizedDescription
        #expect(message.contains("expected a record") && message.hasSuffix("got true"))
    }
}
