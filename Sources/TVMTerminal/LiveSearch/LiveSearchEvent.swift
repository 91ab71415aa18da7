import TVMRecords

/// Something that happened to a live search: a key, the debounce timer, or the answer to a search.
///
/// Timer and search events carry the generation the state handed out with the effect that started them
/// (``LiveSearchEffect/scheduleDebounce(generation:after:)``, ``LiveSearchEffect/startSearch(_:generation:)``);
/// an event from an older generation is stale and ignored, so results that arrive late for an old query are
/// never shown.
public enum LiveSearchEvent: Sendable, Equatable {
    /// A key was pressed.
    case key(LiveSearchKey)
    /// The debounce delay of an edit has passed.
    case debounceElapsed(generation: Int)
    /// A search finished; the results are best first, empty for no match.
    case searchSucceeded(generation: Int, results: [LiveSearchResult])
    /// TVMaze could not be reached and the show catalogue on disk answered the search instead; the status line
    /// says so.
    case searchAnsweredByCatalog(generation: Int, results: [LiveSearchResult])
    /// A search failed.
    case searchFailed(generation: Int, failure: LiveSearchFailure)
}

/// Why a search failed, in the words the status line shows.
///
/// The driver writes them: the original app specification's fetch-error text for a network failure, with the cause beside it.
public struct LiveSearchFailure: Sendable, Equatable {
    /// The title shown above the message, e.g. the original app specification's "Oops, something went wrong"; may be empty.
    public var title: String
    /// The message, e.g. "An error occurred while fetching data. Do you want to try again?".
    public var message: String
    /// What went wrong, e.g. "connection refused for http://…"; may be empty.
    public var cause: String

    /// Creates a failure.
    public init(title: String = "", message: String, cause: String = "") {
        self.title = title
        self.message = message
        self.cause = cause
    }
}
