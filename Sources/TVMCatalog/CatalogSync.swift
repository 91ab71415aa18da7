import Foundation
import TVMStore
import TVMazeAPI

/// Brings the catalogue up to date with TVMaze: the whole index on the first run (or `--full`), only what changed
/// afterwards.
///
/// **A first sync** pages `/shows?page=N` from 0 until a 404, one transaction per page, and remembers the next page
/// in the same transaction: an interrupted sync (Ctrl-C, `kill -9`, a lost network) goes on where it stopped, and
/// no page is ever half-stored. A page that fails after its retries is remembered and fetched again by the next
/// sync; three in a row stop the sync (the server is away).
///
/// **Later syncs** ask `/updates/shows?since=day|week|month`, the smallest window that covers the time since the
/// last sync started (plus an hour, for the edge cache), or the full list beyond a month. Only shows whose
/// `updated` is newer than the stored one are fetched: an index page when it holds two or more of them (250
/// records for one request), the show alone otherwise, and alone as well when the page's copy is older than the
/// updates list says (index pages may be a day stale at TVMaze's edge). New shows are in the updates list; past
/// the last page, pages are asked until the 404, and new shows on a page not served yet are fetched alone. With the
/// full list, stored shows absent from it are removed. So an incremental sync sends at most 2 + min(changed shows,
/// distinct pages holding them) requests, plus one per stale page copy.
///
/// **Removals are bounded**: one answer that looks wrong (an index that ends early, a full updates list that
/// misses most shows) must not empty the catalogue. A sync that would remove more than
/// ``removalLimit(stored:)`` shows stops before removing any (``CatalogSyncError/massRemoval(count:stored:limit:)``)
/// unless it was made with `allowMassRemoval`.
public struct CatalogSync {
    /// Pages that fail in a row before the sync stops.
    public static let failuresBeforeStopping = 3
    /// How far the updates window must reach beyond the last sync: TVMaze's edge may serve a list an hour old.
    public static let windowMargin: Double = ShowUpdates.margin

    let store: CatalogStore
    let client: APIClient
    let now: @Sendable () -> Double
    let onEvent: @Sendable (CatalogSyncEvent) -> Void
    let allowMassRemoval: Bool

    /// The most shows one sync removes without `allowMassRemoval`: 5% of the catalogue, at least 100 and at most
    /// 500 (TVMaze drops a handful of shows a month).
    ///
    /// - Parameter stored: The shows in the catalogue when the sync started.
    /// - Returns: The limit.
    public static func removalLimit(stored: Int) -> Int {
        min(500, max(100, stored / 20))
    }

    /// Creates a sync; `allowMassRemoval` lets it remove more than ``removalLimit(stored:)`` shows.
    public init(
        store: CatalogStore, client: APIClient,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        onEvent: @escaping @Sendable (CatalogSyncEvent) -> Void = { _ in },
        allowMassRemoval: Bool = false
    ) {
        self.store = store
        self.client = client
        self.now = now
        self.onEvent = onEvent
        self.allowMassRemoval = allowMassRemoval
    }

    /// Syncs.
    ///
    /// - Parameter full: Whether to page the whole index even when the catalogue is complete.
    /// - Returns: What was done, including the pages that failed.
    /// - Throws: ``CatalogError``; ``CatalogSyncError`` when the server stopped answering, when the updates list
    ///   is unusable, or when the sync would remove too many shows; ``APIError`` when the updates list cannot be
    ///   fetched.
    public func run(full: Bool) async throws -> CatalogSyncSummary {
        var summary = CatalogSyncSummary()
        let state = try store.syncState()
        try await retryPending(&summary)
        if let next = state.fullNextPage {
            onEvent(.resuming(page: next))
            try await fullPass(from: next, &summary)
        } else if full || state.lastSync == nil {
            try store.beginFullSync(at: now())
            try await fullPass(from: 0, &summary)
        } else if let lastSync = state.lastSync {
            try await incremental(since: lastSync, &summary)
        }
        summary.shows = try store.info().shows
        return summary
    }

    // MARK: - The whole index

