import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// Prints one show at a time: fetches, filters, labels, and hands the show's records to the output together.
final class EpisodePrinter {
    /// What each show turns into.
    enum Mode: Equatable {
        /// One record per episode, labelled with `_tvm.show`.
        case episodes
        /// One record per season (`--group`).
        case seasons
        /// The next episode to air (`--next`).
        case next
        /// The episodes airing from now to so many seconds ahead, merged across shows (`--upcoming`).
        case upcoming(seconds: Int)
    }

    /// Where the records go: the record output, or a calendar (`--format ics`).
    enum Destination {
        case records(RecordOutput)
        case calendar(CalendarOutput)
    }

    let loader: EpisodeLoader
    let destination: Destination
    let runtime: ToolRuntime
    let mode: Mode
    let filter: EpisodeFilter
    let specials: Bool
    let ledger: BatchLedger
    /// Counts what `--season` and `--since` left, when one was given.
    let misses: FilterMisses?
    let tracking: EpisodeTracking
    /// `--watched` (`true`) or `--unwatched` (`false`).
    let watched: Bool?
    /// The time of the run, seconds since the epoch.
    let now: Int
    /// `--upcoming`'s episodes, merged and printed at the end.
    private var upcoming: [UpcomingEpisode] = []
    /// How many shows were given so far.
    private var shows = 0
    /// `--upcoming`'s shows waiting for the favorites database.
    private var waiting: [WaitingShow] = []

    /// `--upcoming`'s window: from now to so many seconds ahead.
    private var window: ClosedRange<Int>? {
        guard case .upcoming(let seconds) = mode else { return nil }
        return now...(now + seconds)
    }

    /// An episode of `--upcoming`, kept until every show is read.
    private struct UpcomingEpisode {
        var airsAt: Int
        /// Its show's place in the input, then its own place in the show: episodes airing at the same time keep
        /// the input's order.
        var showOrder: Int
        var position: Int
        /// The record to print, annotated (for the record output).
        var record: [UInt8]
        /// The episode's fields (for a calendar).
        var facts: EpisodeFacts
        var show: String?
        var averageRuntime: Int?
    }

    /// A show of `--upcoming` that the API and its cache could not answer, until the database is read.
    private struct WaitingShow {
        var id: Int
        var knownName: String?
        var averageRuntime: Int?
        var line: Int?
        var input: [UInt8]
        /// What the API said, reported if the database does not keep the show either.
        var error: APIError
        /// Its place in the input.
        var order: Int
    }

    init(
        loader: EpisodeLoader, destination: Destination, runtime: ToolRuntime, mode: Mode, filter: EpisodeFilter,
        specials: Bool, ledger: BatchLedger, misses: FilterMisses?, tracking: EpisodeTracking, watched: Bool?,
        now: Int
    ) {
        self.loader = loader
        self.destination = destination
        self.runtime = runtime
        self.mode = mode
        self.filter = filter
        self.specials = specials
        self.ledger = ledger
        self.misses = misses
        self.tracking = tracking
        self.watched = watched
        self.now = now
    }

    /// Prints one show; a show TVMaze does not know is reported and earns exit 1, a show that still fails after
    /// its retries is reported to the ledger, and the run goes on either way. When the network or the HTTP cache
    /// cannot answer (`--offline`, an unreachable host), a favorite's episodes come from the favorites database.
    ///
    /// - Parameters:
    ///   - knownName: The show's name from the input line, if it had one.
    ///   - averageRuntime: The show's `averageRuntime` from the input line, if it had one (for calendars).
    ///   - line: The stdin line number, or `nil` for an argument.
    ///   - input: The input line, for `--failed`.
    /// - Throws: Write errors.
    func print(showID: Int, knownName: String?, averageRuntime: Int?, line: Int?, input: [UInt8]) async throws {
        ledger.begin()
        shows += 1
        do {
            switch mode {
            case .next:
                try await printNext(showID: showID, knownName: knownName, averageRuntime: averageRuntime)
            case .upcoming:
                let all: ShowEpisodes
                do throws(APIError) {
                    all = try await loader.episodes(of: showID, knownName: knownName, specials: specials)
                } catch {
                    guard Self.fallsBack(error), tracking.annotates else { throw error }
                    // The favorites database answers at the end, for every such show in one read.
                    waiting.append(
                        WaitingShow(
                            id: showID, knownName: knownName, averageRuntime: averageRuntime, line: line,
                            input: input, error: error, order: shows))
                    return
                }
                try await collectUpcoming(selected(all), order: shows, averageRuntime: averageRuntime)
            case .episodes, .seasons:
                var list = selected(try await episodes(of: showID, knownName: knownName))
                let marks = await tracking.marks(of: list.records)
                if let watched {
                    list.records = list.records.filter { record in
                        let id = (try? RawJSON.value(forKey: "id", in: record))?.flatMap { RawJSON.integer($0) }
                        return (id.flatMap { marks[$0] } != nil) == watched
                    }
                }
                guard !list.records.isEmpty else { return }
                try await emit(list, marks: marks, averageRuntime: averageRuntime)
            }
        } catch APIError.notFound {
            runtime.diagnostics.error("show \(showID) not found")
            runtime.raise(.notFound)
        } catch let error as APIError {
            ledger.failed(id: showID, line: line, input: input, error: error)
        }
    }

