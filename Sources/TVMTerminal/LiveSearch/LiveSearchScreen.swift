import TVMRecords

/// What the live search shows, independent of how it is drawn: the screen model ``LiveSearchRenderer`` draws.
///
/// Made by ``LiveSearchState/screen``; two equal screens draw the same bytes at the same size.
public struct LiveSearchScreen: Sendable, Equatable {
    /// The list under the prompt.
    public enum List: Sendable, Equatable {
        /// The query is empty: the last successful searches, most recent first, offered as suggestions.
        case suggestions([String])
        /// Shows found by the search, best first.
        case results([LiveSearchResult])
    }

    /// The status line.
    public enum Status: Sendable, Equatable {
        /// The query is empty and there is no history yet.
        case typeToSearch
        /// The query is empty and the list holds suggestions.
        case suggestions
        /// A search for this text is waiting for the debounce or for TVMaze.
        case searching(String)
        /// The list holds this many results for the query.
        case results(count: Int)
        /// TVMaze found nothing for this text.
        case noResults(String)
        /// The search failed; `r` retries it.
        case failed(LiveSearchFailure)
    }

    /// The query as typed.
    public var query: String
    /// Where the cursor is in the query: the number of characters before it.
    public var cursor: Int
    /// The list.
    public var list: List
    /// The index of the selected row, or `nil` when the list is empty.
    public var selection: Int?
    /// The indexes of the marked rows of the list.
    public var marked: Set<Int>
    /// How many shows are marked in all, including shows of earlier queries that are no longer listed.
    public var markedCount: Int
    /// The status line.
    public var status: Status
    /// The show whose detail view covers the list, if any.
    public var detail: LiveSearchResult?
    /// Whether the results (or the lack of them) come from the catalogue on disk because TVMaze cannot be
    /// reached.
    public var fromCatalog: Bool

    /// Creates a screen model.
    ///
    /// - Parameters:
    ///   - query: The query as typed.
    ///   - cursor: The number of characters before the cursor; the end of the query when `nil`.
    ///   - selection: The selected row.
    ///   - marked: The marked rows.
    ///   - markedCount: How many shows are marked in all.
    ///   - status: The status line.
    ///   - detail: The show whose detail view is open.
    ///   - fromCatalog: Whether the catalogue on disk answered in place of TVMaze.
    public init(
        query: String,
        cursor: Int? = nil,
        list: List,
        selection: Int? = nil,
        marked: Set<Int> = [],
        markedCount: Int = 0,
        status: Status,
        detail: LiveSearchResult? = nil,
        fromCatalog: Bool = false
    ) {
        self.query = query
        self.cursor = min(max(0, cursor ?? query.count), query.count)
        self.list = list
        self.selection = selection
        self.marked = marked
        self.markedCount = markedCount
        self.status = status
        self.detail = detail
        self.fromCatalog = fromCatalog
    }

    /// The number of rows in the list.
    public var rowCount: Int {
        switch list {
        case .suggestions(let queries): return queries.count
        case .results(let results): return results.count
        }
    }
}
