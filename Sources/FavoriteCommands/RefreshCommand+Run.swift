import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMText
import TVMazeAPI

extension RefreshCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            guard let reader = try await access.openForReading(), try await reader.count() > 0 else { return }
            guard !network.offline else {
                runtime.diagnostics.error(
                    "tvm-fav refresh needs the network, and --offline was given; nothing was refreshed")
                runtime.raise(.unavailable)
                return
            }
            // One refresh at a time: a second one waits, then finds the favorites just checked (a one-day window).
            let lock = try? ProcessLock.acquire(path: access.path + ".refresh.lock") {
                runtime.diagnostics.note("another tvm-fav refresh is running; waiting for it to finish")
            }
            defer { withExtendedLifetime(lock) {} }
            let favorites = try await reader.favorites(sortedBy: .added)
            let states = try await reader.refreshStates()
            let missing = try await reader.missingFavorites()
            let plan = RefreshPlan(favorites: favorites, states: states, now: now, full: full, episodes: episodes)
            let client = try runtime.makeClient(network, skipsUnreachableHosts: true)
            var run = RefreshRun(loader: EpisodeLoader(client: client), reader: reader, episodes: episodes)
            var changed: Set<Int> = []
            if let window = plan.window {
                let updates: [Int: Int]
                let firstInvalid: String?
                do throws(APIError) {
                    (updates, firstInvalid) = try await client.fetchUncached(.updates(since: window)) { body in
                        Result { () throws(UnusableBody) in try ShowUpdates.read(body) }
                    }
                } catch {
                    runtime.diagnostics.error(
                        "cannot ask TVMaze what changed (\(error.localizedDescription)); nothing was refreshed")
                    runtime.raise(ExitStatus.of(error))
                    return
                }
                // Skipping such a member would stamp its show as checked, and the change it hides would be missed.
                if let firstInvalid {
                    runtime.diagnostics.error(
                        "TVMaze's updates list is not usable: the member \(firstInvalid) is not a show id and a "
                            + "time; nothing was refreshed; run tvm-fav refresh again later")
                    runtime.raise(.badInput)
                    return
                }
                let split = plan.split(by: updates, states: states)
                changed = Set(split.changed.map(\.id))
                run.checked += split.unchanged
            }
            let batch = try await access.makeBatch()
            let due = plan.whole.count + changed.count
            let showProgress = runtime.terminal.stderrIsTTY && !output.quiet
            var done = 0
            for favorite in favorites where changed.contains(favorite.id) || !plan.candidates.contains(favorite) {
                done += 1
                if showProgress { runtime.diagnostics.progress("refreshing \(done) of \(due): \(favorite.name)") }
                try await run.refresh(favorite, whole: !changed.contains(favorite.id), into: batch) { message in
                    runtime.diagnostics.warning(message)
                }
            }
            runtime.diagnostics.clearProgress()
            // A show marked gone is stamped as checked: from now on only the updates list is asked about it.
            run.checked += run.gone.map(\.id).filter { missing[$0]?.goneAt != nil }
            var updated: Set<Int> = []
            var summary = SaveSummary()
            var missingReport = MissingReport()
            if !run.fetched.isEmpty || !run.checked.isEmpty || !run.gone.isEmpty {
                let database = try await access.openForWriting()
                let recording = RefreshRecording(checked: run.checked)
                summary = try await access.changing { () async throws(StoreError) -> SaveSummary in
                    try await database.save(batch: batch, at: now, addingNew: false, refresh: recording)
                }
                updated = try await database.savedIDs(among: run.fetched.map(\.id))
                let found = run.fetched.map(\.id).filter { missing[$0] != nil }
                if !run.gone.isEmpty || !found.isEmpty {
                    let gone = run.gone.map(\.id)
                    missingReport = try await access.changing { () async throws(StoreError) -> MissingReport in
                        try await database.noteMissing(gone, found: found, at: now)
                    }
                }
            }
            if !output.quiet {
                let out = try await runtime.makeOutput(view: Views.favorites)
                // -n shortens the list, not the report: failures, shows gone and the summary still come.
                try await out.emit(report: run.fetched.filter { updated.contains($0.id) }.map(\.json))
                try await out.finish()
            }
            report(run, missing: missingReport, runtime: runtime)
            let unchanged = plan.candidates.count - changed.count
            access.summary(
                "refreshed \(updated.count), unchanged \(unchanged), gone \(run.gone.count); "
                    + "\(summary.changes) change\(summary.changes == 1 ? "" : "s") recorded (tvm-fav changes)")
        }
    }

    /// Reports the favorites TVMaze no longer has (the first 404, and the day they are marked gone: once each)
    /// and those that failed. Failures earn their own statuses when nothing was refreshed, else the partial status;
    /// a 404 earns none.
    private func report(_ run: RefreshRun, missing: MissingReport, runtime: ToolRuntime) {
        let names = Dictionary(run.gone.map { ($0.id, HTMLText.terminalSafe($0.name, keepingNewlines: false)) }) {
            first, _ in first
        }
        for (id, goneOn) in missing.new {
            let day = String(DatabaseDate.iso8601(goneOn).prefix(10))
            runtime.diagnostics.warning(
                "show \(id) (\"\(names[id] ?? "")\") was not found at TVMaze (HTTP 404); its saved record is kept, "
                    + "and it is marked gone if it still answers 404 on \(day)")
        }
        // Said once, even with --quiet: the one time the user learns that the favorite is gone.
        for id in missing.nowGone {
            runtime.diagnostics.error(
                "show \(id) (\"\(names[id] ?? "")\") has answered 404 for 7 days: TVMaze no longer has it; "
                    + "tvm-fav list marks it gone, tvm-fav rm \(id) removes it")
        }
        let refreshed = !run.fetched.isEmpty || !run.checked.isEmpty
        var skipped: [String: Int] = [:]
        for (favorite, error) in run.failed {
            runtime.raise(refreshed ? .partial : ExitStatus.of(error))
            // Once a host cannot be reached, the client skips it: one line for all those, not one per show.
            if case .skipped(_, let host, _) = error {
                skipped[host, default: 0] += 1
                continue
            }
            let name = HTMLText.terminalSafe(favorite.name, keepingNewlines: false)
            runtime.diagnostics.error("show \(favorite.id) (\"\(name)\"): \(error.localizedDescription)")
        }
        for (host, count) in skipped.sorted(by: { $0.key < $1.key }) {
            runtime.diagnostics.error(
                "\(count) more favorite\(count == 1 ? " was" : "s were") not tried: \(host) could not be reached")
        }
        guard !run.failed.isEmpty else { return }
        let count = Set(run.failed.map(\.favorite.id)).count
        runtime.diagnostics.error(
            "\(count) favorite\(count == 1 ? " was" : "s were") not refreshed in full (their saved records "
                + "and episodes are kept, and no change was recorded for them); run tvm-fav refresh again to retry")
        if !refreshed { runtime.diagnostics.error("nothing was refreshed") }
    }
}

