import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav watched`: the watched marks, as JSON Lines that `tvm-fav watch` reads back.
package struct WatchedCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "watched",
        abstract: "List the watched marks as JSON Lines, oldest first; tvm-fav watch reads them back.",
        discussion: """
            Each line is {"episode":ID,"show":ID,"watched_at":"2024-03-01T20:00:00.000Z"}. Marks stay when \
            TVMaze removes an episode or a show stops being a favorite, so this is the whole history. To move it \
            to another machine: tvm-fav watched > history.jsonl there, tvm-fav watch < history.jsonl here.

            Examples:
              tvm-fav watched
              tvm-fav watched --show 1 --jq .episode
            """
    )

    @Option(help: ArgumentHelp("Only this show's marks.", valueName: "id"))
    package var show: Int?

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            guard let reader = try await access.openForReading() else { return }
            let out = try await access.runtime.makeOutput(view: nil)
            for mark in try await reader.marks(showID: show) { try await out.emit(mark.json) }
            try await out.finish()
        }
    }
}
