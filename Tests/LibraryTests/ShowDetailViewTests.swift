import Foundation
import Testing

@testable import TVMCommandLine
@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMText
@testable import TVMazeAPI

@Suite("ShowDetailView")
struct ShowDetailViewTests {
    @Test("renders Under the Dome from its recorded API response")
    func rendersUnderTheDome() throws {
        let detail = try Self.showDetail(fixture: "shows/1.json")
        let expected = """
            Under the Dome
            ══════════════

            Status:    Ended
            Premiered: 2013-06-24
            Genres:    Drama, Science-Fiction, Thriller
            Network:   CBS (US)
            Schedule:  Thursdays 22:00 ET (02:00 Fri here)
            Rating:    6.5/10
            Runtime:   60 min
            Language:  English

            Under the Dome is the story of a small town that is suddenly and inexplicably
            sealed off from the rest of the world by an enormous transparent dome. The town's
            inhabitants must deal with surviving the post-apocalyptic conditions while
            searching for answers about the dome, where it came from and if and when it will
            go away.

            IMDb:   https://www.imdb.com/title/tt1553656
            TVmaze: http://www.tvmaze.com/shows/1/under-the-dome
            Poster: http://static.tvmaze.com/uploads/images/original_untouched/0/1.jpg

            """
        // In July 2013, New York is at UTC-4: 22:00 there is 02:00 the next day in UTC.
        let view = ShowDetailView(
            detail, now: Date(timeIntervalSince1970: 1_372_636_800), viewerZone: TimeZone(identifier: "UTC")!)
        #expect(view.render(width: 82, styler: .plain) == expected)
    }

    @Test("shows the end date of an ended show")
    func showsEndDate() throws {
        let lines = ShowDetailView(try Self.showDetail(fixture: "shows/139.json")).lines(width: 80, styler: .plain)
        #expect(lines.prefix(2) == ["Girls", "═════"])
        #expect(lines.contains("Ended:     2017-04-16"))
        #expect(lines.contains("Network:   HBO (US)"))
        #expect(lines.contains("IMDb:   https://www.imdb.com/title/tt1723816"))
    }