/// What one refresh fetched, and what it could not.
struct RefreshRun {
    let loader: EpisodeLoader
    let reader: FavoritesStore
    let episodes: Bool
    /// The records fetched, in order.
    var fetched: [ShowRecord] = []
    /// Favorites TVMaze no longer has.
    var gone: [Favorite] = []
    /// Favorites whose record or episodes failed.
    var failed: [(favorite: Favorite, error: APIError)] = []
    /// Favorites now known up to date.
    var checked: [Int] = []

    /// Fetches one favorite and puts what came whole in the batch.
    ///
    /// - Parameters:
    ///   - favorite: The favorite.
    ///   - whole: Whether to fetch the record and the list with specials (two requests), or the record with its
    ///     regular episodes (one request; the stored specials are kept).
    ///   - batch: Where the fetched record and list go.
    ///   - warn: Reports an answer that is not the show's record.
    mutating func refresh(
        _ favorite: Favorite, whole: Bool, into batch: FavoritesBatch, warn: (String) -> Void
    ) async throws {
        let body: [UInt8]
        var regular: [[UInt8]]?
        do throws(APIError) {
            if whole || !episodes {
                body = try await loader.refreshedShow(favorite.id)
            } else {
                let fresh = try await loader.showWithEpisodes(of: favorite.id)
                body = fresh.record
                regular = fresh.episodes
            }
        } catch .notFound {
            gone.append(favorite)
            return
        } catch {
            failed.append((favorite, error))
            return
        }
        guard let record = (try? ShowRecord(json: body)) ?? nil, record.id == favorite.id else {
            warn("TVMaze's answer for show \(favorite.id) is not that show's record; kept the saved one")
            return
        }
        try batch.append(record)
        fetched.append(record)
        guard episodes else {
            checked.append(favorite.id)
            return
        }
        // The stored episodes are replaced (and compared) only when the whole list came: a failure keeps them, no
        // change is recorded from it, and the next refresh tries again.
        var list: [[UInt8]]?
        if let regular {
            list = RefreshPlan.merging(regular, keepingSpecialsOf: try await reader.episodes(showID: favorite.id))
        } else {
            do throws(APIError) {
                list = try await loader.refreshedList(of: favorite.id)
            } catch {
                failed.append((favorite, error))
                return
            }
        }
        try batch.setEpisodes(showID: favorite.id, records: list ?? [])
        checked.append(favorite.id)
    }
}
