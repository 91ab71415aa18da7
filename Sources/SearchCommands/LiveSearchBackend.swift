import TVMRecords
import TVMStore
import TVMTerminal
import TVMazeAPI

/// Where the live search's answers come from.
enum LiveSearchBackend: Sendable {
    /// TVMaze's search, through the client (and its HTTP cache).
    case api(APIClient)
    /// The show catalogue on disk, with the filters, order and limit of the command line.
    case catalog(CatalogStore, CatalogQuery)

    /// How long an edit waits before its search: the network is spared while typing; the catalogue answers at
    /// once.
    var debounce: Duration {
        switch self {
        case .api: return LiveSearchState.debounceDelay
        case .catalog: return .zero
        }
    }

    /// The records for a query, as `tvm-search QUERY` prints them (with `_tvm.score`).
    ///
    /// - Parameter query: The search.
    /// - Returns: The records, best first.
    /// - Throws: ``APIError``, ``CatalogError``.
    func records(for query: SearchQuery) async throws -> [[UInt8]] {
        switch self {
        case .api(let client):
            return try await ShowSearch.records(for: query, single: false, client: client)
        case .catalog(let store, var template):
            template.text = query.text
            if template.limit == 0 || template.limit > LiveSearchState.maxRows {
                template.limit = LiveSearchState.maxRows
            }
            return try store.scoredRecords(try store.search(template))
        }
    }
}
