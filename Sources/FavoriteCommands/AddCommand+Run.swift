import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

extension AddCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            // The batch waits on disk, not in memory, until it is saved in one transaction (FavoritesBatch).
            let batch = try await access.makeBatch()
            var toFetch: [Pending] = []
            var complete: [Pending] = []
            var records = 0
            // A show given again by id is fetched and saved once: 50 MB of one id on stdin is one request.
            var idsToFetch = Set<Int>()
            func fetchLater(_ id: Int, line: Int?, input: [UInt8]) throws {
                guard idsToFetch.insert(id).inserted else { return }
                toFetch.append(
                    Pending(seq: try batch.appendPlaceholder(id: id), id: id, name: nil, line: line, input: input))
            }
            for show in shows {
                switch show {
                case .id(let id):
                    try fetchLater(id, line: nil, input: Array(String(id).utf8))
                case .name(let name):
                    guard let found = try await searchResult(for: name, runtime: runtime) else { continue }
                    let input = Array(name.utf8)
                    if case .record(let record) = found {
                        let seq = try batch.append(record)
                        records += 1
                        if episodes {
                            complete.append(
                                Pending(seq: seq, id: record.id, name: record.name, line: nil, input: input))
                        }
                    } else if case .id(let id) = found {
                        try fetchLater(id, line: nil, input: input)
                    }
                }
            }
            if shows.isEmpty {
                try await StdinRecords.forEach(runtime: runtime, command: "tvm-fav add") { number, line in
                    let source: FavoriteSource
                    do {
                        source = try FavoriteSource(line: line)
                    } catch {
                        runtime.diagnostics.error("stdin line \(number): \(error.localizedDescription)")
                        runtime.raise(.badInput)
                        return
                    }
                    switch source {
                    case .record(let show):
                        let seq = try batch.append(show)
                        records += 1
                        if episodes {
                            complete.append(Pending(seq: seq, id: show.id, name: show.name, line: number, input: line))
                        }
                    case .id(let id):
                        try fetchLater(id, line: number, input: line)
                    }
                }
            }
            var checked: [Int] = []
            records += try await fetch(toFetch, complete: complete, into: batch, checked: &checked, runtime: runtime)
            guard records > 0 else { return }
            // The batch's shows, and which were favorites already, for the report on a terminal.
            let shows = runtime.reportsBriefly ? try Self.shows(in: batch) : []
            let existing =
                shows.isEmpty
                ? [] : Set(try await access.openForReading()?.favorites(ids: shows.map(\.id)).map(\.id) ?? [])
            // A misspelt --fields stops the run before anything is saved.
            let out = runtime.reportsBriefly ? nil : try await runtime.makeOutput(view: Views.favorites)
            if let out, let first = try batch.records(after: 0, limit: 1).first { try out.checkFields(of: first.json) }
            let database = try await access.openForWriting()
            let summary = try await access.changing { () async throws(StoreError) -> SaveSummary in
                // The shows fetched whole are up to date: the next refresh asks the updates list about them.
                try await database.save(batch: batch, at: now, checked: checked)
            }
            guard let out else {
                try runtime.report(Self.report(shows, existing: existing))
                return
            }
            var after = 0
            while case let chunk = try batch.records(after: after), let last = chunk.last {
                for row in chunk { try await out.emit(row.json) }
                after = last.seq
            }
            try await out.finish()
            let changes = summary.changes == 1 ? "1 change" : "\(summary.changes) changes"
            access.summary(
                "added \(summary.added), updated \(summary.updated)"
                    + (summary.changes > 0 ? "; \(changes) recorded (tvm-fav changes)" : ""))
        }
    }

    /// `added 2 favorites: Girls, Outlander`, and `updated …` for the shows that were favorites already.
    private static func report(_ shows: [ShowRecord], existing: Set<Int>) -> [String] {
        var added: [String] = []
        var updated: [String] = []
        var seen = Set<Int>()
        for show in shows where seen.insert(show.id).inserted {
            if existing.contains(show.id) { updated.append(show.name) } else { added.append(show.name) }
        }
        return [WriteReport.favorites("added", names: added), WriteReport.favorites("updated", names: updated)]
            .compactMap { $0 }
    }

    /// The complete show records of the batch, in order.
    private static func shows(in batch: FavoritesBatch) throws -> [ShowRecord] {
        var shows: [ShowRecord] = []
        var after = 0
        while case let chunk = try batch.records(after: after), let last = chunk.last {
            for row in chunk { if let show = try? ShowRecord(json: row.json) { shows.append(show) } }
            after = last.seq
        }
        return shows
    }

    /// A show to fetch: its place in the batch, and where it came from.
    private struct Pending {
        var seq: Int
        var id: Int
        /// The show's name, when the line gave the record.
        var name: String?
        var line: Int?
        var input: [UInt8]
    }

    /// Fetches the shows that came as ids into their places in the batch, and (unless `--no-episodes`) every
    /// show's episode list, one request per show.
    ///
    /// A show TVMaze does not know is reported (status 1). A fetch that still fails after its retries is
    /// reported with its line and id, kept for `--failed`, and the others go on; the records in hand are saved. A
    /// show whose episode list cannot be fetched is saved without it (reported the same way): `tvm-fav refresh`
    /// fetches it later.
    /// - Parameter checked: Gets the shows fetched whole (the record and the episode list).
    /// - Returns: How many show records were fetched.
    private func fetch(
        _ pending: [Pending], complete: [Pending], into batch: FavoritesBatch, checked: inout [Int],
        runtime: ToolRuntime
    ) async throws -> Int {
        guard !pending.isEmpty || !complete.isEmpty else { return 0 }
        let client = try runtime.makeClient(network, skipsUnreachableHosts: true)
        let loader = EpisodeLoader(client: client)
        let ledger = try BatchLedger(runtime: runtime, options: self.batch)
        var fetched = 0
        // At 20 requests every 10 s, a page of 240 shows takes two minutes: a terminal sees how far it is.
        let showsProgress = runtime.terminal.stderrIsTTY && !output.quiet
        let total = complete.count + pending.count
        var done = 0
        func begin(_ show: Pending) {
            ledger.begin()
            done += 1
            if showsProgress {
                runtime.diagnostics.progress("adding \(done) of \(total): \(show.name ?? "show \(show.id)")")
            }
        }
        defer { runtime.diagnostics.clearProgress() }
        for show in complete {
            begin(show)
            _ = try await fetchEpisodes(of: show, loader: loader, into: batch, ledger: ledger, runtime: runtime)
        }
        for show in pending {
            begin(show)
            let body: [UInt8]
            do throws(APIError) {
                body = try await client.fetch(.show(id: show.id))
            } catch .notFound {
                runtime.diagnostics.error("show \(show.id) not found")
                runtime.raise(.notFound)
                try batch.drop(show.seq)
                continue
            } catch {
                ledger.failed(id: show.id, line: show.line, input: show.input, error: error)
                try batch.drop(show.seq)
                continue
            }
            guard let record = (try? ShowRecord(json: body)) ?? nil else {
                runtime.diagnostics.error("the API's answer for show \(show.id) is not a show record; skipped")
                runtime.raise(.unavailable)
                try batch.drop(show.seq)
                continue
            }
            try batch.fill(show.seq, with: record)
            fetched += 1
            if episodes,
                try await fetchEpisodes(of: show, loader: loader, into: batch, ledger: ledger, runtime: runtime)
            {
                checked.append(show.id)
            }
        }
        ledger.finish()
        return fetched
    }

    /// Fetches a show's episode list into the batch; returns whether it was.
    private func fetchEpisodes(
        of show: Pending, loader: EpisodeLoader, into batch: FavoritesBatch, ledger: BatchLedger,
        runtime: ToolRuntime
    ) async throws -> Bool {
        let records: [[UInt8]]
        do throws(APIError) {
            records = try await loader.fullList(of: show.id)
        } catch .notFound {
            runtime.diagnostics.error(
                "show \(show.id) has no episode list at TVMaze (HTTP 404); saved without episodes")
            runtime.raise(.notFound)
            return false
        } catch {
            ledger.failed(id: show.id, line: show.line, input: show.input, error: error)
            return false
        }
        try batch.setEpisodes(showID: show.id, records: records)
        return true
    }
}
