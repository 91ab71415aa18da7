import TVMRecords
import TVMStore
import TVMazeAPI

extension CatalogSync {
    /// The smallest `/updates/shows` window that covers `elapsed` seconds (plus ``windowMargin``); `nil` for the
    /// full list, beyond a month (``ShowUpdates/window(covering:margin:)``).
    ///
    /// - Parameter elapsed: Seconds since the last sync started.
    /// - Returns: `day`, `week`, `month`, or `nil`.
    public static func window(covering elapsed: Double) -> Endpoint.UpdatesPeriod? {
        ShowUpdates.window(covering: elapsed, margin: windowMargin)
    }

    /// What an incremental sync fetches: the pages worth fetching whole, and the shows to fetch alone.
    public struct Plan: Sendable, Equatable {
        /// Pages holding two or more changed shows, each with its changed ids and their updates times.
        public var pages: [Int: [Int: Int]] = [:]
        /// Shows alone on their page, with their updates times.
        public var singles: [Int: Int] = [:]
        /// Stored shows absent from a full updates list.
        public var removed: [Int] = []

        /// The requests the plan sends, besides the updates list and the page past the end.
        public var requests: Int { pages.count + singles.count }
    }

    /// Plans an incremental sync.
    ///
    /// - Parameters:
    ///   - updates: `/updates/shows`: show id → Unix time of its last change.
    ///   - stored: The catalogue's `updated` times by id.
    ///   - isFullList: Whether `updates` is the full list (then stored shows absent from it are removed).
    /// - Returns: The plan.
    public static func plan(updates: [Int: Int], stored: [Int: Int], isFullList: Bool) -> Plan {
        var plan = Plan()
        var byPage: [Int: [Int: Int]] = [:]
        for (id, time) in updates where stored[id].map({ $0 < time }) ?? true {
            byPage[id / CatalogStore.idsPerPage, default: [:]][id] = time
        }
        for (page, changed) in byPage {
            if changed.count >= 2 {
                plan.pages[page] = changed
            } else {
                plan.singles.merge(changed) { first, _ in first }
            }
        }
        if isFullList {
            plan.removed = stored.keys.filter { updates[$0] == nil }.sorted()
        }
        return plan
    }

    func incremental(since lastSync: Double, _ summary: inout CatalogSyncSummary) async throws {
        let started = now()
        let window = Self.window(covering: started - lastSync)
        onEvent(.checkingUpdates(since: window))
        let updates = try await client.fetchUncached(.updates(since: window)) { body in
            Result { () throws(UnusableBody) -> Result<[Int: Int], CatalogSyncError> in
                try Self.readUpdates(body, isFullList: window == nil)
            }
        }.get()
        let stored = try store.updatedTimes()
        let plan = Self.plan(updates: updates, stored: stored, isFullList: window == nil)
        try checkRemoval(plan.removed.count, stored: stored.count)
        onEvent(
            .changes(
                shows: plan.pages.values.map(\.count).reduce(plan.singles.count, +), requests: plan.requests,
                removed: plan.removed.count))
        var singles = plan.singles
        var pagesDone = 0
        for (page, changed) in plan.pages.sorted(by: { $0.key < $1.key }) {
            let fetched: CatalogPage?
            do {
                fetched = try await fetchPageOrPend(page, &summary)
            } catch APIError.notFound {
                // New shows past the index's last page, which TVMaze serves some time later: fetched alone.
                singles.merge(changed) { first, _ in first }
                continue
            }
            guard let fetched else { continue }
            // Only the changed shows whose copy on the page is as new as the updates list says: the page may be
            // stale at the edge, and then those shows are fetched alone.
            let freshIDs = Set(
                fetched.ids.filter { id in
                    changed[id].map { (fetched.updated[id] ?? 0) >= $0 } ?? (stored[id] == nil)
                })
            for (id, time) in changed where !freshIDs.contains(id) { singles[id] = time }
            summary.written += try save(fetched, only: freshIDs, mode: .newerOnly, advancesFullSync: false)
            summary.pages += 1
            pagesDone += 1
            onEvent(.pageStored(page: page, pagesDone: pagesDone, shows: try store.info().shows))
        }
        for id in singles.keys.sorted() {
            try await fetchSingle(id, &summary)
        }
        // New shows land on the last page or past it; they are in the updates list too, so only the pages past
        // the highest known id are asked, until the 404.
        let highest = max(stored.keys.max() ?? 0, updates.keys.max() ?? 0)
        var page = highest / CatalogStore.idsPerPage + 1
        while true {
            let fetched: CatalogPage?
            do {
                fetched = try await fetchPageOrPend(page, &summary)
            } catch APIError.notFound {
                break
            }
            guard let fetched else { break }
            summary.written += try save(fetched, mode: .newerOnly, advancesFullSync: false)
            summary.pages += 1
            page += 1
        }
        summary.removed += try store.remove(ids: plan.removed)
        try store.finishIncrementalSync(startedAt: started)
    }

    /// Fetches a page; one that fails after its retries is reported and remembered for the next sync (`nil`).
    /// A 404 is thrown as ``APIError/notFound(url:)``; a cancelled request ends the sync.
    private func fetchPageOrPend(_ page: Int, _ summary: inout CatalogSyncSummary) async throws -> CatalogPage? {
        do {
            return try await fetchPage(page, &summary)
        } catch APIError.notFound(let url) {
            throw APIError.notFound(url: url)
        } catch APIError.cancelled(let url) {
            throw APIError.cancelled(url: url)
        } catch {
            onEvent(.pageFailed(page: page, error: error))
            try pend(page: page, error, &summary)
            return nil
        }
    }

    /// Remembers a page for the next sync, and the failure for the exit status.
    private func pend(page: Int, _ error: APIError, _ summary: inout CatalogSyncSummary) throws {
        try store.addPending([PendingPage(page: page, reason: error.localizedDescription)])
        fail(page: page, error, &summary)
    }

    private func fetchSingle(_ id: Int, _ summary: inout CatalogSyncSummary) async throws {
        let entry: Result<CatalogEntry, CatalogRecordError>
        do {
            entry = try await client.fetchUncached(.show(id: id)) { body in
                .success(Result { () throws(CatalogRecordError) -> CatalogEntry in try CatalogEntry(json: body) })
            }
        } catch APIError.notFound {
            summary.removed += try store.remove(ids: [id])
            return
        } catch APIError.cancelled(let url) {
            throw APIError.cancelled(url: url)
        } catch {
            onEvent(.showFailed(id: id, error: error))
            try pend(page: id / CatalogStore.idsPerPage, error, &summary)
            return
        }
        summary.singles += 1
        switch entry {
        case .success(let entry):
            summary.written += try store.store([entry])
        case .failure(let error):
            summary.invalidRecords += 1
            onEvent(.invalidRecord(page: nil, position: nil, reason: "show \(id): \(error.localizedDescription)"))
        }
    }

    /// Reads `{"<id>": time, …}` (``ShowUpdates/read(_:)``): a body that is not a JSON object is unusable (and
    /// asked again); a member that is not a show id and a time, or an empty full list, is
    /// ``CatalogSyncError/invalidUpdates(member:)``.
    static func readUpdates(_ body: [UInt8], isFullList: Bool) throws(UnusableBody)
        -> Result<[Int: Int], CatalogSyncError>
    {
        let (updates, firstInvalid) = try ShowUpdates.read(body)
        if let firstInvalid { return .failure(.invalidUpdates(member: firstInvalid)) }
        if isFullList && updates.isEmpty { return .failure(.invalidUpdates(member: nil)) }
        return .success(updates)
    }
}
