import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav list` without ArgumentParser: the one command people run to read their favorites, started as fast as
/// the process allows.
///
/// ArgumentParser builds a command's options by reflection, which costs the Swift runtime about 2 ms per start
/// (a linear scan of every protocol conformance in the binary for each option type), and the commands run as
/// tasks on worker threads. `list` is a few milliseconds of work, so that was most of its time. `tvm-fav`'s
/// `main` asks ``request(from:)`` first: a command line that is `list` followed only by its own options, each
/// once, with values that pass the same conversions and checks ArgumentParser applies, is run here on the main
/// thread, synchronously, with the same runtime, store and output code as `ListCommand`. Anything else (help,
/// `--jq`, a typo, a repeated option, completion requests) returns `nil` and goes to ArgumentParser, which
/// parses, reports and runs it as usual. `ListFastPathTests` holds the recognizer to ArgumentParser's own result
/// over many command lines.
package enum ListFastPath {
    /// What `tvm-fav list` was asked to do.
    package struct Request: Equatable, Sendable {
        /// `--sort`.
        package var sort: FavoriteOrder = .added
        /// `--db`.
        package var db: String?
        /// `--lock-timeout`.
        package var lockTimeout: Double = FavoritesStore.defaultLockTimeout
        /// `--format`, `--no-color`, `--quiet` (never `--jq`: a filter takes ArgumentParser's path).
        package var output = OutputSettings()

        /// Creates the request of a bare `tvm-fav list`.
        package init() {}
    }

    /// Recognizes a `list` command line this path runs.
    ///
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The request, or `nil` when ArgumentParser should handle the command line.
    package static func request(from arguments: [String]) -> Request? {
        guard arguments.first == "list" || arguments.first == "ls" else { return nil }
        var request = Request()
        var seen: [String] = []  // an Array: a Set<String> would cost the runtime more to set up than it saves
        var index = 1
        while index < arguments.count {
            var name = arguments[index]
            var value: String?
            if name.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            index += 1
            // The same option twice is ArgumentParser's to judge.
            let option = name == "-q" ? "--quiet" : name
            guard !seen.contains(option) else { return nil }
            seen.append(option)
            switch name {
            case "--no-color", "--quiet", "-q":
                guard value == nil else { return nil }
                if name == "--no-color" { request.output.noColor = true } else { request.output.quiet = true }
                continue
            case "--sort", "--db", "--lock-timeout", "--format":
                if value == nil, index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
            default:
                return nil
            }
            // A missing value, or one that looks like an option, is ArgumentParser's to report.
            guard let value, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--sort":
                guard let sort = FavoriteOrder(argument: value) else { return nil }
                request.sort = sort
            case "--db":
                request.db = value
            case "--lock-timeout":
                guard let seconds = Double(argument: value) else { return nil }
                request.lockTimeout = seconds
            default:
                guard let format = OutputFormat(argument: value), format != .ics else { return nil }
                request.output.format = format
            }
        }
        guard (try? StoreOptions.validate(db: request.db, lockTimeout: request.lockTimeout)) != nil else {
            return nil
        }
        return request
    }

    /// Runs `tvm-fav list` as `ListCommand` does.
    ///
    /// - Parameter request: What to list, from ``request(from:)``.
    /// - Returns: The exit status, or `nil` when the database cannot be read as it is (an older schema to
    ///   migrate, a file that needs recovery): nothing was printed, and `ListCommand` should run.
    package static func run(_ request: Request) -> Int32? {
        let runtime = ToolRuntime(tool: "tvm-fav", settings: request.output)
        let path = StoreOptions.path(
            db: request.db, environment: runtime.terminal.environment, directories: runtime.directories)
        // No database yet: no favorites, and nothing is created (as ListCommand).
        guard FileManager.default.fileExists(atPath: path) else {
            return runtime.runNow {
                try runtime.makeUnfilteredOutput(view: Views.favorites).finishUnfiltered()
                runtime.noteNoFavorites()
            }
        }
        guard let store = FavoritesStore.openedForReading(path: path, lockTimeout: request.lockTimeout) else {
            return nil
        }
        return runtime.runNow {
            let out = runtime.makeUnfilteredOutput(view: Views.favorites)
            var offset = 0
            while true {
                let page = try store.pageNow(sortedBy: request.sort, offset: offset, limit: Favorite.listPage)
                for row in page {
                    if let record = row.listedRecord(runtime: runtime) { try out.emitUnfiltered(record) }
                }
                offset += page.count
                if page.count < Favorite.listPage { break }
            }
            try out.finishUnfiltered()
            if offset == 0 { runtime.noteNoFavorites() }
        }
    }
}
