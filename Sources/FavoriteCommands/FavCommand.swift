import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fav`: favorite TV shows in a local SQLite database, usable offline.
package struct FavCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "tvm-fav",
        abstract: "Keep favorite TV shows in a local database, and list them offline.",
        discussion: """
            Favorites live in an SQLite database: $XDG_DATA_HOME/tvm/tvm.sqlite (~/.local/share/tvm/tvm.sqlite), \
            or the file given with --db or TVM_DB. Each favorite keeps the whole show record as TVMaze sent it, \
            every field in its order (anything under "_tvm" is dropped), so list, show, status and rm work \
            without a network. Only add, refresh, import, watch of a show not saved, and the account's \
            login, push, pull and sync use the network; refresh records what \
            changed (new episodes, moved air dates, a new season, a new status…), and changes prints it, offline.

            Every save and every delete is one transaction: a batch is written whole or not at all. When one \
            fails (another process keeps the database locked past --lock-timeout, a read-only file, a full \
            disk) and stderr is a terminal, tvm-fav asks "Oops, something went wrong / There was a \
            problem saving/deleting this TV Show. Do you want to try again? [R]etry / [c]ancel", one key \
            answering (Enter retries); otherwise it \
            prints "Oops, something went wrong: There was a problem saving/deleting this TV Show." and the \
            cause, and exits 74.

            Examples:
              tvm-fav add 1 139
              tvm-fetch shows --page 0 --jq 'select(.rating.average >= 8)' | tvm-fav add
              tvm-search girls | head -1 | tvm-fav add
              tvm-fav list --sort name
              tvm-fav list | tvm-episodes
              tvm-fav show 1
              tvm-fetch shows | tvm-fav status
              tvm-fav rm 1
              tvm-fav refresh
              tvm-fav refresh --quiet && tvm-fav changes --unseen --mark-seen

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current,
        subcommands: [
            AddCommand.self, RemoveCommand.self, ListCommand.self, ShowFavoriteCommand.self, StatusCommand.self,
            RefreshCommand.self, ChangesCommand.self, WatchCommand.self, UnwatchCommand.self, WatchedCommand.self,
            NextCommand.self, ImportCommand.self, ExportCommand.self, LoginCommand.self, LogoutCommand.self,
            AccountCommand.self, PushCommand.self, PullCommand.self, SyncCommand.self, ServeCommand.self,
        ]
    )

    package init() {}
}
