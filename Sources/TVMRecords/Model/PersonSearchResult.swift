/// One result of a people search (`/search/people?q=`): a relevance score and the person.
public struct PersonSearchResult: TVMazeModel {
    /// TVMaze's relevance score; higher is better, not normalised.
    public var score: Double?
    /// The person found.
    public var person: Person?

    /// Creates a result with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case score, person
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        score = container.lenient(.score)
        person = container.lenient(.person)
    }
}
