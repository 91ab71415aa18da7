import ArgumentParser
import Foundation
import TVMCommandLine
import TVMImport
import TVMRecords

extension ExportFormat: ExpressibleByArgument {}

/// `tvm-fav import`: another tracker's export as favorites and watched marks.
package struct ImportCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a TV Time, Trakt, Simkl, Sonarr or CSV export: favorites, episodes and watched marks.",
        discussion: """
            PATH is a ZIP, a folder, a file, or - for stdin (a file, not a ZIP). The format is found from the \
            file names and headers; --from forces it. Only the files tvm knows are opened (a TV Time ZIP's \
            access_token.csv, a Trakt ZIP's user-settings.json are never read): TV Time's \
            tracking-prod-records-v2.csv, followed_tv_show.csv, user_tv_show_data.csv and seen_episode.csv; Trakt's watched-history*.json and watched-shows.json; \
            SimklBackup.json; Sonarr's series list; and the plain CSV tvm-fav export writes (tvmaze_id, thetvdb_id, \
            imdb_id, show, season, episode, watched_at), or the same rows as JSON Lines, its default output. A file \
            may be UTF-8 or UTF-16 (with or without its byte order mark), as spreadsheets and PowerShell save it; \
            a CSV may be separated by semicolons or tabs when its first line holds no comma.

            Shows are placed by their TVMaze id, else by TheTVDB then IMDb id through /lookup/shows, else (with \
            --match-titles, each match reported) by title. Episodes are placed by season and number; a rewatch \
            keeps the first time. A row whose time is before 1900 or in the future (the rule of tvm-fav watch \
            --at) is skipped as an impossible time, and an episode that has not aired yet is not marked. Followed \
            shows with nothing watched become favorites too. At most three requests a show; a favorite whose \
            episodes are stored costs none.

            Everything is saved in one transaction, or nothing. Importing again changes nothing and says so; \
            marks already saved stay, an earlier time winning. stderr gets a summary: shows found and not, \
            episodes marked, rows skipped and why. --unmatched FILE writes each row not placed, as a CSV to fix \
            and import again with --from csv.

            Exit status: 0 when every row was placed; 1 when some were not (the others are saved), or the export \
            is empty, or a show TVMaze did not answer for was skipped; 65 when the export, or one of several \
            paths, cannot be read (the others are imported); 69 when TVMaze cannot be reached (two shows in a row \
            unanswered, or the only one: nothing is saved).

            Examples:
              tvm-fav import tv-time-personal-data.zip
              tvm-fav import trakt-export/ --dry-run
              tvm-fav import history.csv --unmatched unmatched.csv
              tvm-fav import --from csv unmatched.csv
              tvm-fav export --format csv | tvm-fav import --from csv - --db other.sqlite
            """
    )

    @Argument(
        help: ArgumentHelp("A ZIP, folder or file of an export, or - for stdin.", valueName: "path"),
        completion: .file())
    package var paths: [String]

    @Option(help: ArgumentHelp("The export's format, when it cannot be told from its names.", valueName: "format"))
    package var from: ExportFormat?

    @Flag(help: "Place a show named only by its title through a title search, reporting each match.")
    package var matchTitles = false

    @Flag(help: "Print the shows and marks that would be saved, and save nothing; stderr names the rows skipped.")
    package var dryRun = false

    @Option(
        help: ArgumentHelp("Write the rows not placed to this CSV file, with file, line and reason.", valueName: "file")
    )
    package var unmatched: String?

    @Option(
        help: ArgumentHelp(
            "The most bytes read from an export, its files or a ZIP's members inflated (a zip bomb stops there).",
            valueName: "size"))
    package var maxSize = ByteSize(bytes: ExportSource.defaultMaxBytes)

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var catalog: CatalogOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func validate() throws {
        if paths.isEmpty { throw ValidationError("give the export to import: a ZIP, a folder, a file, or -") }
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("stdin (-) can be read once") }
        if let unmatched { try Self.checkUnmatched(unmatched, paths: paths) }
    }

    /// Refuses an `--unmatched` file that could not be written, or that is one of the exports: found after the
    /// import was saved, or written over the export being read, either would cost the user.
    static func checkUnmatched(_ file: String, paths: [String]) throws {
        var target = stat()
        if stat(file, &target) == 0 {
            if target.st_mode & S_IFMT == S_IFDIR {
                throw ValidationError("--unmatched \(file) is a folder; name a file to write")
            }
            for path in paths where path != "-" {
                var source = stat()
                if stat(path, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                    throw ValidationError("--unmatched \(file) is the export being imported; name another file")
                }
            }
            return
        }
        let folder = FilePath.folder(of: file)
        guard folder.isEmpty || FilePath.namesFolder(folder) else {
            throw ValidationError("--unmatched \(file): there is no folder \(folder) to write it in")
        }
    }
}
