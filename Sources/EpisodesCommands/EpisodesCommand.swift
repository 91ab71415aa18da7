import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMTerminal
import TVMazeAPI

/// `tvm-episodes`: a show's episodes, one per line, grouped by season on a terminal.
struct EpisodesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-episodes",
        abstract: "Print the episodes of TV shows, one per line, or grouped by season.",
        discussion: """
            Each line is a TVMaze episode object exactly as TVMaze sent it, compact, with the show it belongs \
            to added as "_tvm":{"show":{"id":…,"name":…}}, so a stream that covers many shows still says \
            which show each episode is from. Episodes come in TVMaze's order (by air date).

            A show may be given by a favorite's name instead of its id (tvm-episodes outlander): without regard \
            to case or accents, as tvm-fav rm takes names; when several favorites match, the terminal is asked \
            which, and a script gets exit 64 and the candidates.

            With no ID arguments, shows are read from stdin, one per line, in the forms tvm-fetch show \
            accepts: a show record (tvm-fav list, tvm-fetch shows), a search result {"score":…,"show":{…}}, \
            or a bare id. When the line names the show, that name is used and only the episode list is \
            fetched; otherwise the show and its episodes come in one request (embed=episodes). A malformed \
            line is reported with its line number and skipped (exit 65 at the end); a show TVMaze does not \
            know is reported and skipped (exit 1 at the end). When --season or --since leaves no episode of any \
            show, each show is named with the seasons it has, and the exit status is 1.

            --group prints one line per season instead: \
            {"show":{"id":…,"name":…},"season":N,"episodes":[…],"info":{…}}, where "episodes" holds the \
            season's episode objects untouched and "info" is the season's record from /shows/{id}/seasons \
            (premiereDate, endDate, episodeOrder, …), left out when TVMaze has none for that season.

            --next prints, for each show, the next episode to air (embed=nextepisode). A show with none \
            announced is skipped; when stderr is a terminal a note says so.

            --upcoming prints the episodes airing from now to --days N days ahead (7 by default), of every show \
            given, merged and ordered by air time: tvm-fav list | tvm-episodes --upcoming --days 14 is the week \
            ahead. An episode airs at its "airstamp" (else at the start of its "airdate", UTC).

            When a favorites database exists (tvm-fav), each episode also gets "_tvm":{"watched":…}: the time \
            it was marked watched (tvm-fav watch), or null; --watched and --unwatched keep only those. On a terminal, a watched episode \
            has a ✓ after its number. When \
            neither the network nor the HTTP cache can answer (--offline, an unreachable host), a favorite's \
            episodes come from the favorites database, which keeps them (a note says how many shows did).

            --format ics writes an RFC 5545 calendar instead of records: one event per episode, in UTC from \
            its airstamp (an all-day event when the air time is unknown), lasting its runtime (else the show's \
            averageRuntime, else 30 minutes), with a UID made from the TVMaze episode id, so importing the \
            calendar again updates events rather than duplicating them.

            On a terminal, air times are shown in your time zone (TZ), from "airstamp"; the date alone when \
            the time is unknown. TZ may be a zone name, :ZONE, a zoneinfo path or a POSIX rule (JST-9); the \
            daylight-saving part of a POSIX rule is not followed, and a warning says which offset is used. JSON keeps TVMaze's fields as they are. TVM_NOW (an ISO 8601 time) sets the \
            clock --upcoming counts from; it is a testing aid.

            --since keeps episodes whose "airstamp" (an instant, compared in UTC) falls on or after the start \
            of that day in UTC; episodes without an airstamp are left out. Specials (--specials) have \
            "number": null.

            On a terminal (or with --format table) each show gets a heading, each season a heading such as \
            "Season 2 · 10 episodes · 2015-04-12 – 2015-06-14", then a row per episode: number (SP for a \
            special), title, air date, runtime. --summary adds each episode's summary as wrapped plain text.

            Examples:
              tvm-episodes 1
              tvm-episodes 1 --season 2 --season 3
              tvm-fav list | tvm-episodes --next
              tvm-search girls | head -1 | tvm-episodes --summary
              tvm-episodes 43 --specials --jq 'select(.number == null) | .name'
              tvm-episodes 1 --group --jq '"\\(.season): \\(.info.premiereDate)"'
              tvm-fav list | tvm-episodes --since 2024-01-01 --jq ._tvm.show.name | uniq -c
              tvm-fav list | tvm-episodes --upcoming --days 14
              tvm-fav list | tvm-episodes --upcoming --format ics > week.ics
              tvm-episodes 1 --unwatched --offline

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current
    )

    @Argument(
        help: ArgumentHelp(
            "Show ids, or favorites' names; read from stdin when none are given.", valueName: "id-or-name"))
    var shows: [ShowArgument] = []

    @Option(
        name: .customLong("season"),
        help: ArgumentHelp("Keep only this season (repeat for several).", valueName: "n")
    )
    var seasons: [Int] = []

    @Flag(help: "Include specials (their \"number\" is null).")
    var specials = false

    @Flag(help: "Print one line per season: {\"show\",\"season\",\"episodes\":[…],\"info\"}.")
    var group = false

    @Flag(help: "Print the next episode to air for each show.")
    var next = false

    @Option(
        help: ArgumentHelp("Keep only episodes whose airstamp is on or after this day (UTC).", valueName: "YYYY-MM-DD")
    )
    var since: String?

    @Flag(help: "Print the episodes airing from now to --days ahead, of all the shows, ordered by air time.")
    var upcoming = false

    @Option(help: ArgumentHelp("With --upcoming: how many days ahead (default 7).", valueName: "n"))
    var days: Int?

    @Flag(help: "Keep only episodes marked watched in the favorites database.")
    var watched = false

    @Flag(help: "Keep only episodes not marked watched.")
    var unwatched = false

    @Flag(help: "On a terminal, print each episode's summary under its row.")
    var summary = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var batch: BatchOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ShowArgument.checkIDs(shows.compactMap(\.id))
        for season in seasons where season <= 0 {
            throw ValidationError("--season takes a positive season number, not \(season)")
        }
        if let since { try ArgumentCheck.calendarDay(since, option: "--since") }
        if let days, !(1...3660).contains(days) {
            throw ValidationError("--days takes a number of days from 1 to 3660, not \(days)")
        }
        if days != nil && !upcoming { throw ValidationError("--days goes with --upcoming") }
        if watched && unwatched { throw ValidationError("give --watched or --unwatched, not both") }
        if upcoming {
            let others = [(group, "--group"), (next, "--next"), (since != nil, "--since")].filter(\.0).map(\.1)
            if !others.isEmpty {
                throw ValidationError("--upcoming cannot be combined with \(others.joined(separator: ", "))")
            }
        }
        if group && output.format == .ics {
            throw ValidationError("--group prints seasons, which a calendar cannot hold: leave out --format ics")
        }
        if next {
            let others = [
                (group, "--group"), (specials, "--specials"), (!seasons.isEmpty, "--season"), (since != nil, "--since"),
            ].filter(\.0).map(\.1)
            if !others.isEmpty {
                throw ValidationError(
                    "--next prints one episode per show and cannot be combined with \(others.joined(separator: ", "))")
            }
        }
    }

    /// `--season 2, 3 and --since 2024-01-01`, as the messages quote the filter; `nil` without one.
    private var filterWords: String? {
        var words: [String] = []
        if !seasons.isEmpty { words.append("--season " + seasons.map(String.init).joined(separator: ", ")) }
        if let since { words.append("--since \(since)") }
        return words.isEmpty ? nil : words.joined(separator: " and ")
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-episodes", output: output)
        try await runtime.run {
            let now = try runtime.now()
            let ledger = try BatchLedger(runtime: runtime, options: batch)
            let destination: EpisodePrinter.Destination
            let calendarName = upcoming ? "tvm: upcoming episodes" : (next ? "tvm: next episodes" : "tvm: episodes")
            if let calendar = try CalendarOutput.ifAsked(by: runtime, name: calendarName, now: now) {
                destination = .calendar(calendar)
            } else {
                let view: any TerminalView =
                    upcoming
                    ? EpisodeTableView(.upcoming, zone: runtime.viewerZone)
                    : EpisodesTerminalView(showsSummaries: summary, zone: runtime.viewerZone)
                destination = .records(try await runtime.makeOutput(view: view))
            }
            let mode: EpisodePrinter.Mode =
                upcoming ? .upcoming(seconds: (days ?? 7) * 86_400) : next ? .next : (group ? .seasons : .episodes)
            let tracking = await EpisodeTracking(runtime: runtime, options: store)
            let named = try await FavoriteNames.shows(for: shows, store: tracking.store, runtime: runtime)
            let printer = EpisodePrinter(
                loader: EpisodeLoader(client: try runtime.makeClient(network, skipsUnreachableHosts: true)),
                destination: destination,
                runtime: runtime,
                mode: mode,
                filter: EpisodeFilter(seasons: seasons, since: since.flatMap(Airstamp.startOfDay)),
                specials: specials,
                ledger: ledger,
                misses: filterWords.map(FilterMisses.init),
                tracking: tracking,
                watched: watched ? true : (unwatched ? false : nil),
                now: Int(now.timeIntervalSince1970.rounded(.down))
            )
            if shows.isEmpty {
                try await StdinShowIDs.forEachShow(runtime: runtime, command: "tvm-episodes") { show, number, line in
                    try await printer.print(
                        showID: show.id, knownName: show.name, averageRuntime: show.averageRuntime, line: number,
                        input: line)
                }
            } else {
                for show in named {
                    try await printer.print(
                        showID: show.id, knownName: show.name, averageRuntime: nil, line: nil,
                        input: Array(String(show.id).utf8))
                }
            }
            try await printer.finish()
            printer.misses?.finish(runtime: runtime)
            ledger.finish()
        }
    }
}
