import Foundation
import TVMRecords
import TVMStore
import TVMazeAPI

/// Places an export's rows on TVMaze: each show by its ids, each episode by (season, number) in the show's list.
///
/// A show is found by its TVMaze id; else by its TheTVDB id, then its IMDb id, each first among the favorites and in
/// the show catalogue (no request), then through `/lookup/shows`; else, only when asked, by a title search,
/// reported. Its record (unless the catalogue has it) and its episode list are fetched unless it is a favorite
/// whose episodes are stored: at most three requests a show, one with a synced catalogue.
/// Rewatches and repeated rows fold into one mark with the earliest time given; an episode that has not aired yet is
/// not marked (as `tvm-fav watch` does). Nothing is saved here.
public struct ImportPlanner {
    /// Where the planner reports its progress: show `done` of `total`, and its name.
    public typealias Progress = (_ done: Int, _ total: Int, _ name: String) -> Void

    let known: KnownShows
    let network: ImportNetwork?
    let store: FavoritesStore?
    let matchTitles: Bool
    let now: Date

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - known: The favorites already saved.
    ///   - network: TVMaze; `nil` to place only among the favorites.
    ///   - store: The favorites database, for the stored episode lists.
    ///   - matchTitles: `--match-titles`: place a show named only by its title through a search.
    ///   - now: The run's clock: an episode that has not aired by then is not marked.
    public init(known: KnownShows, network: ImportNetwork?, store: FavoritesStore?, matchTitles: Bool, now: Date) {
        self.known = known
        self.network = network
        self.store = store
        self.matchTitles = matchTitles
        self.now = now
    }

    /// Plans the import of a history.
    ///
    /// - Parameters:
    ///   - history: The rows read from the export.
    ///   - progress: Told before each show's requests.
    /// - Returns: The plan.
    /// - Throws: ``APIError`` when TVMaze cannot be reached: for two shows in a row, or the only one (nothing is to
    ///   be saved then); a show alone that TVMaze does not answer for is skipped. ``StoreError``.
    public func plan(_ history: ImportHistory, progress: Progress = { _, _, _ in }) async throws -> ImportPlan {
        var plan = ImportPlan()
        plan.skipped = history.skipped
        // Distinct show keys in the order the export names them.
        var keys: [ShowKey] = []
        var rowsByKey: [ShowKey: [Int]] = [:]
        for (index, row) in history.rows.enumerated() {
            if rowsByKey[row.show] == nil { keys.append(row.show) }
            rowsByKey[row.show, default: []].append(index)
        }
        // Ids learned during this plan: a show named by TheTVDB in one row and by IMDb in another is looked up once.
        var learned = KnownShows()
        var showIndex: [Int: Int] = [:]
        var placements: [Int: [EpisodeNumber: StoredEpisode]] = [:]
        var markIndex: [Int: Int] = [:]
        var streak = FailureStreak(items: keys.count)
        for (done, key) in keys.enumerated() {
            let rows = rowsByKey[key] ?? []
            progress(done + 1, keys.count, key.title ?? key.description)
            let resolved: Int?
            var loaded: (ImportPlan.Show, [StoredEpisode])?? = nil
            do {
                resolved = try await resolve(key, learned: learned, into: &plan)
                if let id = resolved, showIndex[id] == nil { loaded = .some(try await load(id)) }
                streak.succeeded()
            } catch let error as APIError {
                // A show TVMaze does not answer for is skipped; a stop (or a cancel) saves nothing.
                if case .cancelled = error { throw error }
                if streak.failed() { throw error }
                plan.showsNotFound.append(key)
                let detail = "\(key.description): \(error.localizedDescription); import again later"
                for index in rows { plan.skipped.append(SkippedRow(.notAnswered, detail, history.rows[index])) }
                continue
            }
            guard let id = resolved else {
                plan.showsNotFound.append(key)
                // A title alone was not looked for: saying TVMaze lacks the show would be a guess.
                let (reason, detail) =
                    key.hasID || matchTitles
                    ? (SkipReason.showNotOnTVMaze, "\(key.description) is not on TVMaze")
                    : (.titleOnly, "\(key.description) has no TVMaze, TheTVDB or IMDb id: --match-titles looks it up")
                for index in rows { plan.skipped.append(SkippedRow(reason, detail, history.rows[index])) }
                continue
            }
            learned.learn(key, id: id)
            if showIndex[id] == nil {
                guard let (show, episodes) = loaded ?? nil else {
                    plan.showsNotFound.append(key)
                    for index in rows {
                        plan.skipped.append(
                            SkippedRow(.showNotOnTVMaze, "TVMaze has no show \(id)", history.rows[index]))
                    }
                    continue
                }
                showIndex[id] = plan.shows.count
                plan.shows.append(show)
                if let record = show.record {
                    learned.add(id: id, name: show.name, record: record.json, hasEpisodes: true)
                }
                var byNumber: [EpisodeNumber: StoredEpisode] = [:]
                for episode in episodes {
                    guard let season = episode.season, let number = episode.number else { continue }
                    let place = EpisodeNumber(season: season, number: number)
                    if byNumber[place] == nil { byNumber[place] = episode }
                }
                placements[id] = byNumber
            }
            let position = showIndex[id]!
            for index in rows {
                let row = history.rows[index]
                if row.archived { plan.shows[position].archived = true }
                guard let place = row.episode else { continue }
                let name = plan.shows[position].name
                guard let episode = placements[id]?[place] else {
                    plan.skipped.append(
                        SkippedRow(.noSuchEpisode, "\(name) has no episode \(place.code) at TVMaze", row))
                    continue
                }
                guard episode.hasAired(by: Int(now.timeIntervalSince1970.rounded(.down))) else {
                    plan.skipped.append(
                        SkippedRow(.notAired, "\(name) \(place.code) has not aired yet; not marked", row))
                    continue
                }
                if let existing = markIndex[episode.id] {
                    plan.rewatchesFolded += 1
                    plan.marks[existing].mark.watchedAt = Self.earlier(
                        plan.marks[existing].mark.watchedAt, row.watchedAt)
                    continue
                }
                markIndex[episode.id] = plan.marks.count
                plan.marks.append(
                    ImportPlan.Mark(
                        mark: WatchMark(episodeID: episode.id, showID: id, watchedAt: row.watchedAt),
                        showName: plan.shows[position].name, code: place.code))
            }
        }
        return plan
    }

