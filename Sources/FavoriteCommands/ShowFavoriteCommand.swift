import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fav show`: a saved show's detail view, offline.
struct ShowFavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a favorite's saved record: the detail view of tvm-fetch show, offline.",
        discussion: """
            The record comes from the local database, never from the network. On a terminal it is shown as \
            tvm-fetch show shows it: title, status, dates, genres, network, schedule, rating, the summary as \
            plain text, the IMDb page and the poster URL. --open imdb (or tvmaze) opens the page in the browser, offline \
            too; with no browser to start, a warning prints the URL and the exit status stays 0. Elsewhere the saved record is printed as one JSON \
            line. A show may be named instead of numbered (tvm-fav show outlander), as tvm-fav rm takes names. An \
            id that is not a favorite is reported and the exit status is 1.

            Examples:
              tvm-fav show 1
              tvm-fav show 1 --jq .externals.imdb
              tvm-fav show girls --open imdb
            """
    )

    @Argument(
        help: ArgumentHelp("The show's id or name (several may be given).", valueName: "id-or-name"),
        completion: .candidates(FavoriteCompletion.candidates)
    )
    var shows: [ShowArgument]

    @Option(
        help: ArgumentHelp(
            "Open the show's page in the browser ($BROWSER or xdg-open); with no browser to start, print its URL.",
            valueName: "imdb|tvmaze"))
    var open: ShowPage?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ShowArgument.checkIDs(shows.compactMap(\.id))
    }

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let reader = try await access.openForReading()
            let ids = try await FavoriteNames.ids(for: shows, store: reader, runtime: runtime)
            guard let database = reader else {
                ids.forEach(access.reportNotFavorite)
                return
            }
            let out = try await runtime.makeOutput(
                view: ShowDetailTerminalView(now: try runtime.now(), zone: runtime.viewerZone))
            for id in ids {
                guard let favorite = try await database.favorite(id: id) else {
                    access.reportNotFavorite(id)
                    continue
                }
                try await out.emit(favorite.recordBytes)
                if let open { try open.open(record: favorite.recordBytes, runtime: runtime) }
            }
            try await out.finish()
        }
    }
}
