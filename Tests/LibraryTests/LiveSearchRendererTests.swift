import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Drawing the live search screen")
struct LiveSearchRendererTests {
    typealias Data = LiveSearchTestData

    static let plain = LiveSearchRenderer(styler: .plain) { result, _ in "\(result.name)\nfirst\nsecond\nthird\nfourth"
    }

    static func resultsScreen(_ results: [LiveSearchResult], selection: Int = 0, marked: Set<Int> = [])
        -> LiveSearchScreen
    {
        LiveSearchScreen(
            query: "q", list: .results(results), selection: selection, marked: marked, markedCount: marked.count,
            status: .results(count: results.count))
    }

    /// Squid Game under its Korean title (recorded, renamed), a constructed 進撃の巨人, and the recorded Girls.
    static func cjk() throws -> [LiveSearchResult] {
        [
            try Data.squidGame(named: "오징어 게임"),
            Data.show(id: 2, name: "進撃の巨人", premiered: "2013-04-07", network: "MBS", status: "Ended"),
            try Data.girls()[0],
        ]
    }

    @Test("CJK names take two columns a character: columns line up and every line fits, at any width")
    func cjkNames() throws {
        let cjk = try Self.cjk()
        for width in [100, 60, 40, 24, 12, 5, 2] {
            let lines = Self.plain.lines(for: Self.resultsScreen(cjk), width: width, height: 24)
            #expect(lines.count == 5)
            for line in lines {
                #expect(DisplayWidth.width(of: line) <= width - 1 || width < 2, "\(width): \(line)")
            }
        }
        let wide = Self.plain.lines(for: Self.resultsScreen(cjk), width: 80, height: 24)
        // Squid Game has no network: the column shows its web channel.
        #expect(wide[2] == ">  오징어 게임  2021  Netflix  To Be Determined")
        #expect(wide[3] == "   進撃の巨人   2013  MBS      Ended")
        #expect(wide[4] == "   Girls        2012  HBO      Ended")
        let narrow = Self.plain.lines(for: Self.resultsScreen(cjk), width: 24, height: 24)
        #expect(narrow[2] == ">  오징어 게임  2021")
        #expect(narrow[3] == "   進撃の巨人   2013")
        let narrower = Self.plain.lines(for: Self.resultsScreen(cjk), width: 20, height: 24)
        #expect(narrower[2] == ">  오징어 게임")
        let tiny = Self.plain.lines(for: Self.resultsScreen(cjk), width: 9, height: 24)
        #expect(tiny[2] == ">  오징…")
        #expect(tiny[3] == "   進撃…")
    }

    @Test("a name longer than the width ends with an ellipsis; status and network drop before it is cut")
    func longNames() throws {
        let long = try Data.squidGame(named: String(repeating: "Extraordinarily Long Title ", count: 6))
        let results = [long, try Data.girls()[0]]
        // A name that is cut anyway takes the room of the status and network columns; the year stays whole.
        let at60 = Self.plain.lines(for: Self.resultsScreen(results), width: 60, height: 24)
        #expect(at60[2].hasSuffix("…  2021"))
        #expect(DisplayWidth.width(of: at60[2]) == 59)
        let at32 = Self.plain.lines(for: Self.resultsScreen(results), width: 32, height: 24)
        #expect(at32[2].hasSuffix("…  2021"))
        let at24 = Self.plain.lines(for: Self.resultsScreen(results), width: 24, height: 24)
        #expect(at24[2].hasSuffix("…  2021"))
        let at14 = Self.plain.lines(for: Self.resultsScreen(results), width: 14, height: 24)
        #expect(at14[2] == ">  Extraordi…")
        #expect(at14[3] == "   Girls")
    }

    @Test("the selected row is marked > and highlighted in colour; marked rows carry a star")
    func selectionAndMarks() throws {
        let girls = try Data.girls()
        let plain = Self.plain.lines(
            for: Self.resultsScreen(girls, selection: 1, marked: [1, 3]), width: 80, height: 24)
        #expect(plain[2].hasPrefix("   Girls"))
        #expect(plain[3].hasPrefix(">* Good Girls"))
        #expect(plain[5].hasPrefix(" * The Powerpuff Girls"))
        #expect(plain[1].hasPrefix("10 shows · 2 marked · Enter prints"))
        let colour = LiveSearchRenderer(styler: .ansi) { _, _ in "" }
        let styled = colour.lines(for: Self.resultsScreen(girls, selection: 1), width: 80, height: 24)
        #expect(styled[3].hasPrefix("\u{1B}[7m> "))
        #expect(DisplayWidth.width(of: styled[3]) == 79)
        #expect(!styled[2].contains("\u{1B}[7m"))
    }

