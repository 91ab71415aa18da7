import Foundation
import TVMRecords
import TVMText

/// Renders the terminal detail view of one TV show.
///
/// ```text
/// Under the Dome
/// ══════════════
///
/// Status:    Ended
/// Premiered: 2013-06-24
/// Genres:    Drama, Science-Fiction, Thriller
/// Network:   CBS (US)
/// Schedule:  Thursdays 22:00 ET (04:00 Fri here)
/// Rating:    6.5/10
/// Runtime:   60 min
/// Language:  English
///
/// Under the Dome is the story of a small town that is suddenly and inexplicably
/// sealed off from the rest of the world by an enormous transparent dome. …
///
/// IMDb:   https://www.imdb.com/title/tt1553656
/// TVmaze: http://www.tvmaze.com/shows/1/under-the-dome
/// Poster: http://static.tvmaze.com/uploads/images/original_untouched/0/1.jpg
/// ```
///
/// The schedule is in the network's zone with the viewer's time beside it (``ScheduleText``). The title is bold
/// and wrapped to the width; "label: value" lines leave out missing values and wrap long values
/// under their value column; the summary is plain text from `HTMLText`, wrapped to the width but at most
/// `maxSummaryWidth` columns; the IMDb line appears only with an IMDb id. URLs are never broken, so a link line
/// can be wider than a very narrow terminal; every other line fits. All text is made terminal-safe.
public struct ShowDetailView: Sendable, Equatable {
    /// The show to display.
    public var detail: ShowDetail
    /// The widest the summary gets on wide terminals, for readability; 100 by default.
    public var maxSummaryWidth: Int
    /// The time of the run, which decides the zones' offsets in the schedule.
    public var now: Date
    /// The viewer's zone, for the schedule's time "here".
    public var viewerZone: TimeZone

    /// Creates a view.
    ///
    /// - Parameters:
    ///   - now: The time of the run (`TVM_NOW` in the tools).
    ///   - viewerZone: The viewer's zone; the process's (`TZ`) by default.
    public init(_ detail: ShowDetail, maxSummaryWidth: Int = 100, now: Date = Date(), viewerZone: TimeZone = .current) {
        self.detail = detail
        self.maxSummaryWidth = maxSummaryWidth
        self.now = now
        self.viewerZone = viewerZone
    }

    /// Renders the view as lines, without newline characters.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns.
    ///   - styler: Styles the title and labels, or nothing when colour is off.
    /// - Returns: The title, fields, summary and links, separated by empty lines.
    public func lines(width: Int, styler: Styler) -> [String] {
        let width = max(1, width)
        let sections = [
            titleLines(width: width, styler: styler),
            labelledLines(fields(), width: width, styler: styler, wrapValues: true),
            summaryLines(width: width),
            labelledLines(links(), width: width, styler: styler, wrapValues: false),
        ]
        return sections.filter { !$0.isEmpty }.joined(separator: [""]).map { $0 }
    }

    /// Renders the view as text, each line ending with `"\n"`.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns.
    ///   - styler: Styles the title and labels, or nothing when colour is off.
    /// - Returns: The rendered view.
    public func render(width: Int, styler: Styler) -> String {
        lines(width: width, styler: styler).map { $0 + "\n" }.joined()
    }

    // MARK: - Sections

    private func titleLines(width: Int, styler: Styler) -> [String] {
        let title = TextWrap.wrap(Self.clean(detail.name), width: width)
        guard !title.isEmpty else { return [] }
        let ruleWidth = min(width, title.map { DisplayWidth.width(of: $0) }.max() ?? 0)
        return title.map { styler.apply(.bold, to: $0) } + [String(repeating: "═", count: ruleWidth)]
    }

    private func summaryLines(width: Int) -> [String] {
        guard let html = detail.summaryHTML else { return [] }
        return TextWrap.wrap(HTMLText.plainText(fromHTML: html), width: min(width, maxSummaryWidth))
    }

