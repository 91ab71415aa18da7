import TVMRecords
import TVMTerminal

/// tvm-episodes on a terminal: a heading per show, then per season, then a row per episode.
///
/// Reads both of the tool's record shapes: episode records labelled with `_tvm.show`, and `--group` records
/// (`{"show":…,"season":N,"episodes":[…],"info":…}`). It renders as records arrive, so the tool hands it one
/// show's records at a time (``RecordOutput/emit(group:)``): a long multi-show stream appears show by show.
package struct EpisodesTerminalView: TerminalView {
    /// Whether each episode's summary follows its row (`--summary`).
    package var showsSummaries: Bool
    /// The zone air times are shown in.
    package var zone: ViewerZone

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - showsSummaries: Whether to print summaries.
    ///   - zone: The viewer's zone (`ToolRuntime.viewerZone`).
    package init(showsSummaries: Bool = false, zone: ViewerZone) {
        self.showsSummaries = showsSummaries
        self.zone = zone
    }

    /// Each group of records (one show) is rendered as it arrives.
    package var rendersEachRecord: Bool { true }

    /// As CSV or TSV, one row per episode.
    package var table: (any TabularView)? { EpisodeRowsView() }

    /// Renders the records, one block per show, separated by empty lines.
    package func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var sections: [(show: ShowLabel?, seasons: [EpisodeListView.Season])] = []
        // With a favorites database every episode record carries _tvm.watched (a time, or null): a ✓ column.
        var watched: Set<Int>?
        for record in records {
            if let mark = try? RawJSON.value(atPath: [RawJSON.tvmKey, "watched"], in: record) {
                if watched == nil { watched = [] }
                if mark != JSONText.null,
                    let id = (try? RawJSON.value(forKey: "id", in: record)).flatMap(RawJSON.integer)
                {
                    watched?.insert(id)
                }
            }
        }
        for record in records {
            let show: ShowLabel?
            let season: EpisodeListView.Season
            if let group = Self.group(in: record) {
                (show, season) = group
            } else {
                let episode = (try? Episode(json: record)) ?? Episode()
                show = Self.label(try? RawJSON.value(atPath: [RawJSON.tvmKey, "show"], in: record))
                season = EpisodeListView.Season(number: episode.season, episodes: [episode])
            }
            if sections.isEmpty || sections[sections.count - 1].show != show {
                sections.append((show, []))
            }
            let last = sections.count - 1
            if let index = sections[last].seasons.firstIndex(where: { $0.number == season.number }) {
                sections[last].seasons[index].episodes += season.episodes
                sections[last].seasons[index].episodeOrder =
                    sections[last].seasons[index].episodeOrder ?? season.episodeOrder
            } else {
                sections[last].seasons.append(season)
            }
        }
        return sections.map { section in
            let name = section.show.map { $0.name ?? "Show \($0.id)" } ?? "Episodes"
            return EpisodeListView(
                showName: name, seasons: section.seasons, showsSummaries: showsSummaries, timeZone: zone.timeZone,
                watched: watched
            )
            .render(width: width, styler: Styler(isEnabled: color))
        }.joined(separator: "\n")
    }

    /// The show and season of a `--group` record, or `nil` for any other record.
    private static func group(in record: [UInt8]) -> (ShowLabel?, EpisodeListView.Season)? {
        guard let list = try? RawJSON.value(forKey: "episodes", in: record), list.first == UInt8(ascii: "["),
            let show = try? RawJSON.value(forKey: "show", in: record)
        else { return nil }
        let episodes = ((try? RawJSON.elements(ofArray: list)) ?? []).map { (try? Episode(json: $0)) ?? Episode() }
        let number = (try? RawJSON.value(forKey: "season", in: record)).flatMap(RawJSON.integer)
        let info = (try? RawJSON.value(forKey: "info", in: record)).flatMap { try? Season(json: $0) }
        return (
            label(show), EpisodeListView.Season(number: number, episodes: episodes, episodeOrder: info?.episodeOrder)
        )
    }

    /// A `{"id":…,"name":…}` label, or `nil` when it has no integer id.
    private static func label(_ raw: [UInt8]?) -> ShowLabel? {
        guard let raw, raw.first == UInt8(ascii: "{"),
            let id = (try? RawJSON.value(forKey: "id", in: raw)).flatMap(RawJSON.integer)
        else { return nil }
        let name = (try? RawJSON.value(forKey: "name", in: raw)).flatMap(RawJSON.string)
        return ShowLabel(id: id, name: name)
    }
}

