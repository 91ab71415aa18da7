import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav export`: the favorites and their watched marks, for another tracker or another database.
package struct ExportCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the favorites and every watched mark, as CSV or JSON Lines, to import elsewhere.",
        discussion: """
            One line per watched episode, and one for each favorite with nothing watched (season and episode \
            empty): tvmaze_id, thetvdb_id, imdb_id, show, season, episode, airdate, watched_at (empty when the \
            time is not known). --format csv writes the plain CSV that tvm-fav import --from csv, spreadsheets \
            and other trackers read; JSON Lines otherwise, with the same keys. Marks of shows that are no longer \
            favorites, of specials and of episodes no longer stored have no row: a warning counts them (tvm-fav \
            watched lists every mark, and tvm-fav watch reads its lines back).

            Examples:
              tvm-fav export --format csv > history.csv
              tvm-fav export --format csv | tvm-fav import --from csv - --db other.sqlite
              tvm-fav export --jq 'select(.watched_at == null)'
            """
    )

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            guard let reader = try await access.openForReading(listing: true) else { return }
            let out = try await access.runtime.makeOutput(view: ExportTableView())
            let favorites = try await reader.favorites()
            // Every mark read once: the favorites' rows, and the count of those left out.
            let marks = try await reader.marks()
            let marksByShow = Dictionary(grouping: marks, by: \.showID)
            var written = 0
            for favorite in favorites {
                let ids = Self.ids(of: favorite)
                let episodes = Dictionary(
                    try await reader.episodes(showID: favorite.id).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                var rows = 0
                for mark in marksByShow[favorite.id] ?? [] {
                    guard let episode = episodes[mark.episodeID], let season = episode.season,
                        let number = episode.number
                    else { continue }
                    try await out.emit(
                        Self.row(
                            ids, name: favorite.name, season: season, number: number, airdate: episode.airdate,
                            watchedAt: mark.watchedAt))
                    rows += 1
                }
                written += rows
                if rows == 0 {
                    try await out.emit(
                        Self.row(ids, name: favorite.name, season: nil, number: nil, airdate: nil, watchedAt: nil))
                }
            }
            try await out.finish()
            // The plain CSV has no place for them: said, so that a move to another database loses nothing unseen.
            let shows = Set(favorites.map(\.id))
            let formerFavorites = marks.count { !shows.contains($0.showID) }
            let others = marks.count - formerFavorites - written
            if formerFavorites + others > 0 {
                access.runtime.diagnostics.warning(
                    "\(formerFavorites + others) watched marks not exported: \(formerFavorites) of shows no longer "
                        + "favorites, \(others) of specials or episodes no longer stored; tvm-fav watched lists every "
                        + "mark, and tvm-fav watch reads its lines back")
            }
        }
    }

    /// The show's ids as JSON values: TVMaze, TheTVDB, IMDb (`null` when TVMaze has none).
    private static func ids(of favorite: Favorite) -> (tvmaze: Int, thetvdb: [UInt8], imdb: [UInt8]) {
        let record = favorite.recordBytes
        let externals = (try? RawJSON.value(forKey: "externals", in: record)) ?? nil
        let value = { (key: String) -> [UInt8] in
            externals.flatMap { (try? RawJSON.value(forKey: key, in: $0)) ?? nil } ?? Array("null".utf8)
        }
        return (favorite.id, value("thetvdb"), value("imdb"))
    }

    private static func row(
        _ ids: (tvmaze: Int, thetvdb: [UInt8], imdb: [UInt8]), name: String, season: Int?, number: Int?,
        airdate: String?, watchedAt: Date?
    ) -> [UInt8] {
        let null = Array("null".utf8)
        var line = Array(#"{"tvmaze_id":"#.utf8) + JSONText.number(ids.tvmaze)
        line += Array(#","thetvdb_id":"#.utf8) + ids.thetvdb + Array(#","imdb_id":"#.utf8) + ids.imdb
        line += Array(#","show":"#.utf8) + JSONText.string(name)
        line += Array(#","season":"#.utf8) + (season.map { JSONText.number($0) } ?? null)
        line += Array(#","episode":"#.utf8) + (number.map { JSONText.number($0) } ?? null)
        line += Array(#","airdate":"#.utf8) + (airdate.flatMap { $0.isEmpty ? nil : JSONText.string($0) } ?? null)
        line +=
            Array(#","watched_at":"#.utf8)
            + (watchedAt.map { JSONText.string(WatchMark.iso8601($0)) } ?? null) + [UInt8(ascii: "}")]
        return line
    }
}
