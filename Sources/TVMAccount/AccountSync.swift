import Foundation
import TVMRecords
import TVMStore
import TVMazeAPI

/// Push and pull between the favorites database and a TVMaze account.
///
/// ```swift
/// let sync = AccountSync(store: store, client: client, username: "ada", premium: 0)
/// let pulled = try await sync.pull(catalog: api, now: Date())
/// let pushed = try await sync.push(now: Date())
/// ```
public struct AccountSync: Sendable {
    /// The favorites database (opened for writing).
    public let store: FavoritesStore
    /// The account client, with credentials.
    public let client: AccountClient
    /// The account's username: the ledger's owner.
    public let username: String
    /// The premium level: with Premium, pulls read every mark in one request, and unmarks are sent.
    public let premium: Int
    /// The most marks in one `POST /v1/scrobble/episodes`.
    public var batchSize: Int

    /// The batch size used when none is given: 5,000 marks go in 10 requests.
    public static let defaultBatchSize = 500

    /// Creates a sync.
    public init(
        store: FavoritesStore, client: AccountClient, username: String, premium: Int,
        batchSize: Int = defaultBatchSize
    ) {
        self.store = store
        self.client = client
        self.username = username
        self.premium = premium
        self.batchSize = batchSize
    }

    // MARK: - Push

    /// What a push did.
    public struct PushReport: Sendable, Equatable {
        /// What was planned.
        public var plan: PushPlan
        /// The marks TVMaze confirmed.
        public var confirmed: [OutgoingMark] = []
        /// The marks TVMaze refused (they are sent again by the next push).
        public var failed: [BulkItem] = []
        /// The unmarks TVMaze carried out (Premium).
        public var unmarked: [Int] = []
        /// The unmarks that cannot be sent without Premium, said for the first time by this push.
        public var unsendable: [AccountUnmark] = []
    }

    /// What a push would send, without sending anything.
    ///
    /// - Throws: ``StoreError``.
    public func plan() async throws -> PushPlan {
        let local = try await store.marks()
        let ledger = try await store.ledger(for: username)
        let unmarks = try await store.pendingUnmarks(for: username)
        return PushPlan(local: local, ledger: ledger, unmarks: unmarks)
    }

    /// Sends the local marks TVMaze has not confirmed, in batches, and (with Premium) the unmarks.
    ///
    /// What TVMaze confirms is recorded after each batch, in its own transaction, and nothing else: a push cut
    /// short (a lost connection, a killed process) sends the rest next time, and never records an unconfirmed mark.
    /// - Parameters:
    ///   - now: The time of the push, recorded for `tvm-fav account`.
    ///   - onBatch: Called after each batch with the number of marks done so far and the total.
    /// - Returns: What happened.
    /// - Throws: ``AccountError`` (``AccountError/refused`` for a 401: then nothing was recorded), `APIError`,
    ///   ``StoreError``.
    public func push(now: Date, onBatch: (Int, Int) -> Void = { _, _ in }) async throws -> PushReport {
        var report = PushReport(plan: try await plan())
        var done = 0
        for batch in report.plan.batches(of: batchSize) {
            let items = try await client.scrobble(batch)
            let confirmed = items.filter(\.succeeded).map(\.mark)
            report.confirmed += confirmed
            report.failed += items.filter { !$0.succeeded }
            try await store.recordPush(
                confirmed: confirmed.map { AccountLedgerEntry(episodeID: $0.episodeID, markedAt: $0.markedAt) },
                username: username)
            done += batch.count
            onBatch(done, report.plan.marks.count)
        }
        if premium > 0 {
            for unmark in report.plan.unmarks {
                _ = try await client.unmark(episodeID: unmark.episodeID)
                try await store.recordPush(confirmed: [], unmarked: [unmark.episodeID], username: username)
                report.unmarked.append(unmark.episodeID)
            }
        } else {
            report.unsendable = report.plan.unmarks.filter { !$0.reported }
        }
        try await store.recordPush(
            confirmed: [], reported: report.unsendable.map(\.episodeID), username: username, finished: now)
        return report
    }

    // MARK: - Pull

    /// A favorite whose marks a free pull could not read, and why.
    public struct FailedShow: Sendable, Equatable {
        /// The show.
        public var showID: Int
        /// What went wrong, as the error says it.
        public var reason: String
    }

    /// A mark TVMaze listed with a time that cannot be when an episode was watched, and why.
    public struct UntimelyMark: Sendable, Equatable {
        /// The mark, as listed.
        public var mark: RemoteMark
        /// Why its time cannot be: `is in the future`, or before 1900.
        public var problem: String
    }

