import Foundation
import TVMazeAPI

/// What a sync tells its caller as it goes: progress for a terminal, and problems to report.
public enum CatalogSyncEvent: Sendable {
    /// A first or `--full` sync goes on where an interrupted one stopped.
    case resuming(page: Int)
    /// An incremental sync asks `/updates/shows` for this window (`nil`: the full list).
    case checkingUpdates(since: Endpoint.UpdatesPeriod?)
    /// An incremental sync found this many changed shows, to fetch in this many requests, and shows to remove.
    case changes(shows: Int, requests: Int, removed: Int)
    /// A page was stored; `shows` is the catalogue's count after it.
    case pageStored(page: Int, pagesDone: Int, shows: Int)
    /// A page failed after its retries; it is fetched again by the next sync.
    case pageFailed(page: Int, error: APIError)
    /// A single show failed after its retries; its page is fetched again by the next sync.
    case showFailed(id: Int, error: APIError)
    /// A record was left out.
    case invalidRecord(page: Int?, position: Int?, reason: String)
}

/// What a sync did.
public struct CatalogSyncSummary: Sendable, Equatable {
    /// Whether it was a first or `--full` sync (the whole index paged).
    public var full = false
    /// The index pages fetched and stored.
    public var pages = 0
    /// The single shows fetched.
    public var singles = 0
    /// The shows added or changed.
    public var written = 0
    /// The shows removed.
    public var removed = 0
    /// The pages that failed, to be fetched again by the next sync.
    public var failedPages: [Int] = []
    /// The records left out as invalid.
    public var invalidRecords = 0
    /// The most serious failure among the pages and shows that failed, for the exit status.
    public var worstFailure: APIError?
    /// The catalogue's show count at the end.
    public var shows = 0

    /// Creates an empty summary.
    public init() {}
}

/// Why a sync stopped before its end.
public enum CatalogSyncError: Error, LocalizedError, Sendable {
    /// Several pages in a row failed: the server is away. The next sync goes on from `page`.
    case stopped(page: Int, cause: APIError)
    /// The updates list is empty where it must list every show, or has a member that is not a show id and a time
    /// (`member` quotes it); nothing was changed.
    case invalidUpdates(member: String?)
    /// The sync would remove `count` of the `stored` shows, more than `limit`, without `--allow-mass-removal`;
    /// nothing was removed.
    case massRemoval(count: Int, stored: Int, limit: Int)

    /// A sentence that says what happened and what to do.
    public var errorDescription: String? {
        switch self {
        case .stopped(let page, let cause):
            return
                "the sync stopped at page \(page) after \(CatalogSync.failuresBeforeStopping) pages in a row "
                + "failed: \(cause.localizedDescription); run tvm-fetch catalog sync again to go on from there"
        case .invalidUpdates(let member?):
            return
                "TVMaze's updates list is not usable: the member \(member) is not a show id and a time; nothing "
                + "was changed; run tvm-fetch catalog sync again later"
        case .invalidUpdates(nil):
            return
                "TVMaze's full updates list is empty; nothing was changed or removed; run tvm-fetch catalog sync "
                + "again later"
        case .massRemoval(let count, let stored, let limit):
            return
                "this sync would remove \(count) of the \(stored) shows in the catalogue, more than the \(limit) "
                + "one sync may remove: TVMaze's answer looks incomplete, so nothing was removed; run tvm-fetch "
                + "catalog sync again later, or, if TVMaze really dropped them, tvm-fetch catalog sync "
                + "--allow-mass-removal"
        }
    }
}