    @Test("leaves out the IMDb line when there is no IMDb id")
    func omitsIMDbWithoutID() throws {
        var detail = try Self.showDetail(fixture: "shows/1.json")
        detail.imdbID = nil
        let lines = ShowDetailView(detail).lines(width: 80, styler: .plain)
        #expect(!lines.contains { $0.contains("IMDb") || $0.contains("imdb.com") })
        #expect(
            lines.suffix(2) == [
                "TVmaze: http://www.tvmaze.com/shows/1/under-the-dome",
                "Poster: http://static.tvmaze.com/uploads/images/original_untouched/0/1.jpg",
            ])
        detail.imdbID = ""
        #expect(!ShowDetailView(detail).render(width: 80, styler: .plain).contains("IMDb"))
    }

    @Test("renders Squid Game, a web-only show, with its web channel and its average runtime")
    func rendersWebOnlyShow() throws {
        // Recorded with `network: null`, `webChannel` Netflix without a country, `runtime: null` and
        // `averageRuntime: 55`, an empty schedule.
        let detail = try Self.showDetail(fixture: "shows/43687/embed=episodes.json")
        let expected = """
            Squid Game
            ══════════

            Status:      To Be Determined
            Premiered:   2021-09-17
            Genres:      Drama, Thriller, Mystery
            Web channel: Netflix
            Rating:      8.1/10
            Runtime:     55 min
            Language:    Korean

            Hundreds of cash-strapped players accept a strange invitation to compete in
            children's games. Inside, a tempting prize awaits --- with deadly high stakes.

            IMDb:   https://www.imdb.com/title/tt10919420
            TVmaze: https://www.tvmaze.com/shows/43687/squid-game
            Poster: https://static.tvmaze.com/uploads/images/original_untouched/362/906711.jpg

            """
        #expect(ShowDetailView(detail).render(width: 80, styler: .plain) == expected)
    }

    @Test("a show without a summary has no empty summary section")
    func omitsMissingSummary() throws {
        var detail = try Self.showDetail(fixture: "shows/1.json")
        detail.summaryHTML = nil
        let lines = ShowDetailView(detail).lines(width: 80, styler: .plain)
        #expect(!lines.contains { $0.contains("small town") })
        #expect(zip(lines, lines.dropFirst()).allSatisfy { !($0.isEmpty && $1.isEmpty) })
        #expect(lines[lines.firstIndex(of: "Language:  English")! + 2].hasPrefix("IMDb:"))
        detail.summaryHTML = "<p></p>"
        #expect(ShowDetailView(detail).lines(width: 80, styler: .plain) == lines)
    }

    @Test("a show with only a name renders its title")
    func rendersNameOnly() {
        #expect(ShowDetailView(ShowDetail(name: "Pokémon")).render(width: 80, styler: .plain) == "Pokémon\n═══════\n")
    }

    @Test("wraps the summary to at most 100 columns on wide terminals")
    func capsSummaryWidth() throws {
        let detail = try Self.showDetail(fixture: "shows/1.json")
        let text = ShowDetailView(detail).render(width: 200, styler: .plain)
        let summary = TextWrap.wrap(HTMLText.plainText(fromHTML: try #require(detail.summaryHTML)), width: 100)
        #expect(summary.count == 4)
        #expect(text.contains("\n\n" + summary.joined(separator: "\n") + "\n\n"))
    }

    @Test("fits narrow terminals, apart from unbreakable links")
    func fitsNarrowTerminals() throws {
        for fixture in ["shows/1.json", "shows/139.json"] {
            let detail = try Self.showDetail(fixture: fixture)
            for width in 20...60 {
                for line in ShowDetailView(detail).lines(width: width, styler: .ansi) where !line.contains("://") {
                    #expect(DisplayWidth.width(of: line) <= width, "width \(width): \(line)")
                }
            }
        }
    }

    @Test("wraps long values under their value column")
    func wrapsLongValues() {
        let detail = ShowDetail(name: "X", genres: ["Drama", "Science-Fiction", "Thriller", "Mystery", "Horror"])
        #expect(
            ShowDetailView(detail).lines(width: 31, styler: .plain) == [
                "X",
                "═",
                "",
                "Genres: Drama, Science-Fiction,",
                "        Thriller, Mystery,",
                "        Horror",
            ]
        )
    }

    @Test("styles the title and labels when colour is on")
    func stylesTitleAndLabels() throws {
        let lines = ShowDetailView(try Self.showDetail(fixture: "shows/1.json")).lines(width: 80, styler: .ansi)
        #expect(lines[0] == "\u{1B}[1mUnder the Dome\u{1B}[0m")
        #expect(lines.contains("\u{1B}[1mStatus:\u{1B}[0m    Ended"))
    }

    @Test("removes control characters from every field")
    func sanitizesFields() {
        let detail = ShowDetail(
            name: "Evil\u{1B}[2J Show\u{7}",
            status: "Running\nNow",
            network: .init(name: "Net\u{1B}]0;x\u{7}work", countryCode: "GB"),
            imdbID: "tt1\u{1B}[31m",
            extraFields: [.init(label: "Favorite", value: "yes\u{9B}1m")]
        )
        let text = ShowDetailView(detail).render(width: 80, styler: .plain)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(text.hasPrefix("Evil Show\n"))
        #expect(text.contains("Status:   Running Now\n"))
        #expect(text.contains("Network:  Network (GB)\n"))
        #expect(text.contains("Favorite: yes\n"))
        #expect(text.contains("IMDb: https://www.imdb.com/title/tt1\n"))
    }

    @Test("formats ratings with one decimal out of 10")
    func formatsRatings() {
        #expect(ShowDetailView.describeRating(6.5) == "6.5/10")
        #expect(ShowDetailView.describeRating(7) == "7.0/10")
        #expect(ShowDetailView.describeRating(8.25) == "8.3/10")
        #expect(ShowDetailView.describeRating(0) == "0.0/10")
        #expect(ShowDetailView.describeRating(.nan).isEmpty)
        #expect(ShowDetailView.describeRating(-1).isEmpty)
        #expect(ShowDetailView.describeRating(1e300).isEmpty)
    }

    // MARK: - Fixtures

    /// The `ShowDetail` of a recorded `/shows/{id}` response, through the mapping the tools use.
    @Test("the schedule's zone is the network's country's, else the web channel's; without either it says so")
    func scheduleZone() throws {
        let now = Date(timeIntervalSince1970: 1_705_320_000)  // 2024-01-15: New York at UTC-5
        func schedule(_ json: String) throws -> String? {
            let detail = ShowDetail(show: try Show(json: Array(json.utf8)))
            return ShowDetailView(detail, now: now, viewerZone: TimeZone(identifier: "Europe/Paris")!)
                .lines(width: 80, styler: .plain).first { $0.hasPrefix("Schedule:") }
        }
        let web = #"{"id":9,"name":"W","schedule":{"time":"20:00","days":["Sunday"]},"network":null,"webChannel":"#
        #expect(
            try schedule(web + #"{"id":1,"name":"Netflix","country":null}}"#)
                == "Schedule:    Sundays 20:00 (time zone not given)")
        #expect(
            try schedule(
                web + #"{"id":2,"name":"Hulu","country":{"name":"United States","code":"US","#
                    + #""timezone":"America/New_York"}}}"#) == "Schedule:    Sundays 20:00 ET (02:00 Mon here)")
        #expect(
            try schedule(
                #"{"id":9,"name":"N","schedule":{"time":"21:00","days":["Thursday"]},"network":{"id":3,"#
                    + #""name":"BBC One","country":{"name":"United Kingdom","code":"GB","timezone":"Europe/London"}}}"#)
                == "Schedule: Thursdays 21:00 UTC (22:00 here)")
    }

    static func showDetail(fixture: String) throws -> ShowDetail {
        ShowDetail(show: try Show(json: RawJSONFixtures.bytes(fixture)))
    }
}
