/// The community rating of a show or episode.
public struct Rating: TVMazeModel {
    /// The average rating out of 10, or `nil` when there are too few votes.
    public var average: Double?

    /// Creates a rating with no average.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case average
    }

    /// Decodes leniently: a bad or missing average becomes `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        average = container.lenient(.average)
    }
}
