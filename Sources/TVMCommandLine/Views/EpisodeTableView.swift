import Foundation
import TVMRecords
import TVMTerminal
import TVMText

/// A table of episodes from several shows, with air times in the user's time zone (``AirTime``).
///
/// Two layouts:
/// - ``Layout/upNext`` (`tvm-fav next`): show, episode, title, air time, and progress as `7/10` with a small bar;
/// - ``Layout/upcoming`` (`tvm-episodes --upcoming`): air time, show, episode, title, runtime.
///
/// On a narrow terminal the title (and runtime) give way first, then the show's name shrinks; the episode code,
/// the air time and the progress stay (`next` shows the air date alone, and progress without its bar, before its
/// name is cut below 12 columns).
package struct EpisodeTableView: TerminalView {
    /// Which columns.
    package enum Layout: Sendable {
        /// `tvm-fav next`.
        case upNext
        /// `tvm-episodes --upcoming`.
        case upcoming
    }

    /// The columns.
    package var layout: Layout
    /// The zone air times are shown in.
    package var zone: ViewerZone

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - layout: Which columns.
    ///   - zone: The viewer's zone (`ToolRuntime.viewerZone`).
    package init(_ layout: Layout, zone: ViewerZone) {
        self.layout = layout
        self.zone = zone
    }

    /// A table needs every row.
    package var rendersEachRecord: Bool { false }

    /// CSV and TSV have the columns of every other list of episodes, and `next` its progress counts.
    package var table: (any TabularView)? { EpisodeRowsView(progress: layout == .upNext) }

    /// Renders one row per record.
    package func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table: TextTable
        switch layout {
        case .upNext:
            table = TextTable(columns: [
                .init("SHOW", flexible: true), .init("EPISODE", priority: .essential),
                .init("TITLE", flexible: true, priority: .low), .init("AIRED", priority: .essential),
                .init("PROGRESS", priority: .essential),
            ])
        case .upcoming:
            table = TextTable(columns: [
                .init("AIRS", priority: .essential), .init("SHOW", flexible: true),
                .init("EPISODE", priority: .essential), .init("TITLE", flexible: true, priority: .low),
                .init("RUNTIME", alignment: .right, priority: .low),
            ])
        }
        let zone = zone.timeZone
        for record in records {
            let episode = (try? Episode(json: record)) ?? Episode()
            let show = Self.safe(
                (try? RawJSON.value(atPath: [RawJSON.tvmKey, "show", "name"], in: record))?.flatMap(
                    RawJSON.string))
            let title = Self.safe(episode.name)
            let airs = AirTime.text(episode, zone: zone)
            switch layout {
            case .upNext:
                let progress = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "progress"], in: record)) ?? nil
                func count(_ key: String) -> Int {
                    progress.flatMap { try? RawJSON.value(forKey: key, in: $0) }?.flatMap { RawJSON.integer($0) } ?? 0
                }
                let hasEpisode = episode.id != nil
                let (watched, aired) = (count("watched"), count("aired"))
                table.addRow([
                    TextTable.Cell(show), TextTable.Cell(hasEpisode ? Cells.episodeCode(episode) : "—"),
                    TextTable.Cell(title),
                    TextTable.Cell(hasEpisode ? airs : "", short: hasEpisode ? String(airs.prefix(10)) : nil),
                    TextTable.Cell(Self.progress(watched: watched, aired: aired), short: "\(watched)/\(aired)"),
                ])
            case .upcoming:
                table.addRow([airs, show, Cells.episodeCode(episode), title, episode.runtime.map { "\($0) min" } ?? ""])
            }
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
    package static func progress(watched: Int, aired: Int, width: Int = 10) -> String {
        let filled = aired > 0 ? min(width, (watched * width + aired / 2) / aired) : 0
        return "\(watched)/\(aired) " + String(repeating: "█", count: filled)
            + String(repeating: "░", count: width - filled)
    }

    private static func safe(_ text: String?) -> String {
        HTMLText.terminalSafe(text ?? "", keepingNewlines: false)
    }
}
