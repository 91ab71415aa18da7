import ArgumentParser
import Foundation
import TVMCatalog
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText
import TVMazeAPI

/// `tvm-fetch catalog`: the whole TVMaze catalogue on disk.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Keep every TVMaze show on disk, to search and browse offline (tvm-search --local).",
        discussion: """
            The catalogue is one SQLite file, $XDG_DATA_HOME/tvm/catalog.sqlite by default (--catalog PATH or \
            TVM_CATALOG to choose another): each show's record exactly as TVMaze sent it, and a full-text index \
            of names, genres, networks and summaries. The first sync pages the whole index (about 380 pages, \
            95,000 shows, 200 MB, 3 to 4 minutes at the rate limit); later ones fetch only what changed, in a \
            handful of requests.

            Examples:
              tvm-fetch catalog sync
              tvm-fetch catalog info
              tvm-search --local girls
              tvm-search --local --genre Anime --min-rating 8 --sort rating
              tvm-fetch catalog clear --yes
            """,
        subcommands: [CatalogSyncCommand.self, CatalogInfoCommand.self, CatalogClearCommand.self]
    )
}

/// `tvm-fetch catalog sync`.
struct CatalogSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Download the whole show index, or only what changed since the last sync.",
        discussion: """
            First run: pages /shows?page=N from 0 until the 404, one transaction per page. An interrupted sync \
            (Ctrl-C, a kill, a lost network) goes on where it stopped, and no page is ever half-stored. On a \
            terminal a progress line shows the pages, the shows, the time spent and the time left at the rate \
            limit.

            Later runs ask /updates/shows for the smallest window (day, week, month) that covers the time since \
            the last sync, or the full list beyond a month, and fetch only the shows whose "updated" is newer than \
            the stored one: a whole index page when it holds two or more of them, the show alone otherwise (or \
            when the page's copy is older than the updates list says: index pages may be a day stale). New shows \
            are picked up past the last page until the 404; with the full list, shows TVMaze no longer lists are \
            removed. --full pages the whole index again, after checking the whole file: a damaged catalogue is \
            moved aside (to catalog.sqlite.corrupt-TIME, with a warning) and made anew.

            A page that fails after its retries is reported, fetched again by the next sync, and the rest goes \
            on (exit status as for a failed request); a record of a page that is not a valid show is reported and \
            left out (exit 65). An updates list with a member that is not a show id and a time, or an empty full \
            list, changes nothing (exit 65). A sync never removes more than 5% of the shows (at least 100, at most \
            500) unless --allow-mass-removal is given: one that would, because an answer looks incomplete (an \
            index that ends early), stops before removing any (exit 65). Two syncs never write at once: the second waits for the first. Nothing is \
            printed on stdout; a summary goes to stderr.
            """
    )

    @Flag(help: "Page the whole index again, even when the catalogue is complete.")
    var full = false

    @Flag(help: "Let this sync remove more than 5% of the shows (or 500), when TVMaze really dropped them.")
    var allowMassRemoval = false

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if network.offline { throw ValidationError("a sync needs the network: --offline cannot be used with it") }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let path = runtime.catalogPath(catalog)
            let diagnostics = runtime.diagnostics
            let lock = try CatalogSyncLock.acquire(path: path) {
                diagnostics.note("another sync of \(path) is running; waiting for it to finish")
            }
            defer { withExtendedLifetime(lock) {} }
            // A full pass fetches every page anyway: a damaged file is checked for, moved aside and made anew.
            let store = try runtime.openCatalog(catalog, access: .readWrite, repairing: full)
            let client = try runtime.makeClient(network, retryDialog: false)
            let progress = CatalogSyncProgress(
                diagnostics: diagnostics, showsProgress: runtime.terminal.stderrIsTTY && !output.quiet)
            // The sync's "now" (its start, the updates window) is the run's: TVM_NOW when set, checked here.
            let environment = runtime.terminal.environment
            _ = try runtime.now()
            let sync = CatalogSync(
                store: store, client: client,
                now: { ((try? ToolClock.now(environment: environment)) ?? Date()).timeIntervalSince1970 },
                onEvent: { progress.handle($0) }, allowMassRemoval: allowMassRemoval)
            let summary: CatalogSyncSummary
            do {
                summary = try await sync.run(full: full)
            } catch let error as CatalogSyncError {
                diagnostics.clearProgress()
                diagnostics.error(HTMLText.terminalSafe(error.localizedDescription, keepingNewlines: false))
                if case .stopped(_, let cause) = error {
                    runtime.raise(ExitStatus.of(cause))
                } else {
                    runtime.raise(.badInput)
                }
                return
            }
            diagnostics.clearProgress()
            progress.finish(summary, runtime: runtime)
        }
    }
}