    @Test("the prompt shows the query with the cursor, and the end of a query too long for the width")
    func prompt() {
        let screen = LiveSearchScreen(query: "squid game", list: .results([]), status: .searching("squid game"))
        let lines = Self.plain.lines(for: screen, width: 80, height: 24)
        #expect(lines == ["Search shows: squid game▏", "searching \"squid game\"…"])
        let narrow = Self.plain.lines(for: screen, width: 21, height: 24)
        #expect(narrow[0] == "Search shows: …game▏")
        #expect(DisplayWidth.width(of: narrow[1]) <= 20)
        let bold = LiveSearchRenderer(styler: .ansi) { _, _ in "" }.lines(for: screen, width: 80, height: 24)
        #expect(bold[0] == "\u{1B}[1mSearch shows: \u{1B}[0msquid game▏")
    }

    @Test("the cursor is drawn where it is, and a long query keeps it in view with both ends cut")
    func promptCursor() {
        func line(_ cursor: Int, width: Int) -> String {
            let screen = LiveSearchScreen(
                query: "squid game", cursor: cursor, list: .results([]), status: .searching("squid game"))
            return Self.plain.lines(for: screen, width: width, height: 24)[0]
        }
        #expect(line(5, width: 80) == "Search shows: squid▏ game")
        #expect(line(0, width: 80) == "Search shows: ▏squid game")
        #expect(line(10, width: 80) == "Search shows: squid game▏")
        #expect(line(0, width: 21) == "Search shows: ▏squi…")
        #expect(line(5, width: 21) == "Search shows: …uid▏…")
        #expect(line(10, width: 21) == "Search shows: …game▏")
        #expect(line(7, width: 27) == "Search shows: squid g▏ame")
        #expect(line(2, width: 24) == "Search shows: sq▏uid g…")
    }

    @Test("with an empty query the list holds the recent searches, marked as suggestions")
    func suggestions() {
        let screen = LiveSearchScreen(
            query: "", list: .suggestions(["squid game", "girls"]), selection: 1, status: .suggestions)
        let lines = Self.plain.lines(for: screen, width: 80, height: 24)
        #expect(lines[0] == "Search shows: ▏")
        #expect(lines[1].hasPrefix("Recent searches (suggestions) · Enter searches again"))
        #expect(lines[2] == "    squid game")
        #expect(lines[3] == ">   girls")
    }

    @Test("a terminal shorter than the list scrolls it so the selection stays visible")
    func scrolling() throws {
        let girls = try Data.girls()
        let lines = Self.plain.lines(for: Self.resultsScreen(girls, selection: 8), width: 80, height: 5)
        #expect(lines.count == 5)
        #expect(lines[2].hasPrefix("   Chicken Girls"))
        #expect(lines[4].hasPrefix(">  Bad Girls Behind Bars"))
        let top = Self.plain.lines(for: Self.resultsScreen(girls, selection: 0), width: 80, height: 5)
        #expect(top[2].hasPrefix(">  Girls"))
        #expect(Self.plain.lines(for: Self.resultsScreen(girls), width: 80, height: 1).count == 1)
    }

    @Test("the detail pane replaces the list, cut to the height with an ellipsis")
    func detail() throws {
        let girls = try Data.girls()
        var screen = Self.resultsScreen(girls)
        screen.detail = girls[2]
        let lines = Self.plain.lines(for: screen, width: 80, height: 24)
        #expect(lines[1] == "Derry Girls · any key goes back")
        #expect(lines.dropFirst(2) == ["Derry Girls", "first", "second", "third", "fourth"])
        #expect(Self.plain.lines(for: screen, width: 80, height: 5).dropFirst(2) == ["Derry Girls", "first", "…"])
    }

    @Test(
        "a failure shows the original app specification's title, message and cause where the list was, and its keys in 80 columns"
    )
    func failure() {
        let failure = LiveSearchFailure(
            title: "Oops, something went wrong",
            message: "An error occurred while fetching data. Do you want to try again?", cause: "connection refused")
        let screen = LiveSearchScreen(query: "girls", list: .results([]), status: .failed(failure))
        let lines = Self.plain.lines(for: screen, width: 80, height: 24)
        #expect(lines[1] == "Ctrl-R retries · typing edits the query · Esc quits")
        #expect(
            Array(lines[2...]) == [
                "Oops, something went wrong", "An error occurred while fetching data. Do you want to try again?",
                "(connection refused)",
            ])
        #expect(lines.allSatisfy { DisplayWidth.width(of: $0) < 80 })
        let untitled = LiveSearchFailure(message: "the answer is not JSON")
        let other = LiveSearchScreen(query: "girls", list: .results([]), status: .failed(untitled))
        #expect(Array(Self.plain.lines(for: other, width: 80, height: 24)[2...]) == ["the answer is not JSON"])
    }

    @Test("a frame redraws from the top-left corner, erasing the rest of each line and everything below")
    func frame() {
        let screen = LiveSearchScreen(query: "", list: .suggestions([]), status: .typeToSearch)
        let text = String(decoding: Self.plain.frame(for: screen, width: 80, height: 24), as: UTF8.self)
        #expect(
            text == "\u{1B}[HSearch shows: ▏\u{1B}[K\r\nType a show's name to search TVMaze · Esc quits\u{1B}[K\u{1B}[J"
        )
    }
}
