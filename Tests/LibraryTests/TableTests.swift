import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMText
@testable import TVMazeAPI

@Suite("TextTable")
struct TableTests {
    private let searchColumns: [TextTable.Column] = [
        .init("ID", alignment: .right),
        .init("Name", flexible: true),
        .init("Premiered"),
        .init("Rating", alignment: .right),
        .init("Genres", flexible: true),
    ]

    /// Rows with CJK, Hangul, emoji, accents, a very long name and empty cells; the ID is a single digit so the
    /// row order stays visible at any width.
    private let cjkRows: [[TextTable.Cell]] = [
        ["1", "進撃の巨人", "2013-04-07", "8.9", "Anime, Action, Fantasy"],
        ["2", "사랑의 불시착", "2019-12-14", "8.4", "Drama, Romance"],
        ["3", "Pokémon", "1997-04-01", "7.1", "Anime, Adventure, Children"],
        ["4", "Poke\u{301}mon: The Johto Journeys", "1999-01-01", "", "Anime"],
        ["5", "🐉 Dragon 龍 👨‍👩‍👧‍👦 🇯🇵", "2020-01-01", "6", ""],
        ["6", .init(String(repeating: "とても長い名前", count: 12)), "", "5.5", "Comedy"],
        ["7", "", "", "", ""],
        ["8", "深夜食堂 -Tokyo Stories-", "2016-10-21", "8", "Drama, Food"],
    ]

