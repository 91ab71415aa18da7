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
            is reported, its saved record is kept, and the exit status is 1.

            Each favorite's episode list is fetched again too (/shows/{id}/episodes?specials=1; --no-episodes \
            skips it): new episodes are added, changed ones updated, and those TVMaze removed are dropped; \
            watched marks are always kept. A show whose record or episodes cannot be fetched keeps what was \
            saved, the others go on, and the next refresh tries again.

            Examples:
              tvm-fav refresh
              tvm-fav refresh --jq '"\\(.name): \\(.status)"'
            """
    )

    @Flag(
        inversion: .prefixedNo,
        help: "Fetch each favorite's episode list too (one more request per show).")
    package var episodes = true

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}
}