    private func fullPass(from first: Int, _ summary: inout CatalogSyncSummary) async throws {
        summary.full = true
        let stored = try store.info().shows
        var page = first
        var streak: [(page: Int, error: APIError)] = []
        while true {
            let fetched: CatalogPage
            do {
                fetched = try await fetchPage(page, &summary)
            } catch APIError.notFound {
                try remember(streak, &summary)
                // Every show the walk found gone, on this run or an earlier one, goes at once, or none does.
                try checkRemoval(try store.fullSyncRemovals(endPage: page).count, stored: stored)
                summary.removed += try store.finishFullSync(endPage: page)
                return
            } catch APIError.cancelled(let url) {
                throw APIError.cancelled(url: url)
            } catch {
                streak.append((page, error))
                onEvent(.pageFailed(page: page, error: error))
                if streak.count >= Self.failuresBeforeStopping {
                    throw CatalogSyncError.stopped(page: streak[0].page, cause: error)
                }
                page += 1
                continue
            }
            let written = try save(fetched, mode: .replacingRange, advancesFullSync: true)
            try remember(streak, &summary)
            streak = []
            summary.pages += 1
            summary.written += written
            onEvent(.pageStored(page: page, pagesDone: page + 1, shows: try store.info().shows))
            page += 1
        }
    }

    /// Throws unless the sync may remove `count` shows of a catalogue that held `stored` when it started.
    func checkRemoval(_ count: Int, stored: Int) throws(CatalogSyncError) {
        let limit = Self.removalLimit(stored: stored)
        guard allowMassRemoval || count <= limit else {
            throw .massRemoval(count: count, stored: stored, limit: limit)
        }
    }

    /// Remembers failed pages once a later page shows that the walk goes on past them.
    private func remember(_ failures: [(page: Int, error: APIError)], _ summary: inout CatalogSyncSummary) throws {
        guard !failures.isEmpty else { return }
        try store.addPending(failures.map { PendingPage(page: $0.page, reason: $0.error.localizedDescription) })
        for failure in failures { fail(page: failure.page, failure.error, &summary) }
    }

    func fail(page: Int, _ error: APIError, _ summary: inout CatalogSyncSummary) {
        if !summary.failedPages.contains(page) { summary.failedPages.append(page) }
        if summary.worstFailure.map({ Self.severity($0) < Self.severity(error) }) ?? true {
            summary.worstFailure = error
        }
    }

    private static func severity(_ error: APIError) -> Int {
        switch error {
        case .rateLimited, .timedOut: return 1
        default: return 2
        }
    }

    /// Fetches pages that failed in an earlier sync; they only add and update.
    private func retryPending(_ summary: inout CatalogSyncSummary) async throws {
        for page in try store.pendingPages() {
            let fetched: CatalogPage
            do {
                fetched = try await fetchPage(page, &summary)
            } catch APIError.notFound {
                try store.storePage(page, entries: [], mode: .newerOnly, advancesFullSync: false)
                continue
            } catch {
                onEvent(.pageFailed(page: page, error: error))
                fail(page: page, error, &summary)
                continue
            }
            summary.written += try save(fetched, mode: .newerOnly, advancesFullSync: false)
            summary.pages += 1
        }
    }

    /// Fetches and reads one index page, reporting its invalid records.
    func fetchPage(_ page: Int, _ summary: inout CatalogSyncSummary) async throws(APIError) -> CatalogPage {
        let fetched = try await client.fetchUncachedArray(.showIndex(page: page)) { CatalogPage.read($0, page: page) }
        for record in fetched.invalid {
            onEvent(.invalidRecord(page: page, position: record.position, reason: record.reason))
        }
        summary.invalidRecords += fetched.invalid.count
        return fetched
    }

    /// Stores a fetched page in one transaction, reading its records (those in `only`, or all) one at a time.
    ///
    /// - Returns: How many shows were written.
    func save(_ fetched: CatalogPage, only: Set<Int>? = nil, mode: CatalogStore.PageMode, advancesFullSync: Bool)
        throws(CatalogError) -> Int
    {
        var entries = fetched.entries(only: only)
        return try store.storePage(fetched.page, mode: mode, advancesFullSync: advancesFullSync) {
            try entries.next()
        }
    }
}
