import Foundation
import TVMCommandLine
import TVMRecords
import TVMTerminal

/// A `{"id":…,"updated":…}` line from `tvm-fetch updates`.
struct ShowUpdate: TVMazeModel {
    /// The show id.
    var id: Int?
    /// When the show last changed, as a Unix timestamp.
    var updated: Int?
}

extension Views {
    /// Schedule items: air time, show, episode code, title, network.
    static let schedule = TableView<Episode>(
        columns: [
            .init("AIRTIME", priority: .essential), .init("SHOW", flexible: true),
            .init("EPISODE", priority: .essential), .init("TITLE", flexible: true),
            .init("NETWORK", flexible: true, priority: .low),
        ],
        row: { episode in
            let show = episode.scheduledShow
            return [
                "\(episode.airtime ?? "")", "\(show?.name ?? "")", "\(Cells.episodeCode(episode))",
                "\(episode.name ?? "")", "\(Cells.channel(show))",
            ]
        }
    )

    /// Updates: show id and the time of its last change, in UTC.
    static let updates = TableView<ShowUpdate>(
        columns: [.init("ID", alignment: .right, priority: .essential), .init("UPDATED (UTC)", priority: .essential)],
        row: { update in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [
                .withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime,
            ]
            let time = update.updated.map { formatter.string(from: Date(timeIntervalSince1970: Double($0))) } ?? ""
            return ["\(Cells.number(update.id))", "\(time)"]
        }
    )
}
