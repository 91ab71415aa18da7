import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav watched`: the watched marks, as JSON Lines that `tvm-fav watch` reads back.
package struct WatchedCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "watched",
        abstract:
            "List the watched marks, oldest first: a table on a terminal, JSON Lines for tvm-fav watch to read back.",
        discussion: """
            Each line is {"episode":ID,"show":ID,"watched_at":"2024-03-01T20:00:00.000Z"}. Marks stay when \
            TVMaze removes an episode or a show stops being a favorite, so this is the whole history. To move it \
            to another machine: tvm-fav watched > history.jsonl there, tvm-fav watch < history.jsonl here.

            On a terminal (or with --format table) it is a table: show, episode (S01E02, SP for a special), title \
            and when it was watched, in your time zone (TZ); a mark whose episode is no longer kept shows its ids.

            Examples:
              tvm-fav watched
              tvm-fav watched --show 1 --jq .episode
            """
    )

    @Option(
        help: ArgumentHelp("Only this show's marks, by id or a favorite's name.", valueName: "id-or-name"),
        completion: .candidates(FavoriteCompletion.candidates))
    package var show: ShowArgument?

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            guard let reader = try await access.openForReading(listing: true) else { return }
            let runtime = access.runtime
            var showID: Int?
            if let show {
                guard let id = try await FavoriteNames.ids(for: [show], store: reader, runtime: runtime).first
                else { return }
                showID = id
            }
            let marks = try await reader.marks(showID: showID)
            // The table (a terminal, or --format table, csv or tsv) names the shows and episodes.
            let tabular =
                [.table, .csv, .tsv].contains(output.format)
                || (output.format == .auto && runtime.terminal.stdoutIsTTY)
            let view =
                tabular
                ? WatchedTableView(
                    labels: try await WatchedTableView.labels(of: marks, in: reader), zone: runtime.viewerZone.timeZone)
                : nil
            let out = try await runtime.makeOutput(view: view)
            for mark in marks { try await out.emit(mark.json) }
            try await out.finish()
        }
    }
}