/// Episodes as rows, for CSV and TSV: show, episode id, season, number, code, air date and time, runtime, title;
/// with `progress` (`tvm-fav next`), then the show's watched, aired and total counts from `_tvm.progress`.
package struct EpisodeRowsView: TabularView {
    /// Whether the rows end with the progress counts.
    package var progress: Bool

    /// Creates the view.
    package init(progress: Bool = false) {
        self.progress = progress
    }

    /// The columns.
    package var columns: [TextTable.Column] {
        Self.episodeColumns + (progress ? Self.progressKeys.map { .init($0.uppercased(), alignment: .right) } : [])
    }

    private static let episodeColumns: [TextTable.Column] = [
        .init("SHOW", flexible: true, priority: .low), .init("ID", alignment: .right, priority: .essential),
        .init("SEASON", alignment: .right, priority: .essential),
        .init("NUMBER", alignment: .right, priority: .essential), .init("EPISODE", priority: .essential),
        .init("AIRDATE", priority: .essential), .init("AIRTIME", priority: .essential),
        .init("RUNTIME", alignment: .right, priority: .low), .init("TITLE", flexible: true),
    ]

    private static let progressKeys = ["watched", "aired", "total"]

    /// The cells of an episode record (labelled with `_tvm.show`); `nil` for a `--group` record or a non-object.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard record.first == UInt8(ascii: "{"), (try? RawJSON.value(forKey: "episodes", in: record)) ?? nil == nil
        else { return nil }
        return episodeCells(of: record)
    }

    /// An episode record's cells, labelled with its `_tvm.show`; `nil` when it is not an episode.
    private func episodeCells(of record: [UInt8]) -> [TextTable.Cell]? {
        let show = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "show", "name"], in: record)).flatMap { $0 }
        guard let cells = Self.cells(of: record, show: show.flatMap(RawJSON.string)) else { return nil }
        guard progress else { return cells }
        return cells
            + Self.progressKeys.map { key in
                let count = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "progress", key], in: record)).flatMap { $0 }
                return .init(Cells.number(count.flatMap(RawJSON.integer)))
            }
    }

    /// An episode record's row; a `--group` record's (`{"show":…,"season":…,"episodes":[…]}`) are its episodes',
    /// each labelled with the group's show.
    package func rows(of record: [UInt8], at index: Int) -> [[TextTable.Cell]] {
        guard record.first == UInt8(ascii: "{"),
            let episodes = (try? RawJSON.value(forKey: "episodes", in: record)) ?? nil
        else { return episodeCells(of: record).map { [$0] } ?? [] }
        let show = (try? RawJSON.value(atPath: ["show", "name"], in: record)).flatMap { $0 }.flatMap(RawJSON.string)
        return ((try? RawJSON.elements(ofArray: episodes)) ?? []).compactMap { Self.cells(of: $0, show: show) }
    }

    private static func cells(of episodeRecord: [UInt8], show: String?) -> [TextTable.Cell]? {
        guard let episode = try? Episode(json: episodeRecord) else { return nil }
        // `tvm-fav next --all`'s line for a show with nothing left holds no episode: its show alone.
        guard episode.id != nil else {
            return [.init(show ?? "")] + Array(repeating: .init(""), count: episodeColumns.count - 1)
        }
        return [
            .init(show ?? ""), .init(Cells.number(episode.id)),
            .init(Cells.number(episode.season)), .init(Cells.number(episode.number)),
            .init(Cells.episodeCode(episode)), .init(episode.airdate ?? ""), .init(episode.airtime ?? ""),
            .init(Cells.number(episode.runtime)), .init(episode.name ?? ""),
        ]
    }
}
