import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMText
@testable import TVMazeAPI

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(
        "measures text in terminal columns",
        arguments: [
            ("", 0),
            ("Hello, world", 12),
            ("Pok\u{E9}mon", 7),  // precomposed é
            ("Poke\u{301}mon", 7),  // e + COMBINING ACUTE ACCENT
            ("日本語", 6),
            ("한국어", 6),
            ("\u{1112}\u{1161}\u{11AB}", 2),  // 한 as conjoining jamo
            ("ＡＢＣ", 6),  // fullwidth forms
            ("ｶﾀｶﾅ", 4),  // halfwidth katakana
            ("「東京」。", 10),  // CJK punctuation
            ("😀", 2),
            ("👍🏽", 2),  // skin tone modifier
            ("👨‍👩‍👧‍👦", 2),  // ZWJ family
            ("🏳️‍🌈", 2),  // ZWJ sequence starting with a text-default emoji + VS16
            ("🇯🇵", 2),
            ("🇯🇵🇺🇸", 4),
            ("❤", 1),  // text presentation by default
            ("❤️", 2),  // emoji presentation sequence (VS16)
            ("1️⃣", 2),  // keycap
            ("a\u{200B}b", 2),  // ZERO WIDTH SPACE
            ("\u{FEFF}x", 1),  // BOM / ZWNBSP
            ("a\u{7}b\u{0}c\u{7F}d\u{85}", 4),  // BEL, NUL, DEL, NEL
            ("\r\n\t", 0),
            ("…═", 2),  // East Asian Ambiguous counts as narrow
            ("\u{1FA75}", 2),  // LIGHT BLUE HEART, new in Unicode 15
            ("\u{31350}", 2),  // CJK Unified Ideographs Extension H, new in Unicode 15
            ("\u{1B132}", 2),  // HIRAGANA LETTER SMALL KO, new in Unicode 15
        ]
    )
    func measuresText(text: String, expected: Int) {
        #expect(DisplayWidth.width(of: text) == expected)
    }

    @Test("skips ANSI escape sequences so styled text measures like plain text")
    func skipsEscapeSequences() {
        #expect(DisplayWidth.width(of: "\u{1B}[1;31mRed\u{1B}[0m") == 3)
        #expect(DisplayWidth.width(of: "\u{1B}[38;5;208m日本\u{1B}[m") == 4)
        // An OSC 8 hyperlink around "link".
        #expect(DisplayWidth.width(of: "\u{1B}]8;;https://tvmaze.com\u{1B}\\link\u{1B}]8;;\u{7}") == 4)
        #expect(DisplayWidth.width(of: "\u{1B}(Bplain") == 5)
        #expect(DisplayWidth.width(of: "ends with escape \u{1B}[") == 17)
    }

    @Test("the East Asian Wide table is sorted and its ranges do not overlap")
    func wideTableIsSorted() {
        let ranges = DisplayWidth.eastAsianWideRanges
        #expect(ranges.allSatisfy { $0.lower <= $0.upper })
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upper < $1.lower })
        #expect(DisplayWidth.isEastAsianWide(0x1100))
        #expect(DisplayWidth.isEastAsianWide(0x3FFFD))
        #expect(!DisplayWidth.isEastAsianWide(0x10FF))
        #expect(!DisplayWidth.isEastAsianWide(0x3FFFE))
        #expect(!DisplayWidth.isEastAsianWide(0x41))
    }

    @Test("truncate leaves text that fits unchanged")
    func truncateKeepsFittingText() {
        #expect(DisplayWidth.truncate("Girls", toWidth: 5) == "Girls")
        #expect(DisplayWidth.truncate("日本", toWidth: 10) == "日本")
    }

    @Test("truncate cuts at whole grapheme clusters and accounts for the ellipsis")
    func truncateCutsClusters() {
        #expect(DisplayWidth.truncate("Pokémon: Indigo League", toWidth: 10) == "Pokémon: …")
        #expect(DisplayWidth.truncate("Poke\u{301}mon", toWidth: 5) == "Poke\u{301}…")
        #expect(DisplayWidth.truncate("日本語テキスト", toWidth: 5) == "日本…")
        #expect(DisplayWidth.truncate("日本語テキスト", toWidth: 4) == "日…")
        #expect(DisplayWidth.truncate("🇯🇵🇺🇸🇫🇷", toWidth: 5) == "🇯🇵🇺🇸…")
        #expect(DisplayWidth.truncate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", toWidth: 3) == "👨‍👩‍👧‍👦…")
    }

    @Test("truncate handles tiny widths and custom ellipses")
    func truncateTinyWidths() {
        #expect(DisplayWidth.truncate("Hello", toWidth: 0).isEmpty)
        #expect(DisplayWidth.truncate("Hello", toWidth: -3).isEmpty)
        #expect(DisplayWidth.truncate("Hello", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("日本", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("Hello", toWidth: 4, ellipsis: "...") == "H...")
        #expect(DisplayWidth.truncate("Hello", toWidth: 2, ellipsis: "...") == "He")
        #expect(DisplayWidth.truncate("Hello", toWidth: 3, ellipsis: "") == "Hel")
    }

    @Test("truncate keeps escape sequences, so the closing reset survives")
    func truncateKeepsEscapes() {
        let styled = "\u{1B}[1mHello world\u{1B}[0m"
        #expect(DisplayWidth.truncate(styled, toWidth: 6) == "\u{1B}[1mHello…\u{1B}[0m")
    }

    @Test("truncate never splits a grapheme and never exceeds the width")
    func truncateProperty() {
        let samples = [
            "Under the Dome", "Pokémon", "Poke\u{301}mon", "日本語のテレビ番組", "한국어 드라마 제목", "👨‍👩‍👧‍👦 family",
            "🇯🇵🇺🇸🇫🇷🇩🇪", "a\u{200B}b\u{200B}c", "ｶﾀｶﾅとカタカナ", "e\u{301}\u{302}\u{303}x", "Z\u{335}\u{321}a\u{334}l",
            "\u{1B}[31mred\u{1B}[0m 日本", "mixed 日本 and ❤️ and 1️⃣", "e\u{301}\u{301}", "",
        ]
        for text in samples {
            for width in 0...24 {
                let result = DisplayWidth.truncate(text, toWidth: width)
                #expect(DisplayWidth.width(of: result) <= width, "\(text) at \(width)")
                if DisplayWidth.width(of: text) <= width {
                    #expect(result == text)
                    continue
                }
                guard width > 0 else {
                    #expect(result.isEmpty)
                    continue
                }
                let plainResult = plainCharacters(result)
                #expect(plainResult.last == "…", "\(text) at \(width)")
                let kept = Array(plainResult.dropLast())
                let original = plainCharacters(text)
                #expect(original.starts(with: kept), "\(text) at \(width) split a grapheme: \(result)")
                // As much as fits was kept: the next cluster would not have fitted.
                let keptWidth = kept.map { DisplayWidth.width(of: $0) }.reduce(0, +)
                if kept.count < original.count {
                    #expect(keptWidth + DisplayWidth.width(of: original[kept.count]) + 1 > width)
                }
            }
        }
    }

    @Test("pad aligns text by display width")
    func padAligns() {
        #expect(DisplayWidth.pad("42", toWidth: 5, alignment: .right) == "   42")
        #expect(DisplayWidth.pad("日本", toWidth: 6) == "日本  ")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("too wide", toWidth: 3) == "too wide")
        #expect(DisplayWidth.pad("\u{1B}[1mhi\u{1B}[0m", toWidth: 4) == "\u{1B}[1mhi\u{1B}[0m  ")
    }

    /// The grapheme clusters of text whose escape sequences were removed.
    private func plainCharacters(_ text: String) -> [Character] {
        Array(HTMLText.terminalSafe(text))
    }
}
