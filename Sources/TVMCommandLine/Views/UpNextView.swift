import Foundation
import TVMRecords
import TVMTerminal

/// `tvm-fav next` on a terminal: show, episode code, title, air time (in the user's zone), and progress as
/// `7/10` with a small bar.
public struct UpNextView: TerminalView {
    /// The zone air times are shown in.
    public var timeZone: TimeZone

    /// Creates the view.
    ///
    /// - Parameter timeZone: The user's zone (`TZ`) by default.
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// A table needs every row.
    public var rendersEachRecord: Bool { false }

    /// Renders one row per show.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: [
            .init("SHOW", flexible: true), .init("EPISODE"), .init("TITLE", flexible: true), .init("AIRED"),
            .init("PROGRESS"),
        ])
        for record in records {
            let episode = (try? Episode(json: record)) ?? Episode()
            let show = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "show", "name"], in: record))?.flatMap(
                RawJSON.string)
            let progress = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "progress"], in: record)) ?? nil
            func count(_ key: String) -> Int {
                progress.flatMap { try? RawJSON.value(forKey: key, in: $0) }?.flatMap { RawJSON.integer($0) } ?? 0
            }
            let hasEpisode = episode.id != nil
            table.addRow([
                TextTable.Cell(HTMLText.terminalSafe(show ?? "", keepingNewlines: false)),
                TextTable.Cell(hasEpisode ? Cells.episodeCode(episode) : "—"),
                TextTable.Cell(HTMLText.terminalSafe(episode.name ?? "", keepingNewlines: false)),
                TextTable.Cell(hasEpisode ? AirTime.text(episode, zone: timeZone) : ""),
                TextTable.Cell(Self.progress(watched: count("watched"), aired: count("aired"))),
            ])
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }

    /// `7/10 ███████░░░`: watched of aired, and a bar of `width` cells.
    ///
    /// - Parameters:
    ///   - watched: Watched episodes.
    ///   - aired: Aired episodes.
    ///   - width: The bar's cells.
    /// - Returns: The cell's text.
    public static func progress(watched: Int, aired: Int, width: Int = 10) -> String {
        let filled = aired > 0 ? min(width, (watched * width + aired / 2) / aired) : 0
        return "\(watched)/\(aired) " + String(repeating: "█", count: filled)
            + String(repeating: "░", count: width - filled)
    }
}