    @Test("sizes columns to their content, right-aligns numbers and separates columns by two spaces")
    func rendersNaturalWidths() {
        var table = TextTable(columns: [
            .init("ID", alignment: .right), .init("Name", flexible: true), .init("Premiered"),
        ])
        table.addRow(["1", "Under the Dome", "2013-06-24"])
        table.addRow(["139", "Girls", "2012-04-15"])
        #expect(
            table.render(width: 80, styler: .plain) == """
                 ID  Name            Premiered
                  1  Under the Dome  2013-06-24
                139  Girls           2012-04-15

                """
        )
    }

    @Test("aligns CJK and emoji by display width")
    func alignsWideCharacters() {
        let table = TextTable(
            columns: [.init("Name", flexible: true), .init("Year")],
            rows: [["進撃の巨人", "2013"], ["Girls", "2012"], ["🐉👨‍👩‍👧‍👦", "2020"]]
        )
        #expect(
            table.lines(width: 80, styler: .plain) == [
                "Name        Year",
                "進撃の巨人  2013",
                "Girls       2012",
                "🐉👨‍👩‍👧‍👦        2020",
            ]
        )
    }

    @Test("a table with no rows renders only its header")
    func rendersHeaderOnly() {
        let table = TextTable(columns: searchColumns)
        #expect(table.lines(width: 80, styler: .plain) == ["ID  Name  Premiered  Rating  Genres"])
    }

    @Test("empty and missing cells leave no trailing spaces")
    func emptyCellsLeaveNoTrailingSpaces() {
        let table = TextTable(
            columns: [.init("Name"), .init("Network"), .init("Country")],
            rows: [["Girls", "HBO", ""], ["Lonely"], ["", "", "US"], []]
        )
        let lines = table.lines(width: 80, styler: .plain)
        #expect(lines == ["Name    Network  Country", "Girls   HBO", "Lonely", "                 US", ""])
    }

    @Test("styles the header bold and cells with their own style, without changing the layout")
    func stylesHeaderAndCells() {
        let table = TextTable(
            columns: [.init("Name", flexible: true), .init("Action")],
            rows: [
                ["Under the Dome", TextTable.Cell("Delete", style: .red)],
                ["Girls", TextTable.Cell("Favorite", style: [.bold, .green])],
            ]
        )
        let styled = table.lines(width: 80, styler: .ansi)
        #expect(styled[0] == "\u{1B}[1mName\u{1B}[0m            \u{1B}[1mAction\u{1B}[0m")
        #expect(styled[1] == "Under the Dome  \u{1B}[31mDelete\u{1B}[0m")
        #expect(styled[2] == "Girls           \u{1B}[1;32mFavorite\u{1B}[0m")
        let plain = table.lines(width: 80, styler: .plain)
        #expect(plain == ["Name            Action", "Under the Dome  Delete", "Girls           Favorite"])
        #expect(styled.map { DisplayWidth.width(of: $0) } == plain.map { DisplayWidth.width(of: $0) })
    }

    @Test("a flexible column shrinks first, with an ellipsis; dates are never cut")
    func flexibleColumnShrinksFirst() {
        let table = TextTable(
            columns: [.init("ID", alignment: .right), .init("Name", flexible: true), .init("Premiered")],
            rows: [["1", "Under the Dome Again", "2013-06-24"], ["139", "Girls", "2012-04-15"]]
        )
        // Natural width is 3 + 2 + 20 + 2 + 10 = 37; at 30 only the name column gives up 7 columns.
        let lines = table.lines(width: 30, styler: .plain)
        #expect(
            lines == [
                " ID  Name           Premiered", "  1  Under the Do…  2013-06-24", "139  Girls          2012-04-15",
            ])
        // At 26 the name would get fewer than 12 columns: the date drops whole instead of being cut.
        #expect(table.lines(width: 26, styler: .plain) == [" ID  Name", "  1  Under the Dome Again", "139  Girls"])
    }

    @Test("low-priority columns shrink, then drop from the right, before any name is cut")
    func lowPriorityColumnsGiveWayFirst() {
        let table = TextTable(
            columns: [
                .init("ID", alignment: .right, priority: .essential), .init("NAME", flexible: true),
                .init("STATUS", priority: .low), .init("PREMIERED", priority: .essential),
                .init("GENRES", flexible: true, priority: .low),
            ],
            rows: [["1", "Under the Dome", "Ended", "2013-06-24", "Drama, Science-Fiction, Thriller"]]
        )
        let row = { (width: Int) in table.lines(width: width, styler: .plain)[1] }
        #expect(row(62) == " 1  Under the Dome  Ended   2013-06-24  Drama, Science-Fictio…")
        #expect(row(48) == " 1  Under the Dome  Ended   2013-06-24  Drama, …")
        #expect(row(44) == " 1  Under the Dome  Ended   2013-06-24")
        #expect(row(31) == " 1  Under the Dome  2013-06-24")
        #expect(row(29) == " 1  Under the Do…  2013-06-24")
    }

    @Test("essential columns take their short forms, then names shrink to 4, before any essential column drops")
    func essentialColumnsStay() {
        let table = TextTable(
            columns: [
                .init("SHOW", flexible: true), .init("EPISODE", priority: .essential),
                .init("TITLE", flexible: true, priority: .low), .init("AIRED", priority: .essential),
                .init("PROGRESS", priority: .essential),
            ],
            rows: [
                [
                    "Under the Dome", "S01E07", "Imperfect Circles", .init("2013-08-06 05:00", short: "2013-08-06"),
                    .init("6/39 ██░░░░░░░░", short: "6/39"),
                ]
            ]
        )
        let row = { (width: Int) in table.lines(width: width, styler: .plain)[1] }
        #expect(row(80) == "Under the Dome  S01E07   Imperfect Circles  2013-08-06 05:00  6/39 ██░░░░░░░░")
        #expect(row(60) == "Under the Dome  S01E07   2013-08-06 05:00  6/39 ██░░░░░░░░", "the title goes first")
        #expect(row(52) == "Under the Dome  S01E07   2013-08-06 05:00  6/39", "a short form before a name is cut")
        #expect(row(40) == "Under th…  S01E07   2013-08-06  6/39", "short forms before the name is cut below 12")
        #expect(row(32) == "Und…  S01E07   2013-08-06  6/39", "the name shrinks to 4 before anything drops")
        #expect(row(24) == "Und…  S01E07  2013-08-06", "then essential columns drop from the right")
    }

    @Test("cell text cannot break the line or inject escape sequences")
    func sanitizesCells() {
        let table = TextTable(
            columns: [.init("Name"), .init("ID")],
            rows: [["Evil\nName\u{1B}[31m\u{7}\tTab", "1"]]
        )
        #expect(table.lines(width: 80, styler: .plain) == ["Name           ID", "Evil Name Tab  1"])
    }

    @Test("names longer than the terminal are cut, never wrapped")
    func cutsVeryLongNames() {
        let name = String(repeating: "The Never Ending Story ", count: 20)
        var table = TextTable(columns: searchColumns)
        table.addRow(["1", name, "1984-04-06", "7.4", "Fantasy"])
        let lines = table.lines(width: 60, styler: .plain)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= 60 })
        #expect(lines[1].contains("…"))
        #expect(lines[1].hasSuffix("  1984-04-06     7.4  Fantasy"))
    }

    @Test("fits every width from 20 to 200 with CJK-heavy rows, header first and rows in order")
    func fitsEveryWidth() {
        let table = TextTable(columns: searchColumns, rows: cjkRows)
        for width in 20...200 {
            for styler in [Styler.plain, .ansi] {
                let lines = table.lines(width: width, styler: styler)
                #expect(lines.count == cjkRows.count + 1)
                for line in lines {
                    #expect(DisplayWidth.width(of: line) <= width, "width \(width): \(line)")
                    #expect(!line.hasSuffix(" "), "width \(width): trailing space in \(line)")
                    #expect(!line.contains("\n"))
                }
                let header = HTMLText.terminalSafe(lines[0])
                #expect(header.hasPrefix("I") || header.hasPrefix("…"), "width \(width): \(header)")
                if width >= 60 {
                    #expect(header.contains("ID") && header.contains("Premiered") && header.contains("Rating"))
                }
                let ids = lines.dropFirst().map { HTMLText.terminalSafe($0).drop { $0 == " " }.first }
                #expect(ids == ["1", "2", "3", "4", "5", "6", "7", "8"], "width \(width)")
            }
        }
    }

    @Test("keeps full cells and aligned columns when the terminal is wide enough")
    func keepsFullCellsWhenWide() throws {
        let rows = Array(cjkRows.prefix(5)) + [cjkRows[7]]
        let table = TextTable(columns: searchColumns, rows: rows)
        let lines = table.lines(width: 200, styler: .plain)
        for (line, row) in zip(lines.dropFirst(), rows) {
            #expect(line.contains(row[1].text))
            #expect(!line.contains("…"))
        }
        // Every date starts at the same display column.
        var dateColumns: Set<Int> = []
        for (line, row) in zip(lines.dropFirst(), rows) {
            let date = try #require(line.firstRange(of: row[2].text))
            dateColumns.insert(DisplayWidth.width(of: String(line[..<date.lowerBound])))
        }
        #expect(dateColumns.count == 1)
    }

    @Test("a table with more columns than fit is cut at the right edge")
    func cutsTooManyColumns() {
        let columns = (1...12).map { TextTable.Column("Column \($0)") }
        let row = (1...12).map { TextTable.Cell("value \($0)") }
        let table = TextTable(columns: columns, rows: [row])
        let lines = table.lines(width: 20, styler: .ansi)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= 20 })
    }

    @Test("sharing a budget keeps narrow columns and splits the rest evenly")
    func sharesBudget() {
        #expect(TextTable.share(30, among: [5, 40, 40], floors: [1, 8, 8]) == [5, 12, 13])
        #expect(TextTable.share(10, among: [40, 40], floors: [8, 8]) == [8, 8])
        #expect(TextTable.share(100, among: [5, 10], floors: [1, 1]) == [5, 10])
    }

    @Test("a table without columns renders nothing")
    func rendersNothingWithoutColumns() {
        #expect(TextTable(columns: []).render(width: 80, styler: .plain).isEmpty)
    }
}