    /// The "label: value" pairs that have a value, in display order.
    private func fields() -> [(label: String, value: String)] {
        var fields: [(label: String, value: String)] = [
            ("Status", detail.status ?? ""),
            ("Premiered", detail.premiered ?? ""),
            ("Ended", detail.ended ?? ""),
            ("Genres", detail.genres.map(Self.clean).filter { !$0.isEmpty }.joined(separator: ", ")),
            ("Network", detail.network.map(Self.describe) ?? ""),
            ("Web channel", detail.webChannel.map(Self.describe) ?? ""),
            ("Schedule", schedule()),
            ("Rating", detail.rating.map(Self.describeRating) ?? ""),
            ("Runtime", detail.runtime.map { "\($0) min" } ?? ""),
            ("Language", detail.language ?? ""),
        ]
        fields += detail.extraFields.map { ($0.label, $0.value) }
        return fields.map { (Self.clean($0.label), Self.clean($0.value)) }.filter { !$0.value.isEmpty }
    }

    private func links() -> [(label: String, value: String)] {
        var links: [(label: String, value: String)] = []
        let imdbID = Self.clean(detail.imdbID ?? "")
        if !imdbID.isEmpty {
            links.append(("IMDb", "https://www.imdb.com/title/\(imdbID)"))
        }
        links.append(("TVmaze", Self.clean(detail.url ?? "")))
        links.append(("Poster", Self.clean(detail.posterOriginalURL ?? "")))
        return links.filter { !$0.value.isEmpty }
    }

    /// Aligned "label: value" lines; values wider than their column wrap under it when `wrapValues` is set.
    ///
    /// When fewer than 10 columns would be left for values, each label gets a line of its own and the value
    /// follows, indented by two spaces.
    private func labelledLines(
        _ pairs: [(label: String, value: String)],
        width: Int,
        styler: Styler,
        wrapValues: Bool
    ) -> [String] {
        guard !pairs.isEmpty else { return [] }
        let labelColumn = (pairs.map { DisplayWidth.width(of: $0.label) }.max() ?? 0) + 2
        let valueWidth = width - labelColumn
        var lines: [String] = []
        for (label, value) in pairs {
            let styledLabel = styler.apply(.bold, to: label + ":")
            if valueWidth < 10 {
                lines.append(styledLabel)
                lines += wrapValues ? TextWrap.wrap(value, width: width, indent: "  ") : ["  " + value]
                continue
            }
            let valueLines = wrapValues ? TextWrap.wrap(value, width: valueWidth) : [value]
            let padding = String(repeating: " ", count: labelColumn - DisplayWidth.width(of: label) - 1)
            lines.append(styledLabel + padding + valueLines[0])
            let indent = String(repeating: " ", count: labelColumn)
            lines += valueLines.dropFirst().map { indent + $0 }
        }
        return lines
    }

    // MARK: - Formatting

    /// The text on one line, without control characters or surrounding whitespace.
    private static func clean(_ text: String) -> String {
        HTMLText.terminalSafe(text, keepingNewlines: false).split(separator: " ").joined(separator: " ")
    }

    private static func describe(_ channel: ShowDetail.Channel) -> String {
        let name = clean(channel.name)
        let country = clean(channel.countryCode ?? "")
        guard !name.isEmpty else { return "" }
        return country.isEmpty ? name : "\(name) (\(country))"
    }

    /// "Sundays 20:00 ET (02:00 Mon here)", "Weekdays 09:00 UTC+1", "Every day", or "22:00 (time zone not given)".
    private func schedule() -> String {
        let zone = detail.scheduleZone.map(Self.clean).flatMap { TimeZone(identifier: $0) }
        return ScheduleText.describe(
            days: detail.scheduleDays.map(Self.clean).filter { !$0.isEmpty },
            time: Self.clean(detail.scheduleTime ?? ""),
            zone: zone, viewer: viewerZone, now: now)
    }

    /// "6.5/10", with one decimal, independent of the locale; empty for a value that is not a rating.
    static func describeRating(_ rating: Double) -> String {
        guard rating.isFinite, rating >= 0, rating <= 1000 else { return "" }
        let scaled = rating * 10
        var tenths = Int(scaled)
        if scaled - Double(tenths) >= 0.5 {
            tenths += 1
        }
        return "\(tenths / 10).\(tenths % 10)/10"
    }
}
