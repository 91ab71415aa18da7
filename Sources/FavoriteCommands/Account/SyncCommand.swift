import ArgumentParser
import TVMCommandLine

/// `tvm-fav sync`: pull, then push.
package struct SyncCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Pull, then push: the one command to keep a TVMaze account in sync (for cron).",
        discussion: """
            Runs tvm-fav pull, then tvm-fav push, under one lock: two syncs at once run one after the other. With \
            nothing new on either side it sends one request per favorite without Premium, and two with it.

            Examples:
              tvm-fav sync --quiet
              */30 * * * * tvm-fav sync --quiet >/dev/null
            """
    )

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await SyncRun(steps: [.pull, .push], dryRun: false, store: store, network: network, output: output).run()
    }
}
