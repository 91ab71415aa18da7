import ArgumentParser
import Foundation
import TVMCommandLine
import TVMImport
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText
import TVMazeAPI

extension ImportCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            var history = readExport(runtime: runtime)
            history.skipImpossibleTimes(now: now)
            for problem in history.problems { runtime.diagnostics.error(problem.localizedDescription) }
            if history.files.isEmpty || (history.rows.isEmpty && history.skipped.isEmpty && !history.problems.isEmpty) {
                runtime.raise(.badInput)
                return
            }
            if history.rows.isEmpty && history.skipped.isEmpty {
                runtime.diagnostics.error("nothing to import: \(paths.joined(separator: ", ")) holds no show")
                runtime.raise(.notFound)
                return
            }
            let reader = try await access.openForReading()
            var known = try await KnownShows(store: reader)
            // A synced show catalogue places shows and gives their records without a request.
            if FileManager.default.fileExists(atPath: runtime.catalogPath(catalog)) {
                try known.add(catalogue: try runtime.openCatalog(catalog, access: .readOnly), for: history)
            }
            let client = try runtime.makeClient(network, retryDialog: false, skipsUnreachableHosts: true)
            let planner = ImportPlanner(
                known: known, network: ImportNetwork(client: client), store: reader, matchTitles: matchTitles,
                now: now)
            let showsProgress = runtime.terminal.stderrIsTTY && !output.quiet
            let plan: ImportPlan
            do {
                plan = try await planner.plan(history) { done, total, name in
                    guard showsProgress else { return }
                    // Three requests a show at most, 20 every 10 s.
                    let eta = Int((Double(total - done + 1) * 3 / 2).rounded(.up))
                    runtime.diagnostics.progress("importing \(done) of \(total): \(name) (about \(eta) s left)")
                }
                runtime.diagnostics.clearProgress()
            } catch let error as APIError {
                runtime.diagnostics.clearProgress()
                runtime.diagnostics.error("TVMaze cannot be reached: \(error.localizedDescription)")
                runtime.diagnostics.error("nothing was imported; run the same import again later")
                runtime.raise(.unavailable)
                return
            }
            for match in plan.titleMatches {
                runtime.diagnostics.note(
                    HTMLText.terminalSafe(
                        "--match-titles: \"\(match.title)\" is show \(match.id) (\"\(match.name)\") by its title",
                        keepingNewlines: false))
            }
            for show in plan.shows where show.archived {
                runtime.diagnostics.note(
                    HTMLText.terminalSafe(
                        "show \(show.id) (\"\(show.name)\") is archived in TV Time: imported as a favorite",
                        keepingNewlines: false))
            }
            if dryRun {
                let out = try await runtime.makeOutput(view: nil)
                // -n shortens the list, not the report: the summary, --unmatched and the exit status still come.
                try await out.emit(report: plan.shows.map(Self.json))
                try await out.emit(report: plan.marks.map(\.json))
                try await out.finish()
                report(plan, saved: nil, history: history, runtime: runtime)
            } else {
                let saved = try await save(plan, access: access, now: now)
                report(plan, saved: saved, history: history, runtime: runtime)
            }
            // Movies and anime are not TV rows to place: counted, never "unmatched".
            let unplaced = plan.skipped.filter { $0.reason != .movie && $0.reason != .anime }
            if let unmatched { try writeUnmatched(unplaced, to: unmatched, runtime: runtime) }
            if !unplaced.isEmpty || !history.problems.isEmpty { runtime.raise(.notFound) }
        }
    }

    /// Reads every path; a path that cannot be read is reported and the others still come.
    private func readExport(runtime: ToolRuntime) -> ImportHistory {
        var history = ImportHistory()
        for path in paths {
            var refusals: [ImportError] = []
            do {
                let files = try ExportSource.files(
                    at: path, format: from, maxBytes: maxSize.bytes, refusals: &refusals
                ) {
                    var input = runtime.standardInput()
                    return try input.readAll(upTo: maxSize.bytes)
                }
                var part = ExportSource.history(of: files)
                part.problems += refusals
                history.append(part)
            } catch {
                runtime.diagnostics.error(error.localizedDescription)
                runtime.raise(.badInput)
            }
        }
        return history
    }

    /// Saves the plan in one transaction.
    private func save(_ plan: ImportPlan, access: FavoritesAccess, now: Date) async throws -> SaveSummary {
        let batch = try await access.makeBatch()
        for show in plan.shows {
            guard let record = show.record else { continue }
            try batch.append(record)
            if let episodes = show.episodes { try batch.setEpisodes(showID: show.id, records: episodes) }
        }
        let database = try await access.openForWriting()
        let marks = plan.marks.map(\.mark)
        let checked = plan.fetched
        return try await access.changing { () async throws(StoreError) -> SaveSummary in
            try await database.save(batch: batch, at: now, marking: marks, earlierMarkWins: true, checked: checked)
        }
    }

    /// The summary on stderr; `saved` is `nil` for a dry run.
    private func report(_ plan: ImportPlan, saved: SaveSummary?, history: ImportHistory, runtime: ToolRuntime) {
        var reasons: [SkipReason: Int] = [:]
        for row in plan.skipped { reasons[row.reason, default: 0] += 1 }
        let unplaced = plan.skipped.filter { $0.reason != .movie && $0.reason != .anime }
        for row in unplaced.prefix(Self.rowWarnings) {
            runtime.diagnostics.warning(
                HTMLText.terminalSafe(
                    "\(row.origin.file) line \(row.origin.line): \(row.reason.rawValue): \(row.detail)",
                    keepingNewlines: false))
        }
        if unplaced.count > Self.rowWarnings {
            let more = unplaced.count - Self.rowWarnings
            runtime.diagnostics.warning(
                "… and \(more) more row\(more == 1 ? "" : "s") not placed"
                    + (unmatched == nil ? " (--unmatched FILE keeps every one)" : ", all in \(unmatched ?? "")"))
        }
        let newShows = plan.shows.filter { !$0.wasFavorite }.count
        let marked = saved.map { "marked (\($0.marked) new or earlier)" } ?? "to mark"
        var text =
            (saved == nil ? "--dry-run, nothing saved: would import " : "imported ")
            + "\(history.files.count) file\(history.files.count == 1 ? "" : "s"): "
            + "\(plan.shows.count) show\(plan.shows.count == 1 ? "" : "s") found (\(newShows) new), "
            + "\(plan.showsNotFound.count) not found; \(plan.marks.count) episode\(plan.marks.count == 1 ? "" : "s") "
            + "\(marked); \(plan.rewatchesFolded) rewatch\(plan.rewatchesFolded == 1 ? "" : "es") folded"
        if !plan.skipped.isEmpty {
            let parts = SkipReason.allCases.compactMap { reason in
                reasons[reason].map(reason.counted)
            }
            text +=
                "; \(plan.skipped.count) row\(plan.skipped.count == 1 ? "" : "s") skipped: "
                + parts.joined(separator: ", ")
        }
        runtime.diagnostics.note(text)
        if let saved, saved.added == 0 && saved.marked == 0 && plan.shows.allSatisfy({ $0.record == nil }) {
            runtime.diagnostics.note(
                plan.shows.isEmpty
                    ? "nothing changed: no show was found" : "nothing changed: every show and mark was already saved")
        }
    }

    /// How many rows not placed are named one by one on stderr; the others are counted.
    static let rowWarnings = 50

    /// `{"show":ID,"name":…,"new":true,"archived":false}` for `--dry-run`.
    private static func json(_ show: ImportPlan.Show) -> [UInt8] {
        Array(#"{"show":"#.utf8) + JSONText.number(show.id) + Array(#","name":"#.utf8) + JSONText.string(show.name)
            + Array(#","new":"#.utf8) + Array((show.wasFavorite ? "false" : "true").utf8)
            + Array(#","archived":"#.utf8) + Array((show.archived ? "true" : "false").utf8) + [UInt8(ascii: "}")]
    }

    /// Writes the rows not placed as a plain CSV to fix and import again.
    private func writeUnmatched(_ rows: [SkippedRow], to path: String, runtime: ToolRuntime) throws {
        var text = "tvmaze_id,thetvdb_id,imdb_id,show,season,episode,watched_at,file,line,reason,original\r\n"
        for skipped in rows {
            let row = skipped.row
            let fields: [String] = [
                row?.show.tvmaze.map(String.init) ?? "", row?.show.thetvdb.map(String.init) ?? "",
                row?.show.imdb ?? "", row?.show.title ?? "", row?.episode.map { String($0.season) } ?? "",
                row?.episode.map { String($0.number) } ?? "",
                row?.watchedAt.map { DatabaseDate.iso8601($0) } ?? "", skipped.origin.file,
                String(skipped.origin.line), "\(skipped.reason.rawValue): \(skipped.detail)", skipped.origin.original,
            ]
            text += fields.map(Self.csvField).joined(separator: ",") + "\r\n"
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            runtime.diagnostics.error("cannot write --unmatched \(path): \(error.localizedDescription)")
            runtime.raise(.ioError)
        }
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
