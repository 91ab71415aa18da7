import TVMRecords
import TVMStore
import TVMTerminal
import TVMazeAPI

/// Where the live search's answers come from.
enum LiveSearchBackend: Sendable {
    /// TVMaze's search, through the client (and its HTTP cache); when TVMaze cannot be reached and there is a
    /// catalogue on disk, the catalogue answers instead (`fallback`).
    case api(APIClient, fallback: LocalLiveSearch?)
    /// The show catalogue on disk.
    case catalog(LocalLiveSearch)

    /// How long an edit waits before its search: the network is spared while typing; the catalogue answers at
    /// once.
    var debounce: Duration {
        switch self {
        case .api: return LiveSearchState.debounceDelay
        case .catalog: return .zero
        }
    }

    /// What a search found, and where.
    struct Answer: Sendable {
        /// The records, best first, as `tvm-search QUERY` prints them (with `_tvm.score`).
        var records: [[UInt8]]
        /// Whether the catalogue answered because TVMaze could not be reached.
        var fellBack = false
    }

    /// The records for a query.
    ///
    /// - Parameter query: The search.
    /// - Returns: The records, and whether the catalogue stood in for TVMaze.
    /// - Throws: ``APIError`` (one that is not a failure to reach TVMaze, or any when there is no catalogue),
    ///   ``CatalogError``.
    func answer(_ query: SearchQuery) async throws -> Answer {
        switch self {
        case .api(let client, let fallback):
            do {
                return Answer(records: try await ShowSearch.records(for: query, single: false, client: client))
            } catch let error as APIError {
                guard let fallback, Self.isUnreachable(error) else { throw error }
                return Answer(records: try fallback.records(for: query), fellBack: true)
            }
        case .catalog(let local):
            return Answer(records: try local.records(for: query))
        }
    }

    /// Whether an error means that TVMaze cannot be reached now: the connection failed or timed out on every
    /// attempt (or an earlier request found the host down), or the server kept answering 5xx. A 404, a 429, a
    /// rejected request or a cancelled one are answers, or will be.
    static func isUnreachable(_ error: APIError) -> Bool {
        switch error {
        case .timedOut, .unavailable, .skipped: return true
        default: return false
        }
    }
}

/// The catalogue as the live search asks it: the command line's filters, order and limit, at most a screenful.
struct LocalLiveSearch: Sendable {
    /// The catalogue.
    let store: CatalogStore
    /// The filters, order and limit; the text is each query's.
    let template: CatalogQuery

    /// The records for a query, as `tvm-search --local QUERY` prints them (with `_tvm.score`).
    ///
    /// - Parameter query: The search.
    /// - Returns: The records, best first; at most ``LiveSearchState/maxRows``.
    /// - Throws: ``CatalogError``.
    func records(for query: SearchQuery) throws -> [[UInt8]] {
        var search = template
        search.text = query.text
        if search.limit == 0 || search.limit > LiveSearchState.maxRows {
            search.limit = LiveSearchState.maxRows
        }
        return try store.scoredRecords(try store.search(search))
    }
}
