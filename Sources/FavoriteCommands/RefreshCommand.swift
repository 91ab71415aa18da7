import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fav refresh`: fetch every favorite again and keep the new records.
package struct RefreshCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every favorite again from TVMaze and save the new records.",
        discussion: """
            Favorites are fetched one after the other, in the order they were added, paced to TVMaze's limit \
            of 20 requests every 10 seconds (shared with the other tvm tools running at the same time). The new \
            records are saved in one transaction at the end and printed. A show TVMaze no longer has (HTTP 404) \
            is reported, its saved record is kept, and the exit status is 1. If the network fails for good \
            part way, the records fetched so far are still saved.

            Examples:
              tvm-fav refresh
              tvm-fav refresh --jq '"\\(.name): \\(.status)"'
            """
    )

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}
}
