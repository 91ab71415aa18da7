import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fetch`: the TVMaze show index, shows, seasons, cast, crew, lookups, updates and schedules.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-fetch",
        abstract: "Fetch TV shows from the TVMaze API as JSON Lines.",
        discussion: """
            Every subcommand prints the records exactly as TVMaze sent them, compact, one per line, when \
            stdout is not a terminal; on a terminal it prints a table (or, for a show, a detail view). \
            Anything tvm adds goes under the "_tvm" key.

            Examples:
              tvm-fetch shows --page 0 | tvm-fav add
              tvm-fetch shows --all --jq 'select(.rating.average >= 8) | .name'
              tvm-fetch show 1 82 --embed cast
              echo '{"id":1}' | tvm-fetch show --jq .name
              tvm-fetch lookup --imdb tt1553656
              tvm-fetch updates --since day | wc -l
              tvm-fetch schedule --country GB --date 2024-01-01
              tvm-fetch catalog sync && tvm-search --local girls

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current,
        subcommands: [
            ShowsCommand.self, ShowCommand.self, SeasonsCommand.self, CastCommand.self, CrewCommand.self,
            LookupCommand.self, UpdatesCommand.self, ScheduleCommand.self, CacheCommand.self, CatalogCommand.self,
        ]
    )
}
