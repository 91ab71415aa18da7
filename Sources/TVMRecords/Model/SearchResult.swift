/// One result of a show search (`/search/shows?q=`): a relevance score and the show.
public struct SearchResult: TVMazeModel {
    /// TVMaze's relevance score; higher is better, not normalised.
    public var score: Double?
    /// The show found.
    public var show: Show?

    /// Creates a result with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case score, show
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        score = container.lenient(.score)
        show = container.lenient(.show)
    }
}
