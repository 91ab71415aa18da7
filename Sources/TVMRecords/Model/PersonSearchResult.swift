/// One result of a people search (`/search/people?q=`): a relevance score and the person.
public struct PersonSearchResult: TVMazeModel {
    /// TVMaze's relevance score; higher is better, not normalised.
    @Lenient public var score: Double?
    /// The person found.
    @Lenient public var person: Person?

    /// Creates a result with every field `nil`.
    public init() {}
}
