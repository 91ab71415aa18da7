import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// The work of `tvm-fav watch` and `tvm-fav unwatch`: select episodes, check them, change the marks in one
/// transaction, print the episodes.
struct MarkRun {
    let selectors: WatchSelectors
    let store: StoreOptions
    let network: NetworkOptions
    let output: OutputOptions
    /// `true` for watch, `false` for unwatch.
    let watching: Bool
    /// `watch --at`, read as `tvm-fav import` reads `watched_at` (milliseconds kept).
    let at: Date?
    /// `--push`: push to TVMaze at once (see ``LivePush``).
    var push = false

    /// One selected episode, and the time its input line gave.
    fileprivate struct Choice {
        var episode: StoredEpisode
        var watchedAt: Date?
        /// Whether the line was a mark from `tvm-fav watched`: its time is kept as it was, even when unknown.
        var restoresMark = false
    }

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
            let reader = try await access.openForReading()
            let batch = try await access.makeBatch()
            let resolver = EpisodeResolver(
                store: reader, runtime: runtime, network: network, batch: batch, addsShows: watching)
            var choices: [Choice] = []
            var orphans: [WatchMark] = []
            if let show = selectors.show {
                guard let showID = try await FavoriteNames.ids(for: [show], store: reader, runtime: runtime).first
                else { return }
                choices = try await showSelection(showID, resolver: resolver, runtime: runtime)
            } else if !selectors.ids.isEmpty {
                (choices, orphans) = try await idSelection(resolver: resolver, reader: reader, runtime: runtime)
            } else {
                (choices, orphans) = try await stdinSelection(
                    resolver: resolver, reader: reader, runtime: runtime, now: now)
            }
            choices = unique(choices)
            if watching {
                choices = aired(choices, now: nowSeconds, runtime: runtime)
            } else {
                choices = try await marked(choices, reader: reader, runtime: runtime)
            }
            let markTime = at ?? now
            let marks = choices.map {
                WatchMark(
                    episodeID: $0.episode.id, showID: $0.episode.showID,
                    watchedAt: $0.restoresMark ? $0.watchedAt : $0.watchedAt ?? markTime)
            }
            let unmarks = watching ? [] : choices.map(\.episode.id) + orphans.map(\.episodeID)
            guard !marks.isEmpty || !unmarks.isEmpty || !resolver.added.isEmpty else { return }
            // A misspelt --fields stops the run before any mark changes.
            let out =
                runtime.reportsBriefly
                ? nil : try await runtime.makeOutput(view: EpisodesTerminalView(zone: runtime.viewerZone))
            if let out, let first = choices.first {
                try out.checkFields(of: try record(first.episode, marked: nil, resolver: resolver))
            }
            let database = try await access.openForWriting()
            _ = try await access.changing { () async throws(StoreError) -> SaveSummary in
                try await database.save(batch: batch, at: now, marking: marks, unmarking: unmarks)
            }
            for showID in resolver.added {
                let name = resolver.name(of: showID).map { " (\"\($0)\")" } ?? ""
                runtime.diagnostics.note("show \(showID)\(name) was not a favorite: it is now one, with its episodes")
            }
            guard let out else {
                try runtime.report(report(choices, orphans: orphans, resolver: resolver))
                await LivePush(access: access, network: network, asked: push).run(database: database)
                return
            }
            let saved = try await database.marks(episodeIDs: choices.map(\.episode.id))
            var records = try choices.map { try record($0.episode, marked: saved[$0.episode.id], resolver: resolver) }
            for mark in orphans {
                let bare = Array(#"{"id":"#.utf8) + JSONText.number(mark.episodeID) + [UInt8(ascii: "}")]
                records.append(try WatchMark.annotating(bare, show: ShowLabel(id: mark.showID, name: nil), mark: nil))
            }
            try await out.emit(group: records)
            try await out.finish()
            await LivePush(access: access, network: network, asked: push).run(database: database)
        }
    }

    /// The line printed for an episode: its record with `_tvm.show` and `_tvm.watched`.
    private func record(_ episode: StoredEpisode, marked mark: WatchMark?, resolver: EpisodeResolver) throws
        -> [UInt8]
    {
        let label = ShowLabel(id: episode.showID, name: resolver.name(of: episode.showID))
        return try WatchMark.annotating(episode.recordBytes, show: label, mark: mark)
    }

    /// The lines a terminal gets instead of the records: `marked 12 episodes of Outlander, S1E1–S1E12`.
    private func report(_ choices: [Choice], orphans: [WatchMark], resolver: EpisodeResolver) -> [String] {
        func show(_ id: Int) -> String { resolver.name(of: id) ?? "show \(id)" }
        let episodes =
            choices.map { WriteReport.Episode(show: show($0.episode.showID), code: $0.episode.code) }
            + orphans.map { WriteReport.Episode(show: show($0.showID), code: nil) }
        return WriteReport.marks(episodes, watching: watching)
    }

    // MARK: - Selections

    /// `--show ID` with `--season`, `--through` or alone. A show or episode that does not exist ends the run
    /// before anything changes.
    private func showSelection(_ showID: Int, resolver: EpisodeResolver, runtime: ToolRuntime) async throws
        -> [Choice]
    {
        let list: [StoredEpisode]
        do {
            do {
                list = try await resolver.episodes(ofShow: showID)
            } catch EpisodeResolver.Miss.notFavorite(let id) {
                // unwatch: a show removed from the favorites keeps its marks, and they can still be removed.
                guard let former = try await resolver.formerFavoriteEpisodes(of: id) else {
                    throw EpisodeResolver.Miss.notFavorite(id)
                }
                list = former
            }
        } catch let miss as EpisodeResolver.Miss {
            throw stop(miss, runtime: runtime)
        }
        var selected = list.filter { selectors.specials || $0.isRegular }
        if !selectors.seasons.isEmpty {
            let known = Set(list.compactMap(\.season))
            if let missing = selectors.seasons.first(where: { !known.contains($0) }) {
                runtime.diagnostics.error("show \(showID) has no season \(missing)")
                throw ExitCode(ExitStatus.notFound.rawValue)
            }
            let wanted = Set(selectors.seasons)
            selected = selected.filter { $0.season.map(wanted.contains) ?? false }
        }
        if let through = selectors.throughCode {
            guard let last = list.first(where: { $0.season == through.season && $0.number == through.number }) else {
                runtime.diagnostics.error(
                    "show \(showID) has no episode \(through.text)"
                        + (list.isEmpty ? "" : " (its last is \(Self.lastCode(of: list)))"))
                throw ExitCode(ExitStatus.notFound.rawValue)
            }
            selected = selected.filter { episode in
                episode.number == nil ? episode.position < last.position : episode.code <= through
            }
        }
        return selected.map { Choice(episode: $0, watchedAt: nil) }
    }

    /// Episode ids given as arguments: an unknown one ends the run before anything changes.
    private func idSelection(resolver: EpisodeResolver, reader: FavoritesStore?, runtime: ToolRuntime) async throws
        -> ([Choice], [WatchMark])
    {
        try await resolver.prefetch(selectors.ids)
        let marks = watching ? [:] : (try await reader?.marks(episodeIDs: selectors.ids) ?? [:])
        var choices: [Choice] = []
        var orphans: [WatchMark] = []
        defer { runtime.diagnostics.clearProgress() }
        for (index, id) in selectors.ids.enumerated() {
            do {
                showProgress(id, index, of: selectors.ids.count, resolver: resolver, runtime: runtime)
                let episode = try await resolver.episode(id: id, showID: nil)
                if admits(episode, explicitly: true, runtime: runtime) { choices.append(Choice(episode: episode)) }
            } catch EpisodeResolver.Miss.unknownEpisode(let id) where marks[id] != nil {
                orphans.append(marks[id]!)
            } catch let miss as EpisodeResolver.Miss {
                throw stop(miss, runtime: runtime)
            }
        }
        return (choices, orphans)
    }

    /// Lines on stdin: a bad or unknown line, or a mark with an impossible time, is reported with its number, and
    /// the others go on.
    private func stdinSelection(resolver: EpisodeResolver, reader: FavoritesStore?, runtime: ToolRuntime, now: Date)
        async throws -> ([Choice], [WatchMark])
    {
        var inputs: [(input: WatchInput, line: Int)] = []
        var impossibleTimes = 0
        try await StdinRecords.forEach(
            runtime: runtime, command: watching ? "tvm-fav watch" : "tvm-fav unwatch"
        ) { number, line in
            do throws(WatchInputError) {
                // unwatch does not keep the time, so only watch holds it to the rule.
                inputs.append((try WatchInput(line: line, now: watching ? now : nil), number))
            } catch {
                if case .impossibleTime = error { impossibleTimes += 1 }
                runtime.diagnostics.error("stdin line \(number): \(error.localizedDescription)")
                runtime.raise(.badInput)
            }
        }
        if impossibleTimes > 0 {
            let marks = impossibleTimes == 1 ? "1 mark" : "\(impossibleTimes) marks"
            runtime.diagnostics.note("\(marks) skipped for an impossible time; the others go on")
        }
        let ids = inputs.map(\.input.episodeID)
        try await resolver.prefetch(ids)
        let marks = watching ? [:] : (try await reader?.marks(episodeIDs: ids) ?? [:])
        var choices: [Choice] = []
        var orphans: [WatchMark] = []
        defer { runtime.diagnostics.clearProgress() }
        for (index, (input, line)) in inputs.enumerated() {
            do {
                showProgress(input.episodeID, index, of: inputs.count, resolver: resolver, runtime: runtime)
                let episode = try await resolver.episode(id: input.episodeID, showID: input.showID)
                if input.isMark || admits(episode, explicitly: true, runtime: runtime, line: line) {
                    choices.append(Choice(episode: episode, watchedAt: input.watchedAt, restoresMark: input.isMark))
                }
            } catch EpisodeResolver.Miss.unknownEpisode(let id) where marks[id] != nil {
                orphans.append(marks[id]!)
            } catch let miss as EpisodeResolver.Miss {
                runtime.diagnostics.error("stdin line \(line): \(Self.describe(miss))")
                runtime.raise(.notFound)
            } catch let error as APIError {
                runtime.diagnostics.error("stdin line \(line): \(error.localizedDescription)")
                runtime.raise(ExitStatus.of(error))
            }
        }
        return (choices, orphans)
    }

    /// On a terminal, says which episode id is being looked up while the run asks TVMaze (a long list of ids
    /// of shows that are not favorites costs two paced requests a show).
    private func showProgress(_ id: Int, _ index: Int, of total: Int, resolver: EpisodeResolver, runtime: ToolRuntime) {
        guard !resolver.isKnown(id), runtime.terminal.stderrIsTTY, !output.quiet else { return }
        runtime.diagnostics.progress("looking up episode \(id) on TVMaze… (id \(index + 1) of \(total))")
    }

    // MARK: - Rules

    /// Whether a special may be selected: only with `--specials`; reported otherwise.
    private func admits(_ episode: StoredEpisode, explicitly: Bool, runtime: ToolRuntime, line: Int? = nil) -> Bool {
        guard !episode.isRegular, !selectors.specials else { return true }
        let prefix = line.map { "stdin line \($0): " } ?? ""
        runtime.diagnostics.warning(
            "\(prefix)episode \(episode.id) (\(Self.describe(episode))) is a special; give --specials to include it")
        return false
    }

    /// Leaves out what has not aired yet, and says so: each episode given by id, a count for a show's run.
    private func aired(_ choices: [Choice], now: Int, runtime: ToolRuntime) -> [Choice] {
        let future = choices.filter { !$0.episode.hasAired(by: now) }
        guard !future.isEmpty else { return choices }
        if selectors.show != nil, future.count > 1 {
            let first = future[0].episode
            runtime.diagnostics.warning(
                "\(future.count) episodes of show \(first.showID) have not aired yet (from \(Self.describe(first))); "
                    + "not marked")
        } else {
            for choice in future {
                runtime.diagnostics.warning(
                    "episode \(choice.episode.id) (\(Self.describe(choice.episode))) has not aired yet; not marked")
            }
        }
        return choices.filter { $0.episode.hasAired(by: now) }
    }

    /// `unwatch` names only what it unmarks: the episodes selected that were never marked are left out, and
    /// counted in a note.
    private func marked(_ choices: [Choice], reader: FavoritesStore?, runtime: ToolRuntime) async throws -> [Choice] {
        let marks = try await reader?.marks(episodeIDs: choices.map(\.episode.id)) ?? [:]
        let kept = choices.filter { marks[$0.episode.id] != nil }
        let unmarked = choices.count - kept.count
        if unmarked > 0 {
            let episodes = unmarked == 1 ? "1 episode was" : "\(unmarked) episodes were"
            runtime.diagnostics.note("\(episodes) not marked watched; left as they were")
        }
        return kept
    }

    private func unique(_ choices: [Choice]) -> [Choice] {
        var seen = Set<Int>()
        return choices.filter { seen.insert($0.episode.id).inserted }
    }

    /// Reports a selector that names nothing and returns the status that ends the run, nothing changed.
    private func stop(_ miss: EpisodeResolver.Miss, runtime: ToolRuntime) -> ExitCode {
        runtime.diagnostics.error(Self.describe(miss) + "; nothing was changed")
        return ExitCode(ExitStatus.notFound.rawValue)
    }

    private static func describe(_ miss: EpisodeResolver.Miss) -> String {
        switch miss {
        case .unknownShow(let id): return "show \(id) not found"
        case .unknownEpisode(let id): return "episode \(id) not found"
        case .notFavorite(let id):
            return "show \(id) is not a favorite and has no marks, so none of its episodes is marked watched"
        }
    }

    /// `S02E05 "Title", airs 2019-01-20` for messages.
    private static func describe(_ episode: StoredEpisode) -> String {
        var text = episode.code.text
        if let name = episode.name { text += " \"\(name)\"" }
        if let date = episode.airdate, !date.isEmpty { text += ", \(date)" }
        return text
    }

    private static func lastCode(of list: [StoredEpisode]) -> String {
        list.filter(\.isRegular).map(\.code).max()?.text ?? "unknown"
    }
}

extension MarkRun.Choice {
    fileprivate init(episode: StoredEpisode) {
        self.init(episode: episode, watchedAt: nil)
    }
}
