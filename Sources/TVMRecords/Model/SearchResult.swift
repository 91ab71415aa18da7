/// One result of a show search (`/search/shows?q=`): a relevance score and the show.
public struct SearchResult: TVMazeModel {
    /// TVMaze's relevance score; higher is better, not normalised.
    @Lenient public var score: Double?
    /// The show found.
    @Lenient public var show: Show?

    /// Creates a result with every field `nil`.
    public init() {}
}
