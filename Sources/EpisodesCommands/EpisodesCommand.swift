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

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current
    )

    @Argument(help: ArgumentHelp("Show ids; read from stdin when none are given.", valueName: "id"))
    var ids: [Int] = []

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

    @Flag(help: "On a terminal, print each episode's summary under its row.")
    var summary = false

    @OptionGroup var network: NetworkOptions
    @OptionGroup var batch: BatchOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        for id in ids where id <= 0 {
            throw ValidationError("show ids are positive integers, not \(id)")
        }
        for season in seasons where season <= 0 {
            throw ValidationError("--season takes a positive season number, not \(season)")
        }
        if let since { try ArgumentCheck.calendarDay(since, option: "--since") }
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
            let ledger = try BatchLedger(runtime: runtime, options: batch)
            let printer = EpisodePrinter(
                loader: EpisodeLoader(client: try runtime.makeClient(network, skipsUnreachableHosts: true)),
                output: try await runtime.makeOutput(view: EpisodesTerminalView(showsSummaries: summary)),
                runtime: runtime,
                mode: next ? .next : (group ? .seasons : .episodes),
                filter: EpisodeFilter(seasons: seasons, since: since.flatMap(Airstamp.startOfDay)),
                specials: specials,
                ledger: ledger,
                misses: filterWords.map(FilterMisses.init)
            )
            if ids.isEmpty {
                try await StdinShowIDs.forEach(runtime: runtime, command: "tvm-episodes") { id, number, line in
                    try await printer.print(
                        showID: id, knownName: ShowReference.showName(fromLine: line), line: number, input: line)
                }
            } else {
                for id in ids {
                    try await printer.print(showID: id, knownName: nil, line: nil, input: Array(String(id).utf8))
                }
            }
            try await printer.output.finish()
            printer.misses?.finish(runtime: runtime)
            ledger.finish()
        }
    }
}
