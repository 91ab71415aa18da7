import ArgumentParser
import TVMCommandLine

/// `tvm-fav pull`: bring TVMaze's marks and follows in.
package struct PullCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Bring the watched marks (and, with Premium, followed shows) of your TVMaze account in.",
        discussion: """
            Without Premium: one request per favorite (GET /v1/scrobble/shows/ID). With Premium: every mark in \
            one request (GET /v1/user/episodes) and the followed shows in another (GET \
            /v1/user/follows/shows?embed=show); followed shows that are not favorites become favorites, with \
            their episodes.

            Marks are merged: a mark on either side is kept, and the earlier time wins. Acquired and skipped marks \
            are kept apart and printed with "_tvm":{"mark":"skipped",…}; they never count as watched. Nothing \
            local is deleted, and an episode unmarked here whose unmark is not sent yet is not marked again. \
            The marks that changed are printed in tvm-fav watched's form. Answers are never cached. A mark whose \
            time cannot be (before 1900, or more than a day ahead of this clock) is named on stderr and left \
            out, and the exit status is 65; so is an item without its episode_id, counted. An episode listed \
            twice counts once. Without Premium, a favorite whose marks cannot be read is named and \
            skipped (exit 3), unless the next one fails too, or it is the only one: then nothing is saved.

            Examples:
              tvm-fav pull
              tvm-fav pull --jq .episode | wc -l
            """
    )

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await SyncRun(steps: .pull, dryRun: false, store: store, network: network, output: output).run()
    }
}
