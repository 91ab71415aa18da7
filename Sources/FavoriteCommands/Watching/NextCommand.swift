import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav next`: the next episode to watch of every favorite.
package struct NextCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Print the next episode to watch of each favorite: the first unwatched, aired, regular one.",
        discussion: """
            One line per favorite with something left to watch: the episode record, as TVMaze sent it, with \
            "_tvm":{"show":{"id":…,"name":…},"progress":{"watched":N,"aired":M,"total":T}}. Counts leave \
            specials out. The shows watched most recently come first, then the others by name. Shows with nothing \
            watched yet are left out (a note on a terminal counts them), and so are shows whose aired episodes \
            are all watched; --all includes both, a caught-up show as a line holding only "_tvm".

            It reads the episodes kept in the favorites database (tvm-fav add and refresh keep them), so it \
            works offline; favorites saved before tvm kept episodes need one tvm-fav refresh.

            On a terminal: a table of show, episode, title, air time in your time zone (TZ), and progress as \
            7/10 with a small bar. --format ics writes the episodes as an RFC 5545 calendar.

            TVM_NOW (an ISO 8601 time) sets the clock that decides what has aired; it is a testing aid.

            Examples:
              tvm-fav next
              tvm-fav next --all --jq '[._tvm.show.name, ._tvm.progress.watched] | @tsv'
              tvm-fav next --format ics > next.ics
            """
    )

    @Flag(help: "Include the shows with nothing watched yet, and those with every aired episode watched.")
    package var all = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            let calendar = try CalendarOutput.ifAsked(by: runtime, name: "tvm: up next", now: now)
            guard let reader = try await access.openForReading(listing: true) else {
                try calendar?.finish()
                return
            }
            let lines = try await reader.upNext(now: Int(now.timeIntervalSince1970.rounded(.down)))
            let unlisted = lines.filter { !$0.hasEpisodeList }
            if !unlisted.isEmpty {
                let count = unlisted.count
                runtime.diagnostics.note(
                    "\(count) favorite\(count == 1 ? " has" : "s have") no stored episodes yet "
                        + "(ids \(unlisted.prefix(10).map { String($0.showID) }.joined(separator: ", "))"
                        + "\(count > 10 ? ", …" : "")); tvm-fav refresh fetches them")
            }
            let listed = lines.filter { $0.isListed(all: all) }
            let unstarted = lines.count(where: { $0.hasEpisodeList && $0.watched == 0 && $0.episode != nil })
            // Under the table, on a terminal: why a favorite is missing from it.
            defer {
                if !all, unstarted > 0, runtime.terminal.stderrIsTTY {
                    runtime.diagnostics.note(
                        "\(unstarted) favorite\(unstarted == 1 ? "" : "s") with nothing watched yet left out; "
                            + "--all lists \(unstarted == 1 ? "it" : "them")")
                }
            }
            if let calendar {
                let runtimes = try await averageRuntimes(reader, ids: listed.map(\.showID))
                for line in listed {
                    guard let episode = line.episode else { continue }
                    try calendar.add(
                        episode: Array(episode.utf8), show: line.showName, averageRuntime: runtimes[line.showID])
                }
                try calendar.finish()
                return
            }
            let out = try await runtime.makeOutput(view: EpisodeTableView(.upNext, zone: runtime.viewerZone))
            // --fields is checked against a line with an episode: a caught-up show's line has only "_tvm".
            if let full = listed.first(where: { $0.episode != nil }) ?? listed.first {
                try out.checkFields(of: try full.record())
            }
            for line in listed {
                try await out.emit(try line.record())
            }
            try await out.finish()
        }
    }

    private func averageRuntimes(_ reader: FavoritesStore, ids: [Int]) async throws -> [Int: Int] {
        var result: [Int: Int] = [:]
        for favorite in try await reader.favorites(ids: ids) {
            let raw = try? RawJSON.value(forKey: "averageRuntime", in: favorite.recordBytes)
            if let value = raw.flatMap({ $0 }).flatMap({ RawJSON.integer($0) }) { result[favorite.id] = value }
        }
        return result
    }
}
