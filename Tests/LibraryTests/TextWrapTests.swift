import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("TextWrap")
struct TextWrapTests {
    private let summary = """
        Under the Dome is the story of a small town that is suddenly and inexplicably sealed off from the rest of \
        the world by an enormous transparent dome. The town's inhabitants must deal with surviving the \
        post-apocalyptic conditions while searching for answers about the dome, where it came from and if and when \
        it will go away.
        """

    @Test("wraps words greedily")
    func wrapsWords() {
        #expect(
            TextWrap.wrap(summary, width: 40).prefix(4) == [
                "Under the Dome is the story of a small",
                "town that is suddenly and inexplicably",
                "sealed off from the rest of the world by",
                "an enormous transparent dome. The town's",
            ]
        )
    }

    @Test("no line is wider than the width, and no word is lost or reordered")
    func linesFitAndKeepWords() {
        let words = summary.split(separator: " ").map(String.init)
        for width in 1...120 {
            let lines = TextWrap.wrap(summary, width: width)
            #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= width }, "width \(width)")
            #expect(lines.allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
            #expect(lines.joined().filter { $0 != " " } == summary.filter { $0 != " " }, "width \(width)")
            if width >= words.map(\.count).max()! {
                #expect(lines.joined(separator: " ").split(separator: " ").map(String.init) == words, "width \(width)")
            }
        }
    }

    @Test("keeps paragraph and line breaks")
    func keepsBreaks() {
        #expect(TextWrap.wrap("One two\n\nThree", width: 80) == ["One two", "", "Three"])
        #expect(TextWrap.wrap("One\nTwo\n", width: 80) == ["One", "Two"])
        #expect(TextWrap.wrap("  spaced   out  ", width: 80) == ["spaced out"])
    }

    @Test("breaks words longer than the width between grapheme clusters")
    func breaksLongWords() {
        #expect(TextWrap.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(
            TextWrap.wrap("see https://www.tvmaze.com/shows/1", width: 12) == [
                "see", "https://www.", "tvmaze.com/s", "hows/1",
            ])
        #expect(TextWrap.wrap("Poke\u{301}mon", width: 4) == ["Poke\u{301}", "mon"])
    }

    @Test("breaks between wide characters in text without spaces")
    func breaksCJK() {
        #expect(TextWrap.wrap("日本語のテキストです", width: 10) == ["日本語のテ", "キストです"])
        #expect(TextWrap.wrap("日本語のテキストです", width: 9) == ["日本語の", "テキスト", "です"])
        #expect(TextWrap.wrap("Hello 世界", width: 7) == ["Hello", "世界"])
        #expect(TextWrap.wrap("Netflix配信の作品", width: 11) == ["Netflix配信", "の作品"])
        #expect(TextWrap.wrap("Netflix配信の作品", width: 10) == ["Netflix配", "信の作品"])
        #expect(TextWrap.wrap("한국어 드라마 제목입니다", width: 8) == ["한국어", "드라마", "제목입니", "다"])
    }

    @Test("indents every non-empty line within the width")
    func indents() {
        #expect(TextWrap.wrap("aaa bbb\n\nccc", width: 5, indent: "  ") == ["  aaa", "  bbb", "", "  ccc"])
        #expect(TextWrap.wrap("abc", width: 2, indent: "    ") == ["    a", "    b", "    c"])
    }

    @Test("empty text gives no lines")
    func emptyText() {
        #expect(TextWrap.wrap("", width: 10).isEmpty)
    }
}
