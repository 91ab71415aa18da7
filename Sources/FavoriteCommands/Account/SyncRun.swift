import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// The work of `tvm-fav push`, `pull` and `sync`: sign in, take the account lock, open the database, then pull
/// and/or push, printing what changed.
struct SyncRun {
    /// What to do.
    struct Steps: OptionSet {
        let rawValue: Int
        static let pull = Steps(rawValue: 1)
        static let push = Steps(rawValue: 2)
    }

    let steps: Steps
    let dryRun: Bool
    let store: StoreOptions
    let network: NetworkOptions
    let output: OutputOptions

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let session = AccountSession(access: access, network: network)
            let credentials = try session.credentials()
            let client = try session.client(credentials)
            let lock = try session.lock()
            defer { withExtendedLifetime(lock) {} }
            let premium = try await session.premium(of: credentials, client: client)
            let out = try await access.runtime.makeOutput(view: nil)
            if dryRun {
                guard let reader = try await access.openForReading() else { return try await out.finish() }
                let sync = AccountSync(store: reader, client: client, username: credentials.username, premium: premium)
                try await printPlan(try await sync.plan(), premium: premium, session: session, out: out)
                return try await out.finish()
            }
            let database = try await access.openForWriting()
            let sync = AccountSync(store: database, client: client, username: credentials.username, premium: premium)
            let now = try access.runtime.now()
            if steps.contains(.pull) {
                let report = try await sync.pull(catalog: try access.runtime.makeClient(network), now: now)
                try await printPull(report, session: session, out: out)
            }
            if steps.contains(.push) {
                let report = try await sync.push(now: now) { done, total in
                    if access.runtime.terminal.stderrIsTTY, total > 0 {
                        access.runtime.diagnostics.progress("pushing marks to TVMaze: \(done)/\(total)")
                    }
                }
                try await printPush(report, premium: premium, session: session, out: out)
            }
            try await out.finish()
        }
    }

    private func printPull(_ report: AccountSync.PullReport, session: AccountSession, out: RecordOutput) async throws {
        for show in report.newFavorites {
            let name = show.name.map { " (\"\($0)\")" } ?? ""
            session.runtime.diagnostics.note("followed on TVMaze: show \(show.id)\(name) is now a favorite")
        }
        // -n shortens the list, never the work: a sync goes on to push, and the summary still comes.
        try await out.emit(report: (report.changes.added + report.changes.retimed).map(\.json))
        try await out.emit(report: report.changes.others.map(\.json))
        for mark in report.unplaced {
            session.runtime.diagnostics.warning(
                "episode \(mark.episodeID): TVMaze did not say its show, and it is not a stored episode; not pulled")
        }
        for show in report.failedShows {
            session.runtime.diagnostics.error(
                "show \(show.showID): its marks could not be read (\(show.reason)); skipped, the next pull asks again")
        }
        if !report.failedShows.isEmpty { session.runtime.raise(.partial) }
        for item in report.untimely {
            session.runtime.diagnostics.error(
                "episode \(item.mark.episodeID): TVMaze's marked_at \(item.mark.markedAt) \(item.problem); not pulled")
        }
        if report.unreadable > 0 {
            let items = report.unreadable == 1 ? "1 item" : "\(report.unreadable) items"
            session.runtime.diagnostics.error("\(items) of TVMaze's marks named no episode (no episode_id); not pulled")
        }
        if !report.untimely.isEmpty || report.unreadable > 0 { session.runtime.raise(.badInput) }
        let changes = report.changes
        session.say(
            "pulled from TVMaze: \(changes.added.count) new marks, \(changes.retimed.count) earlier times, "
                + "\(changes.others.count) acquired or skipped, \(report.newFavorites.count) new favorites "
                + "(\(report.remoteCount) marks on TVMaze)")
    }

    private func printPush(
        _ report: AccountSync.PushReport, premium: Int, session: AccountSession, out: RecordOutput
    ) async throws {
        let diagnostics = session.runtime.diagnostics
        diagnostics.clearProgress()
        let shows = try await showsOfPlan(report.plan, session: session)
        try await out.emit(report: report.confirmed.map { line($0, show: shows[$0.episodeID]) })
        for item in report.failed {
            diagnostics.error("episode \(item.mark.episodeID): \(item.failure); it is sent again by the next push")
        }
        if !report.failed.isEmpty { session.runtime.raise(.badInput) }
        if !report.unsendable.isEmpty {
            diagnostics.warning(
                "\(report.unsendable.count) unmark\(report.unsendable.count == 1 ? "" : "s") cannot be sent: "
                    + "removing a mark on TVMaze needs Premium; they stay local, and pull does not bring them back "
                    + "(said once)")
        }
        session.say(
            "pushed to TVMaze: \(report.confirmed.count) marks confirmed, \(report.failed.count) refused"
                + (premium > 0 ? ", \(report.unmarked.count) unmarks" : ""))
    }

    private func printPlan(_ plan: PushPlan, premium: Int, session: AccountSession, out: RecordOutput) async throws {
        let shows = try await showsOfPlan(plan, session: session)
        try await out.emit(report: plan.marks.map { line($0, show: shows[$0.episodeID]) })
        try await out.emit(
            report: (premium > 0 ? plan.unmarks : []).map { unmark in
                Array(#"{"episode":"#.utf8) + JSONText.number(unmark.episodeID) + Array(#","show":"#.utf8)
                    + JSONText.number(unmark.showID) + Array(#","watched_at":null,"_tvm":{"unmark":true}}"#.utf8)
            })
        let batches = plan.batches(of: AccountSync.defaultBatchSize).count
        session.say(
            "dry run: would send \(plan.marks.count) marks in \(batches) request\(batches == 1 ? "" : "s")"
                + (premium > 0
                    ? " and \(plan.unmarks.count) unmarks"
                    : (plan.unmarks.isEmpty ? "" : "; \(plan.unmarks.count) unmarks cannot be sent without Premium")))
    }

    /// The show of each planned mark, from the local marks.
    private func showsOfPlan(_ plan: PushPlan, session: AccountSession) async throws -> [Int: Int] {
        guard let reader = try await session.access.openForReading() else { return [:] }
        return try await reader.marks(episodeIDs: plan.marks.map(\.episodeID)).mapValues(\.showID)
    }

    /// A sent mark in `tvm-fav watched`'s form.
    private func line(_ mark: OutgoingMark, show: Int?) -> [UInt8] {
        let time =
            mark.markedAt > 0
            ? JSONText.string(WatchMark.iso8601(Date(timeIntervalSince1970: Double(mark.markedAt))))
            : Array("null".utf8)
        return Array(#"{"episode":"#.utf8) + JSONText.number(mark.episodeID) + Array(#","show":"#.utf8)
            + JSONText.number(show) + Array(#","watched_at":"#.utf8) + time + [UInt8(ascii: "}")]
    }
}
