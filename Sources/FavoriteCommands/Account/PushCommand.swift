import ArgumentParser
import TVMCommandLine

/// `tvm-fav push`: send local marks to TVMaze.
package struct PushCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send the watched marks TVMaze does not have yet to your TVMaze account.",
        discussion: """
            Sends the local marks TVMaze has not confirmed, in bulk (POST /v1/scrobble/episodes, up to 500 a \
            request), each with its time (marked_at 0 when it is not known) and the type watched, and prints \
            each confirmed mark in tvm-fav watched's form. What TVMaze confirms is recorded, so a second push \
            sends nothing; a mark TVMaze refuses is reported (exit 65) and sent again by the next push; a push \
            cut short never records what TVMaze did not confirm, and the next one completes it.

            With Premium, marks removed locally since TVMaze had them (tvm-fav unwatch) are removed there too \
            (DELETE /v1/user/episodes/ID). Without Premium they cannot be sent: the push says so once, and they \
            stay local.

            --dry-run prints what would be sent, and sends nothing. A 401 exits 77 with "TVMaze refused the \
            credentials: run tvm-fav login", and sends nothing more: batches TVMaze confirmed before it stay \
            confirmed. Two pushes, pulls or syncs at once run one after the other.

            Examples:
              tvm-fav push --dry-run
              tvm-fav push --quiet
            """
    )

    @Flag(help: "Print what would be sent; send nothing.")
    package var dryRun = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await SyncRun(steps: .push, dryRun: dryRun, store: store, network: network, output: output).run()
    }
}
