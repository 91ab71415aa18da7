import Foundation
import TVMRecords
import TVMText

/// Renders one show's episodes for a terminal: the show's name, then a heading per season and a row per episode.
///
/// ```text
/// Under the Dome
/// ══════════════
///
/// Season 1 · 13 episodes · 2013-06-24 – 2013-09-16
///    1  Pilot                            2013-06-24 22:00  60 min
///    2  The Fire                         2013-07-01 22:00  60 min
/// ```
///
/// Rows hold the episode number, title, air date and time (in the user's zone, ``AirTime``) and runtime; their columns line up across the show's seasons
/// and fit the width (titles are cut first). Specials have no number (`number: null`) and show `SP` instead; the
/// heading counts them apart ("16 episodes, 2 specials"). When a season's `episodeOrder` is known and differs
/// from the episodes shown, the heading says so ("8 of 16 episodes"). The dates are those of the first and last
/// episode shown. With ``showsSummaries`` each row is followed by the episode's summary as wrapped plain text.
/// All text from the API is made terminal-safe.
public struct EpisodeListView: Sendable, Equatable {
    /// One season's block.
    public struct Season: Sendable, Equatable {
        /// The season number, or `nil` for episodes without one.
        public var number: Int?
        /// The episodes to list, in order.
        public var episodes: [Episode]
        /// How many episodes the season has in all (`episodeOrder` of `/shows/{id}/seasons`), when known.
        public var episodeOrder: Int?

        /// Creates a season block.
        public init(number: Int?, episodes: [Episode], episodeOrder: Int? = nil) {
            self.number = number
            self.episodes = episodes
            self.episodeOrder = episodeOrder
        }
    }

    /// The show's name, the view's title.
    public var showName: String
    /// The seasons, in display order.
    public var seasons: [Season]
    /// Whether each episode's summary follows its row.
    public var showsSummaries: Bool
    /// The widest a summary gets on wide terminals, for readability.
    public var maxSummaryWidth: Int
    /// The zone air times are shown in (``AirTime``): the user's, `TZ`.
    public var timeZone: TimeZone
    /// The ids of the episodes marked watched, shown with a `✓` after the number; `nil` when marks are not
    /// known (no favorites database): no column then.
    public var watched: Set<Int>?

    /// Creates a view.
    public init(
        showName: String, seasons: [Season], showsSummaries: Bool = false, maxSummaryWidth: Int = 100,
        timeZone: TimeZone = .current, watched: Set<Int>? = nil
    ) {
        self.timeZone = timeZone
        self.watched = watched
        self.showName = showName
        self.seasons = seasons
        self.showsSummaries = showsSummaries
        self.maxSummaryWidth = maxSummaryWidth
    }

    /// Renders the view as lines, without newline characters.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns.
    ///   - styler: Styles the title and headings, or nothing when colour is off.
    /// - Returns: The title, then each season's heading and rows, seasons separated by empty lines.
    public func lines(width: Int, styler: Styler) -> [String] {
        let width = max(1, width)
        var lines = titleLines(width: width, styler: styler)
        let rowIndent = width > 2 ? "  " : ""
        var columns: [TextTable.Column] = [
            .init("", alignment: .right, priority: .essential), .init("", flexible: true),
            .init("", priority: .essential), .init("", alignment: .right, priority: .low),
        ]
        if watched != nil { columns.insert(.init("", priority: .essential), at: 1) }
        var table = TextTable(columns: columns)
        for episode in seasons.flatMap(\.episodes) {
            var cells = Self.cells(episode, zone: timeZone)
            if let watched {
                let seen = episode.id.map(watched.contains) ?? false
                cells.insert(TextTable.Cell(seen ? "✓" : " ", style: seen ? .green : []), at: 1)
            }
            table.addRow(cells)
        }
        let rows = table.lines(width: max(1, width - rowIndent.count), styler: styler).dropFirst()
        let numberWidth = seasons.flatMap(\.episodes).map { DisplayWidth.width(of: Self.number($0)) }.max() ?? 0
        let summaryIndent = String(repeating: " ", count: min(rowIndent.count + numberWidth + 2, width / 2))
        var row = rows.startIndex
        for season in seasons {
            if lines.last?.isEmpty == false { lines.append("") }
            lines += TextWrap.wrap(Self.heading(season, zone: timeZone), width: width).map {
                styler.apply(.bold, to: $0)
            }
            for episode in season.episodes {
                lines.append(rowIndent + rows[row])
                row += 1
                guard showsSummaries, let html = episode.summary else { continue }
                let summary = TextWrap.wrap(
                    HTMLText.plainText(fromHTML: html),
                    width: min(width, summaryIndent.count + maxSummaryWidth),
                    indent: summaryIndent
                )
                if !summary.isEmpty { lines += summary + [""] }
            }
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Renders the view as text, each line ending with `"\n"`.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns.
    ///   - styler: Styles the title and headings, or nothing when colour is off.
    /// - Returns: The rendered view.
    public func render(width: Int, styler: Styler) -> String {
        lines(width: width, styler: styler).map { $0 + "\n" }.joined()
    }

    /// The heading of a season: `Season 2 · 10 episodes · 2015-04-12 – 2015-06-14`, the first and last of the
    /// dates its rows show.
    ///
    /// - Parameters:
    ///   - season: The season block.
    ///   - zone: The zone the rows' air times are in (``AirTime``).
    /// - Returns: The heading's plain text.
    public static func heading(_ season: Season, zone: TimeZone = .gmt) -> String {
        var parts = [season.number.map { "Season \($0)" } ?? "No season"]
        let regular = season.episodes.filter { $0.number != nil }.count
        let specials = season.episodes.count - regular
        var counts: [String] = []
        if regular > 0 || specials == 0 {
            if let order = season.episodeOrder, order != regular, order > 0 {
                counts.append("\(regular) of \(order) episodes")
            } else {
                counts.append(plural(regular, "episode"))
            }
        }
        if specials > 0 { counts.append(plural(specials, "special")) }
        parts.append(counts.joined(separator: ", "))
        let dates = season.episodes.map { clean(String(AirTime.text($0, zone: zone).prefix(10))) }
            .filter { !$0.isEmpty }.sorted()
        if let first = dates.first, let last = dates.last {
            parts.append(first == last ? first : "\(first) – \(last)")
        }
        return parts.joined(separator: " · ")
    }

    private func titleLines(width: Int, styler: Styler) -> [String] {
        let title = TextWrap.wrap(Self.clean(showName), width: width)
        guard !title.isEmpty else { return [] }
        let ruleWidth = min(width, title.map { DisplayWidth.width(of: $0) }.max() ?? 0)
        return title.map { styler.apply(.bold, to: $0) } + [String(repeating: "═", count: ruleWidth)]
    }

    private static func cells(_ episode: Episode, zone: TimeZone) -> [TextTable.Cell] {
        let title = clean(episode.name ?? "")
        return [
            TextTable.Cell(number(episode), style: episode.number == nil ? .dim : []),
            TextTable.Cell(title.isEmpty ? "TBA" : title),
            TextTable.Cell(clean(AirTime.text(episode, zone: zone))),
            TextTable.Cell(episode.runtime.map { "\($0) min" } ?? ""),
        ]
    }

    /// The number column: the episode number, or `SP` for a special.
    private static func number(_ episode: Episode) -> String {
        episode.number.map(String.init) ?? "SP"
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The text on one line, without control characters or surrounding whitespace.
    private static func clean(_ text: String) -> String {
        HTMLText.terminalSafe(text, keepingNewlines: false).split(separator: " ").joined(separator: " ")
    }
}