    /// What a pull brought.
    public struct PullReport: Sendable, Equatable {
        /// The changes saved.
        public var changes = PulledChanges()
        /// The followed shows that became favorites (Premium), by id and name.
        public var newFavorites: [ShowLabel] = []
        /// Marks whose show could not be told: left out.
        public var unplaced: [RemoteMark] = []
        /// Favorites whose marks could not be read (free accounts), with the reason: skipped, for the next pull.
        public var failedShows: [FailedShow] = []
        /// Marks whose time cannot be when an episode was watched (``WatchMark/timeProblem(_:now:)``), with the
        /// reason: left out, and not recorded as held by TVMaze.
        public var untimely: [UntimelyMark] = []
        /// Listed items that named no episode: left out.
        public var unreadable = 0
        /// The number of marks TVMaze listed.
        public var remoteCount = 0
    }

    /// Brings TVMaze's marks (and, with Premium, its follows) in, and merges them into the local marks.
    ///
    /// Free accounts: one `GET /v1/scrobble/shows/{id}` per favorite; a favorite whose marks cannot be read is
    /// skipped and listed in ``PullReport/failedShows``, unless the next one fails too, or it is the only one.
    /// Premium: `GET /v1/user/episodes` and `GET /v1/user/follows/shows?embed=show`; followed shows that are not
    /// favorites become favorites with their episode lists (fetched through `catalog`). Nothing local is deleted.
    /// - Parameters:
    ///   - catalog: The public API client, for the episode lists of newly followed shows.
    ///   - now: The time of the pull.
    /// - Returns: What changed.
    /// - Throws: ``AccountError`` (``AccountError/refused`` for a 401, before anything was saved), `APIError`,
    ///   ``StoreError``.
    public func pull(catalog: APIClient, now: Date) async throws -> PullReport {
        var report = PullReport()
        var remote: [RemoteMark] = []
        var newShows: [FollowedShow] = []
        let favorites = try await store.favorites().map(\.id)
        if premium > 0 {
            let list = try await client.allMarks()
            (remote, report.unreadable) = (list.marks, list.unreadable)
            let known = Set(favorites)
            newShows = try await client.follows().filter { !known.contains($0.showID) }
        } else {
            var streak = FailureStreak(items: favorites.count)
            for showID in favorites {
                do {
                    let list = try await client.marks(ofShow: showID)
                    remote += list.marks
                    report.unreadable += list.unreadable
                    streak.succeeded()
                } catch AccountError.refused {
                    throw AccountError.refused
                } catch {
                    // A stop comes before anything is saved.
                    if streak.failed() { throw error }
                    report.failedShows.append(FailedShow(showID: showID, reason: error.localizedDescription))
                }
            }
        }
        report.remoteCount = remote.count
        // A time that cannot be (milliseconds read as seconds, a year 55840) would be saved as no date can be read.
        // TVMaze's clock is the judge of its own marks: a day of slack for a local clock behind it.
        let latest = now.addingTimeInterval(86_400)
        remote = remote.filter { mark in
            guard mark.markedAt != 0,
                let problem = WatchMark.timeProblem(Date(timeIntervalSince1970: Double(mark.markedAt)), now: latest)
            else { return true }
            report.untimely.append(UntimelyMark(mark: mark, problem: problem))
            return false
        }
        if !newShows.isEmpty {
            report.newFavorites = try await addFavorites(newShows, catalog: catalog, now: now)
        }
        let local = try await store.marks(episodeIDs: remote.map(\.episodeID))
        let unmarked = Set(try await store.pendingUnmarks(for: username).map(\.episodeID))
        let unknownShows = remote.filter { $0.showID == nil }.map(\.episodeID)
        let showOf = try await store.episodes(ids: unknownShows).mapValues(\.showID)
        let outcome = MarkMerge.merge(
            local: local, remote: remote, unmarked: unmarked, showOf: showOf, others: try await store.otherMarks())
        try await store.applyPull(outcome.changes, username: username, at: now)
        report.changes = outcome.changes
        report.unplaced = outcome.unplaced
        return report
    }

    /// Saves followed shows as favorites with their episode lists, in one transaction.
    private func addFavorites(_ shows: [FollowedShow], catalog: APIClient, now: Date) async throws -> [ShowLabel] {
        let folder = FilePath.folder(of: store.path)
        let batch = try FavoritesBatch(folder: folder.isEmpty ? FileManager.default.temporaryDirectory.path : folder)
        var labels: [ShowLabel] = []
        for show in shows {
            var body = show.record ?? []
            if show.record == nil { body = try await catalog.fetch(.show(id: show.showID)) }
            guard let record = try ShowRecord(json: body), record.id == show.showID else { continue }
            try batch.append(record)
            try batch.setEpisodes(
                showID: record.id, records: try await EpisodeLoader(client: catalog).fullList(of: record.id))
            labels.append(ShowLabel(id: record.id, name: record.name))
        }
        _ = try await store.save(batch: batch, at: now)
        return labels
    }
}
