import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText

/// `tvm-fav watched` on a terminal: show, episode code, title, and when it was watched, in your time zone.
///
/// A mark line holds ids only; the names come from the episodes and favorites the database keeps, read before
/// the table is drawn. A mark whose episode is no longer kept shows its ids.
struct WatchedTableView: TabularView {
    /// What a row shows of an episode.
    struct Label: Sendable {
        var show: String
        var code: String
        var title: String
    }

    /// The kept episodes' labels, by episode id.
    var labels: [Int: Label]
    /// The zone the times are shown in.
    var zone: TimeZone

    var columns: [TextTable.Column] {
        [
            .init("SHOW", flexible: true), .init("EPISODE", priority: .essential), .init("TITLE", flexible: true),
            .init("WATCHED", priority: .essential),
        ]
    }

    func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        func value(_ key: String) -> [UInt8]? { (try? RawJSON.value(forKey: key, in: record)) ?? nil }
        let episode = value("episode").flatMap { RawJSON.integer($0) }
        let show = value("show").flatMap { RawJSON.integer($0) }
        let watched = value("watched_at").flatMap(RawJSON.string)
        let label = episode.flatMap { labels[$0] }
        let when = watched.map {
            AirTime.text(airstamp: $0, airdate: String($0.prefix(10)), airtime: $0, zone: zone)
        }
        return [
            TextTable.Cell(label?.show ?? show.map { "show \($0)" } ?? ""), TextTable.Cell(label?.code ?? "—"),
            TextTable.Cell(label?.title ?? episode.map { "episode \($0)" } ?? ""), TextTable.Cell(when ?? "—"),
        ]
    }

    /// The labels of the marks' episodes, from the database.
    ///
    /// - Throws: `StoreError` when the episodes or favorites cannot be read.
    static func labels(of marks: [WatchMark], in store: FavoritesStore) async throws -> [Int: Label] {
        let episodes = try await store.episodes(ids: marks.map(\.episodeID))
        let shows = try await store.favorites(ids: Array(Set(marks.map(\.showID))))
        let names = Dictionary(shows.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var labels: [Int: Label] = [:]
        for (id, episode) in episodes {
            let code = episode.season.map { EpisodeCode(season: $0, number: episode.number ?? 0).text } ?? "—"
            labels[id] = Label(
                show: HTMLText.terminalSafe(names[episode.showID] ?? "show \(episode.showID)", keepingNewlines: false),
                code: episode.number == nil ? "SP" : code,
                title: HTMLText.terminalSafe(episode.name ?? "", keepingNewlines: false))
        }
        return labels
    }
}
