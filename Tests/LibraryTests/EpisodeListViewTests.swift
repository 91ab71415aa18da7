import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("EpisodeListView")
struct EpisodeListViewTests {
    private func episode(
        _ number: Int?, _ name: String?, _ airdate: String?, runtime: Int? = 60, summary: String? = nil
    ) -> Episode {
        var episode = Episode()
        episode.season = 2
        episode.number = number
        episode.name = name
        episode.airdate = airdate
        episode.runtime = runtime
        episode.summary = summary
        return episode
    }

    @Test("the season heading counts episodes and specials apart and spans the air dates shown")
    func headings() {
        let episodes = [
            episode(1, "A", "2015-04-12"), episode(nil, "Making of", "2015-04-01"), episode(2, "B", "2015-06-14"),
        ]
        #expect(
            EpisodeListView.heading(.init(number: 2, episodes: episodes))
                == "Season 2 · 2 episodes, 1 special · 2015-04-01 – 2015-06-14")
        #expect(
            EpisodeListView.heading(.init(number: 2, episodes: [episodes[0]], episodeOrder: 10))
                == "Season 2 · 1 of 10 episodes · 2015-04-12")
        #expect(
            EpisodeListView.heading(.init(number: 2, episodes: [episodes[1]]))
                == "Season 2 · 1 special · 2015-04-01")
        #expect(
            EpisodeListView.heading(.init(number: 3, episodes: [episode(1, nil, "")], episodeOrder: 1))
                == "Season 3 · 1 episode")
    }

    // Regression: the heading showed the broadcaster's dates while the rows showed TZ's: under Pacific/Chatham,
    // "2018-11-04 – …" over a first row dated 2018-11-05.
    @Test("the season heading spans the dates the rows show, in the viewer's zone")
    func headingInTheViewersZone() throws {
        var first = episode(1, "A", "2018-11-04")
        first.airtime = "21:00"
        first.airstamp = "2018-11-05T02:00:00+00:00"
        var last = episode(2, "B", "2019-01-27")
        last.airtime = "21:00"
        last.airstamp = "2019-01-28T02:00:00+00:00"
        let season = EpisodeListView.Season(number: 4, episodes: [first, last])
        let chatham = try #require(TimeZone(identifier: "Pacific/Chatham"))
        #expect(EpisodeListView.heading(season, zone: chatham) == "Season 4 · 2 episodes · 2018-11-05 – 2019-01-28")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(EpisodeListView.heading(season, zone: newYork) == "Season 4 · 2 episodes · 2018-11-04 – 2019-01-27")
    }

    @Test("rows line up across seasons, a special shows SP, a missing title shows TBA")
    func rows() {
        let view = EpisodeListView(
            showName: "Show",
            seasons: [
                .init(number: 1, episodes: [episode(1, "Pilot", "2015-04-12"), episode(nil, "Extra", "2015-04-13")]),
                .init(number: 2, episodes: [episode(10, nil, "", runtime: nil)]),
            ])
        #expect(
            view.lines(width: 80, styler: .plain) == [
                "Show",
                "════",
                "",
                "Season 1 · 1 episode, 1 special · 2015-04-12 – 2015-04-13",
                "   1  Pilot  2015-04-12  60 min",
                "  SP  Extra  2015-04-13  60 min",
                "",
                "Season 2 · 1 episode",
                "  10  TBA",
            ])
    }

    @Test("summaries appear only when asked, as wrapped plain text under the title column")
    func summaries() {
        let html = "<p>Barbie &amp; <b>Julia</b> search for answers about the dome, where it came from.</p>"
        let seasons = [EpisodeListView.Season(number: 1, episodes: [episode(1, "Pilot", "2013-06-24", summary: html)])]
        let plain = EpisodeListView(showName: "S", seasons: seasons).lines(width: 40, styler: .plain)
        #expect(!plain.joined().contains("Barbie"))
        let lines = EpisodeListView(showName: "S", seasons: seasons, showsSummaries: true).lines(
            width: 40, styler: .plain)
        let summary = lines.drop { !$0.contains("Barbie") }
        #expect(summary.first == "     Barbie & Julia search for answers")
        #expect(summary.allSatisfy { DisplayWidth.width(of: $0) <= 40 && !$0.contains("<") })
        #expect(
            summary.joined(separator: " ").split(separator: " ").joined(separator: " ")
                == "Barbie & Julia search for answers about the dome, where it came from.")
    }

    @Test("text from the API cannot drive the terminal, and no line is wider than the width")
    func terminalSafety() {
        let view = EpisodeListView(
            showName: "Evil\u{1B}]0;title\u{07} Show",
            seasons: [.init(number: 1, episodes: [episode(1, "Bad\u{1B}[31m Red", "2015-04-12\u{9B}2J")])])
        for width in [10, 20, 40] {
            let lines = view.lines(width: width, styler: .plain)
            #expect(
                lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
            )
            #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= width }, "\(width): \(lines)")
        }
    }
}
