import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fav add`: save shows as favorites.
package struct AddCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save shows as favorites, from ids or from show records on stdin.",
        discussion: """
            A name instead of an id searches TVMaze (tvm-fav add "squid game" --first): --first saves the best \
            match; without it, a terminal is asked which result to save, and a script gets exit 64 and the \
            results, each with its id, so that it never saves a guess.

            With no arguments, stdin is read, one line each, in every form tvm-fetch show accepts: a show \
            record, a search result {"score":…,"show":{…}}, a record with "_embedded.show", or a bare id \
            (82 or "82"). A complete show record (from tvm-fetch, tvm-search or tvm-fav list) is saved as it \
            is, without a network request; a bare id, or a record with little more than an id, is fetched \
            from TVMaze first.

            All the shows of one run are saved in one transaction, after stdin ends: all of them or none. A \
            show that is already a favorite gets the new record and keeps its place in the list. The saved \
            records are printed to a pipe or a file, so the pipe can go on (and stderr, when it is a terminal, \
            gets "added N, updated M"). On a terminal, unless --jq, --fields or --format asks for the records, \
            one line says what was saved instead: "added 2 favorites: Girls, Outlander".

            Each show's episodes are kept too (one request per show, /shows/{id}/episodes?specials=1), so that \
            watch, next and tvm-episodes work offline; --no-episodes skips them (a large import), and tvm-fav \
            refresh fetches them later. A show whose episode list cannot be fetched is still saved, and reported \
            like a failed fetch.

            A malformed line is reported with its line number and skipped, the others are saved, and the exit \
            status is 65. An id TVMaze does not know is reported and skipped (exit 1). An id whose fetch still \
            fails after its retries is reported with its line number, the others are fetched and saved, and \
            --failed FILE keeps the failed input lines, to pipe back in later.

            Examples:
              tvm-fav add 1 139
              tvm-fav add "squid game" --first
              tvm-fetch shows --page 0 | tvm-fav add > /dev/null
              tvm-search 'squid game' | head -1 | tvm-fav add
              echo 82 | tvm-fav add --db ~/shows.sqlite
              tvm-fetch shows --page 0 | tvm-fav add --no-episodes > /dev/null
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Show ids to fetch and save, or names to search TVMaze for; stdin is read when none are given.",
            valueName: "id-or-name"))
    package var shows: [ShowArgument] = []

    @Flag(help: "For a name, save the best search match without asking.")
    package var first = false

    @Flag(
        inversion: .prefixedNo,
        help: "Keep each show's episodes (one request per show); --no-episodes saves the shows alone.")
    package var episodes = true

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var batch: BatchOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func validate() throws {
        try ShowArgument.checkIDs(shows.compactMap(\.id))
    }
}