/// The progress line and messages of a sync.
final class CatalogSyncProgress: Sendable {
    /// The pages a first sync is expected to walk, for the time left (about 95,000 shows in 2026).
    static let expectedPages = 380
    /// Seconds per request at TVMaze's rate limit (20 every 10 seconds).
    static let secondsPerRequest = 0.5

    let diagnostics: Diagnostics
    let showsProgress: Bool
    let start = Date()

    init(diagnostics: Diagnostics, showsProgress: Bool) {
        self.diagnostics = diagnostics
        self.showsProgress = showsProgress
    }

    func handle(_ event: CatalogSyncEvent) {
        switch event {
        case .resuming(let page):
            diagnostics.note("resuming the interrupted sync at page \(page)")
        case .checkingUpdates(let since):
            guard showsProgress else { return }
            diagnostics.progress("catalog sync: asking what changed \(since.map { "in the last \($0)" } ?? "ever")…")
        case .changes(let shows, let requests, let removed):
            guard showsProgress else { return }
            diagnostics.progress("catalog sync: \(shows) changed, \(removed) removed; \(requests) requests to send…")
        case .pageStored(let page, let done, let shows):
            guard showsProgress else { return }
            let elapsed = Date().timeIntervalSince(start)
            let total = max(Self.expectedPages, page + 1)
            let left = Double(max(total - page - 1, 0)) * Self.secondsPerRequest
            diagnostics.progress(
                "catalog sync: page \(page + 1) of ~\(total) · \(shows) shows · \(Self.clock(elapsed)) elapsed · "
                    + "~\(Self.clock(left)) left (\(done) fetched)")
        case .pageFailed(let page, let error):
            diagnostics.clearProgress()
            diagnostics.error(
                "page \(page) failed: \(error.localizedDescription); it is fetched again by the next sync")
        case .showFailed(let id, let error):
            diagnostics.clearProgress()
            diagnostics.error(
                "show \(id) failed: \(error.localizedDescription); it is fetched again by the next sync")
        case .invalidRecord(let page, let position, let reason):
            diagnostics.clearProgress()
            let place = page.map { "page \($0)" + (position.map { ", record \($0)" } ?? "") } ?? "a show"
            diagnostics.error("\(place): \(HTMLText.terminalSafe(reason, keepingNewlines: false)); left out")
        }
    }

    func finish(_ summary: CatalogSyncSummary, runtime: ToolRuntime) {
        let elapsed = Date().timeIntervalSince(start)
        var parts = ["\(summary.shows) shows"]
        parts.append("\(summary.pages) page\(summary.pages == 1 ? "" : "s")")
        if summary.singles > 0 { parts.append("\(summary.singles) single show\(summary.singles == 1 ? "" : "s")") }
        parts.append("\(summary.written) added or changed, \(summary.removed) removed")
        diagnostics.note(
            "\(summary.full ? "full" : "incremental") sync: " + parts.joined(separator: ", ") + " in "
                + Self.clock(elapsed))
        if let failure = summary.worstFailure {
            let pages = summary.failedPages.sorted().map(String.init).joined(separator: ", ")
            diagnostics.error(
                "\(summary.failedPages.count) page\(summary.failedPages.count == 1 ? "" : "s") failed (\(pages)); "
                    + "run tvm-fetch catalog sync again to fetch \(summary.failedPages.count == 1 ? "it" : "them")")
            runtime.raise(ExitStatus.of(failure))
        }
        if summary.invalidRecords > 0 {
            diagnostics.error(
                "\(summary.invalidRecords) invalid record\(summary.invalidRecords == 1 ? "" : "s") left out")
            runtime.raise(.badInput)
        }
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let tail = String(format: "%02d", secs)
        return hours > 0 ? "\(hours):" + String(format: "%02d", minutes) + ":" + tail : "\(minutes):" + tail
    }
}
