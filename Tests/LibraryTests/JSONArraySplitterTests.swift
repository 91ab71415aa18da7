import Testing

@testable import TVMRecords

@Suite("JSONArraySplitter: the elements of an array as its bytes arrive, huge ones never held whole")
struct JSONArraySplitterTests {
    /// Feeds `text` in chunks of `size` bytes; returns the pieces and whether `finish()` accepted the end.
    private func split(_ text: String, chunk size: Int, max: Int = .max) throws(JSONArraySplitter.Problem)
        -> [JSONArraySplitter.Piece]
    {
        var splitter = JSONArraySplitter(maxElementBytes: max)
        let bytes = Array(text.utf8)
        var pieces: [JSONArraySplitter.Piece] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            pieces += try splitter.feed(bytes[start..<min(start + size, bytes.count)])
        }
        try splitter.finish()
        return pieces
    }

    private func element(_ text: String) -> JSONArraySplitter.Piece { .element(Array(text.utf8)) }

    @Test("the same elements whatever the chunks: brackets, commas and escaped quotes inside strings are text")
    func chunking() throws {
        let text = #" [ {"a":"],[\"}"} , 2 ,"x\\\"]",[3,[4]] ,{"b":{}}]  "#
        let expected = [
            element(#"{"a":"],[\"}"}"#), element("2"), element(#""x\\\"]""#), element("[3,[4]]"),
            element(#"{"b":{}}"#),
        ]
        for size in [1, 2, 3, 7, 1000] {
            #expect(try split(text, chunk: size) == expected, "chunks of \(size)")
        }
    }

    @Test("an empty array has no element; an empty slot is an empty element, for its reader to refuse")
    func emptyElements() throws {
        #expect(try split("[]", chunk: 1).isEmpty)
        #expect(try split(" [ ] ", chunk: 1).isEmpty)
        #expect(try split("[,1]", chunk: 1) == [element(""), element("1")])
    }

    @Test("an element over the limit is handed out as its size and first bytes, with its id still readable")
    func tooLarge() throws {
        let huge = #"{"id":7,"summary":""# + String(repeating: "a", count: 300_000) + #""}"#
        for size in [1000, 65_536, 1 << 20] {
            let pieces = try split("[1," + huge + ",2]", chunk: size, max: 100_000)
            #expect(pieces.count == 3)
            #expect(pieces.first == element("1") && pieces.last == element("2"))
            guard case .tooLarge(let bytes, let start) = pieces[1] else {
                Issue.record("not too large: \(pieces[1])")
                continue
            }
            #expect(bytes == huge.utf8.count)
            #expect(start.count == JSONArraySplitter.keptPrefixBytes)
            #expect(RawJSON.firstValue(forKey: "id", inStartOf: start) == Array("7".utf8))
        }
        let atLimit = try split("[" + huge + "]", chunk: 4096, max: huge.utf8.count)
        #expect(atLimit == [element(huge)])
    }

    @Test("input that is not an array, cut short, or going on after its end is refused")
    func problems() {
        #expect(throws: JSONArraySplitter.Problem.notAnArray) { try split(#"{"id":1}"#, chunk: 3) }
        #expect(throws: JSONArraySplitter.Problem.notAnArray) { try split("  ", chunk: 1) }
        #expect(throws: JSONArraySplitter.Problem.notClosed) { try split(#"[{"id":1},{"id":"#, chunk: 2) }
        #expect(throws: JSONArraySplitter.Problem.notClosed) { try split("[1,2] 3", chunk: 1) }
        #expect(throws: JSONArraySplitter.Problem.notClosed) { try split(#"["]"#, chunk: 1) }
    }

    @Test("the id of the start of a record cut anywhere after its id, and nil when cut before or within it")
    func firstValueOfStart() {
        let record = Array(#"{"id":12,"name":"A","summary":"long"}"#.utf8)
        for cut in 9..<record.count {
            #expect(RawJSON.firstValue(forKey: "id", inStartOf: record.prefix(cut)) == Array("12".utf8), "cut \(cut)")
        }
        for cut in 0..<9 {
            #expect(RawJSON.firstValue(forKey: "id", inStartOf: record.prefix(cut)) == nil, "cut \(cut)")
        }
        #expect(RawJSON.firstValue(forKey: "name", inStartOf: record) == Array(#""A""#.utf8))
        #expect(RawJSON.firstValue(forKey: "id", inStartOf: Array("[1]".utf8)) == nil)
    }
}