    /// A show's episodes as `--season` leaves them, counted for the filter's messages; invalid data from the API
    /// is reported (exit 65), though the episodes came another way.
    private func selected(_ all: ShowEpisodes) -> ShowEpisodes {
        if let problem = all.problem {
            runtime.diagnostics.error(problem)
            runtime.raise(.badInput)
        }
        let list = all.filtered(by: filter)
        if let misses {
            if list.records.isEmpty {
                misses.missed(all.show, seasons: all.seasons.compactMap(\.number))
            } else {
                misses.matched(list.records.count)
            }
        }
        return list
    }

    /// `--upcoming`'s shows that only the favorites database can answer, read together: each is collected in its
    /// place in the input, and one the database does not keep fails with the error the API gave.
    private func collectWaiting() async throws {
        guard !waiting.isEmpty, let window else { return }
        let stored = await tracking.storedEpisodes(
            of: waiting.map { ($0.id, $0.knownName) }, specials: specials, window: window)
        for show in waiting {
            guard let list = stored[show.id] else {
                ledger.failed(id: show.id, line: show.line, input: show.input, error: show.error)
                continue
            }
            try await collectUpcoming(selected(list), order: show.order, averageRuntime: show.averageRuntime)
        }
        waiting = []
    }

    /// Ends the output: `--upcoming`'s merged list, the calendar's end, a note on what came from the database.
    func finish() async throws {
        if case .upcoming = mode {
            try await collectWaiting()
            let sorted = upcoming.sorted {
                ($0.airsAt, $0.showOrder, $0.position) < ($1.airsAt, $1.showOrder, $1.position)
            }
            switch destination {
            case .records(let output):
                try await output.emit(group: sorted.map(\.record))
            case .calendar(let calendar):
                for item in sorted {
                    try calendar.add(item.facts, show: item.show, averageRuntime: item.averageRuntime)
                }
            }
        }
        switch destination {
        case .records(let output): try await output.finish()
        case .calendar(let calendar): try calendar.finish()
        }
        if tracking.answeredLocally > 0 {
            let count = tracking.answeredLocally
            runtime.diagnostics.note(
                "\(count) show\(count == 1 ? " was" : "s were") answered from the episodes kept in the favorites "
                    + "database (the network and the HTTP cache could not)")
        }
    }

    /// The show's episodes from the API (or its HTTP cache), else from the favorites database.
    private func episodes(of showID: Int, knownName: String?) async throws -> ShowEpisodes {
        do throws(APIError) {
            return try await loader.episodes(of: showID, knownName: knownName, specials: specials)
        } catch {
            guard Self.fallsBack(error),
                let stored = await tracking.storedEpisodes(of: showID, knownName: knownName, specials: specials)
            else { throw error }
            return stored
        }
    }

    /// Whether the favorites database may answer instead: the network or the HTTP cache could not.
    private static func fallsBack(_ error: APIError) -> Bool {
        switch error {
        case .notCached, .unavailable, .timedOut, .skipped: return true
        default: return false
        }
    }

