/// The community rating of a show or episode.
public struct Rating: TVMazeModel {
    /// The average rating out of 10, or `nil` when there are too few votes.
    @Lenient public var average: Double?

    /// Creates a rating with no average.
    public init() {}
}
