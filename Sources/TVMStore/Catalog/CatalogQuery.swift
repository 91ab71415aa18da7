/// A search or a browse of the catalogue: words, filters, an order and a limit.
///
/// ```swift
/// var query = CatalogQuery(text: "girls")
/// query.genres = ["Comedy"]
/// query.sort = .rating
/// ```
public struct CatalogQuery: Sendable, Equatable {
    /// The words to find (name, genres, network or web channel, summary); `nil` or blank to browse.
    public var text: String?
    /// Genres every show must have (case-insensitive).
    public var genres: [String] = []
    /// The status, e.g. `Running` (case-insensitive).
    public var status: String?
    /// The language, e.g. `English` (case-insensitive).
    public var language: String?
    /// The type, e.g. `Scripted` (case-insensitive).
    public var type: String?
    /// The network or web channel name (case-insensitive).
    public var network: String?
    /// The network's or web channel's country code, e.g. `GB` (case-insensitive).
    public var country: String?
    /// The lowest rating.
    public var minRating: Double?
    /// The years the show premiered in.
    public var premiered: ClosedRange<Int>?
    /// The order; `nil` for the best match first with words, the most popular first without.
    public var sort: CatalogSort?
    /// The most shows to return; 0 for all.
    public var limit: Int = 10
    /// How many shows of the order to skip first.
    public var offset: Int = 0
    /// Only shows whose id is in this range (an index page's ids: `250N..<250(N+1)`).
    public var ids: Range<Int>?

    /// Creates a query.
    ///
    /// - Parameter text: The words to find, or `nil` to browse.
    public init(text: String? = nil) {
        self.text = text
    }

    /// Whether any filter is set.
    public var hasFilters: Bool {
        !genres.isEmpty || status != nil || language != nil || type != nil || network != nil || country != nil
            || minRating != nil || premiered != nil || ids != nil
    }
}

/// The orders of a catalogue search.
public enum CatalogSort: String, Sendable, CaseIterable {
    /// The best match first (a match in the name before any other), ties by popularity.
    case score
    /// The highest rating first; unrated shows last.
    case rating
    /// The most popular first (TVMaze's `weight`).
    case popularity
    /// The latest premiere first; shows without a date last.
    case premiered
    /// By name, A to Z, ignoring case.
    case name
    /// By TVMaze id.
    case id
}

/// One show a catalogue search found.
public struct CatalogHit: Sendable, Equatable {
    /// The show id.
    public var id: Int
    /// How well it matched (higher is better), or `nil` when browsing.
    public var score: Double?
}