    private func emit(_ list: ShowEpisodes, marks: [Int: WatchMark], averageRuntime known: Int?) async throws {
        switch mode {
        case .seasons:
            guard case .records(let output) = destination else { return }
            var seasons = list
            if tracking.annotates {
                // Each episode in a season carries `_tvm.watched`, as a flat list's episodes do.
                seasons.records = try list.records.map { try tracking.annotated($0, show: nil, marks: marks) }
            }
            try await output.emit(group: seasons.seasonRecords(info: try await seasonInfo(list.show.id)))
        default:
            switch destination {
            case .records(let output):
                try await output.emit(
                    group: list.records.map { try tracking.annotated($0, show: list.show, marks: marks) })
            case .calendar(let calendar):
                let averageRuntime = await runtimeOfShow(list.show.id, known: known)
                for record in list.records {
                    try calendar.add(episode: record, show: list.show.name, averageRuntime: averageRuntime)
                }
            }
        }
    }

    /// Keeps a show's episodes that air in `window` until ``finish()`` merges every show's. Each record is read
    /// once: a calendar is written from the fields read here, and needs no `_tvm` labels.
    private func collectUpcoming(_ list: ShowEpisodes, order: Int, averageRuntime known: Int?) async throws {
        guard let window else { return }
        let coming = list.records.compactMap { record -> (Int, EpisodeFacts, [UInt8])? in
            guard let facts = EpisodeFacts(record: record), let airsAt = facts.airsAt, facts.airs(in: window) else {
                return nil
            }
            return (airsAt, facts, record)
        }
        guard !coming.isEmpty else { return }
        var printsRecords = false
        if case .records = destination { printsRecords = true }
        // A calendar has no `_tvm`: the marks are read only for the records, or for --watched and --unwatched.
        let marks = printsRecords || watched != nil ? await tracking.marks(ofEpisodes: coming.map(\.1.id)) : [:]
        let kept = watched.map { watched in coming.filter { (marks[$0.1.id] != nil) == watched } } ?? coming
        guard !kept.isEmpty else { return }
        let averageRuntime = printsRecords ? nil : await runtimeOfShow(list.show.id, known: known)
        for (position, (airsAt, facts, record)) in kept.enumerated() {
            let printed = printsRecords ? try tracking.annotated(record, show: list.show, marks: marks) : []
            upcoming.append(
                UpcomingEpisode(
                    airsAt: airsAt, showOrder: order, position: position, record: printed, facts: facts,
                    show: list.show.name, averageRuntime: averageRuntime))
        }
    }

    private func runtimeOfShow(_ showID: Int, known: Int?) async -> Int? {
        if let known { return known }
        return await tracking.averageRuntime(of: showID)
    }

    private func printNext(showID: Int, knownName: String?, averageRuntime: Int?) async throws {
        let next = try await nextEpisode(of: showID, knownName: knownName)
        let show = ShowLabel(id: showID, name: knownName ?? next.name)
        guard let episode = next.episode else {
            if runtime.terminal.stderrIsTTY {
                let name = show.name.map { " (\($0))" } ?? ""
                runtime.diagnostics.note("show \(showID)\(name) has no next episode announced; skipped")
            }
            return
        }
        switch destination {
        case .records(let output):
            let marks = await tracking.marks(of: [episode])
            try await output.emit(group: [try tracking.annotated(episode, show: show, marks: marks)])
        case .calendar(let calendar):
            let runtime = await runtimeOfShow(showID, known: averageRuntime)
            try calendar.add(episode: episode, show: show.name, averageRuntime: runtime)
        }
    }

    /// The next episode to air from the API (or its HTTP cache), else the first after now in the database.
    private func nextEpisode(of showID: Int, knownName: String?) async throws -> (name: String?, episode: [UInt8]?) {
        do throws(APIError) {
            return try await loader.nextEpisode(of: showID)
        } catch {
            guard Self.fallsBack(error),
                let stored = await tracking.storedEpisodes(of: showID, knownName: knownName, specials: false)
            else { throw error }
            let coming = stored.records.compactMap { record -> (Int, [UInt8])? in
                guard let airsAt = EpisodeFacts(record: record)?.airsAt, airsAt > now else { return nil }
                return (airsAt, record)
            }
            return (stored.show.name, coming.min { $0.0 < $1.0 }?.1)
        }
    }

    /// The show's season records by number; empty when TVMaze has no seasons list for the show.
    private func seasonInfo(_ showID: Int) async throws -> [Int: [UInt8]] {
        do {
            return try await loader.seasons(of: showID)
        } catch APIError.notFound {
            return [:]
        }
    }
}