    /// The earlier of two times; a known time wins over none.
    static func earlier(_ a: Date?, _ b: Date?) -> Date? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The TVMaze id of a show key, or `nil` when TVMaze has none. The TVMaze id wins, then TheTVDB's, then IMDb's,
    /// each looked for among the shows this plan placed, the favorites and the catalogue before TVMaze is asked:
    /// an id of one kind never loses to a show found by an id of a later kind.
    private func resolve(_ key: ShowKey, learned: KnownShows, into plan: inout ImportPlan) async throws -> Int? {
        if let id = key.tvmaze { return id }
        if let tvdb = key.thetvdb {
            if let id = learned.id(thetvdb: tvdb) ?? known.id(thetvdb: tvdb) { return id }
            if let id = try await network?.lookup(.thetvdb(String(tvdb))) { return id }
        }
        if let imdb = key.imdb {
            if let id = learned.id(imdb: imdb) ?? known.id(imdb: imdb) { return id }
            if let id = try await network?.lookup(.imdb(imdb)) { return id }
        }
        guard let network else { return nil }
        if matchTitles, let title = key.title, let show = try await network.search(title: title) {
            plan.titleMatches.append(ImportPlan.TitleMatch(title: title, id: show.id, name: show.name))
            return show.id
        }
        return nil
    }

    /// A show's plan entry and its episodes: stored for a favorite with its list, else fetched.
    private func load(_ id: Int) async throws -> (ImportPlan.Show, [StoredEpisode])? {
        if let entry = known.byID[id], entry.hasEpisodes, let store {
            let episodes = try await store.episodes(showID: id)
            return (
                ImportPlan.Show(
                    id: id, name: entry.name, record: nil, episodes: nil, wasFavorite: true, archived: false),
                episodes
            )
        }
        var record = known.catalogue.records[id].flatMap { (try? ShowRecord(json: $0)) ?? nil }
        if record == nil { record = try await network?.show(id: id) }
        guard let network, let record else { return nil }
        let list = try await network.episodes(showID: id) ?? []
        return (
            ImportPlan.Show(
                id: id, name: record.name, record: record, episodes: list, wasFavorite: known.byID[id] != nil,
                archived: false),
            StoredEpisode.rows(of: list, showID: id)
        )
    }
}

extension SkippedRow {
    /// A row of the export skipped for `reason`, where it came from.
    fileprivate init(_ reason: SkipReason, _ detail: String, _ row: ImportRow) {
        self.init(reason: reason, detail: detail, origin: row.origin, row: row)
    }
}
