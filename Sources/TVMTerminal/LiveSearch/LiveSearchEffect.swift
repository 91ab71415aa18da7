import TVMRecords

/// What the live search asks its driver to do after an event.
///
/// The state machine never waits, sends or prints: it returns these, and the driver performs them in order.
public enum LiveSearchEffect: Sendable, Equatable {
    /// Start (or restart) the debounce timer; when it fires, send
    /// ``LiveSearchEvent/debounceElapsed(generation:)`` with this generation. A newer schedule replaces it.
    case scheduleDebounce(generation: Int, after: Duration)
    /// Search TVMaze now and answer with ``LiveSearchEvent/searchSucceeded(generation:results:)`` or
    /// ``LiveSearchEvent/searchFailed(generation:failure:)`` carrying this generation.
    case startSearch(SearchQuery, generation: Int)
    /// Cancel the search started with this generation: its answer is no longer wanted.
    case cancelSearch(generation: Int)
    /// Print these records on stdout, in order, and remember these searches in the history.
    case printRecords([[UInt8]], remembering: [SearchQuery])
    /// End the interface and exit with this status: 0 after printing, 130 when cancelled.
    case exit(code: Int32)
}
