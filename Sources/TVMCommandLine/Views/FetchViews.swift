import Foundation
import TVMRecords
import TVMTerminal
import TVMText

/// The terminal tables of the record kinds tvm prints.
package enum Views {
    /// Shows: id, name, status, premiered, network, genres, rating.
    package static let shows = TableView<Show>(
        columns: [
            .init("ID", alignment: .right, priority: .essential), .init("NAME", flexible: true),
            .init("STATUS", priority: .low), .init("PREMIERED", priority: .essential),
            .init("NETWORK", flexible: true, priority: .low), .init("GENRES", flexible: true, priority: .low),
            .init("RATING", alignment: .right, priority: .essential),
        ],
        row: { show in
            [
                "\(Cells.number(show.id))", "\(show.name ?? "")", "\(show.status ?? "")", "\(show.premiered ?? "")",
                "\(Cells.channel(show))", "\((show.genres ?? []).joined(separator: ", "))",
                "\(Cells.rating(show.rating))",
            ]
        }
    )

    /// Seasons: number, name, episodes, premiere, end, network.
    package static let seasons = TableView<Season>(
        columns: [
            .init("SEASON", alignment: .right, priority: .essential), .init("NAME", flexible: true),
            .init("EPISODES", alignment: .right, priority: .essential), .init("PREMIERE", priority: .essential),
            .init("END", priority: .essential), .init("NETWORK", flexible: true, priority: .low),
        ],
        row: { season in
            [
                "\(Cells.number(season.number))", "\(season.name ?? "")", "\(Cells.number(season.episodeOrder))",
                "\(season.premiereDate ?? "")", "\(season.endDate ?? "")",
                "\(season.network?.name ?? season.webChannel?.name ?? "")",
            ]
        }
    )

    /// Cast credits: person, character, and whether the person plays themselves or a voice.
    package static let cast = TableView<CastMember>(
        columns: [
            .init("PERSON", flexible: true), .init("CHARACTER", flexible: true), .init("NOTE", priority: .low),
        ],
        row: { member in
            let note = [member.isSelf == true ? "self" : nil, member.isVoice == true ? "voice" : nil].compactMap { $0 }
            return [
                "\(member.person?.name ?? "")", "\(member.character?.name ?? "")", "\(note.joined(separator: ", "))",
            ]
        }
    )

    /// Crew credits: role and person.
    package static let crew = TableView<CrewMember>(
        columns: [.init("ROLE", flexible: true), .init("PERSON", flexible: true)],
        row: { member in ["\(member.type ?? "")", "\(member.person?.name ?? "")"] }
    )
}

/// One show per record, as the detail view: title, facts, summary, IMDb page, poster.
package struct ShowDetailTerminalView: TerminalView {
    /// The time of the run, for the schedule's zones (``ScheduleText``).
    package var now: Date
    /// The viewer's zone, for the schedule's time "here".
    package var zone: ViewerZone

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - now: The time of the run (`ToolRuntime.now()`, which honours `TVM_NOW`).
    ///   - zone: The viewer's zone (`ToolRuntime.viewerZone`).
    package init(now: Date, zone: ViewerZone) {
        self.now = now
        self.zone = zone
    }

    /// Each show is printed as soon as it arrives.
    package var rendersEachRecord: Bool { true }

    /// As CSV or TSV, shows are rows of the shows table.
    package var table: (any TabularView)? { Views.shows }

    /// Renders each record's detail view, separated by blank lines.
    package func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        records.map { record in
            let show = (try? Show(json: record)) ?? Show()
            let styler = Styler(isEnabled: color)
            return ShowDetailView(ShowDetail(show: show), now: now, viewerZone: zone.timeZone)
                .render(width: width, styler: styler)
                + Self.embeds(of: show, width: width, styler: styler, zone: zone.timeZone)
        }.joined(separator: "\n")
    }

    /// What `--embed` brought, each under its heading: the next and previous episode, the seasons, the cast, the
    /// crew, and the episodes by season.
    static func embeds(of show: Show, width: Int, styler: Styler, zone: TimeZone) -> String {
        guard let embedded = show.embedded else { return "" }
        var sections: [String] = []
        func section(_ title: String, _ body: String) {
            guard !body.isEmpty else { return }
            sections.append(styler.apply(.bold, to: title) + "\n" + body)
        }
        func table<Model>(_ view: TableView<Model>, _ models: [Model]?) -> String {
            guard let models, !models.isEmpty else { return "" }
            return TextTable(columns: view.columns, rows: models.map(view.row)).render(width: width, styler: styler)
        }
        func episodeLine(_ episode: Episode?) -> String {
            guard let episode else { return "" }
            let when = [episode.airdate, episode.airtime].compactMap { $0 }.filter { !$0.isEmpty }
            let line = ([Cells.episodeCode(episode), episode.name ?? ""] + when).filter { !$0.isEmpty }
            return DisplayWidth.truncate(
                HTMLText.terminalSafe(line.joined(separator: "  "), keepingNewlines: false), toWidth: width) + "\n"
        }
        section("Next episode", episodeLine(embedded.nextEpisode))
        section("Previous episode", episodeLine(embedded.previousEpisode))
        section("Seasons", table(Views.seasons, embedded.seasons))
        section("Cast", table(Views.cast, embedded.cast))
        section("Crew", table(Views.crew, embedded.crew))
        if let episodes = embedded.episodes, !episodes.isEmpty {
            var seasons: [EpisodeListView.Season] = []
            for episode in episodes {
                if let index = seasons.firstIndex(where: { $0.number == episode.season }) {
                    seasons[index].episodes.append(episode)
                } else {
                    seasons.append(EpisodeListView.Season(number: episode.season, episodes: [episode]))
                }
            }
            let list = EpisodeListView(showName: "Episodes", seasons: seasons, timeZone: zone)
                .render(width: width, styler: styler)
            sections.append(list)
        }
        return sections.map { "\n" + $0 }.joined()
    }
}

extension ShowDetail {
    /// Maps a decoded show onto the detail view's fields.
    ///
    /// - Parameters:
    ///   - extraFields: Extra "label: value" lines.
    package init(show: Show, extraFields: [Field] = []) {
        self.init(
            name: show.name ?? "(untitled)",
            status: show.status,
            premiered: show.premiered,
            ended: show.ended,
            genres: show.genres ?? [],
            network: show.network.flatMap { network in
                network.name.map { Channel(name: $0, countryCode: network.country?.code) }
            },
            webChannel: show.webChannel.flatMap { channel in
                channel.name.map { Channel(name: $0, countryCode: channel.country?.code) }
            },
            scheduleDays: show.schedule?.days ?? [],
            scheduleTime: show.schedule?.time,
            scheduleZone: show.network?.country?.timezone ?? show.webChannel?.country?.timezone,
            rating: show.rating?.average,
            runtime: show.runtime ?? show.averageRuntime,
            language: show.language,
            summaryHTML: show.summary,
            imdbID: show.externals?.imdb,
            url: show.url,
            posterOriginalURL: show.image?.original,
            extraFields: extraFields
        )
    }
}
