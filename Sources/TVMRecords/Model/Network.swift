/// A TV network (`network`) or streaming service (`webChannel`); the two have the same shape.
public struct Network: TVMazeModel {
    /// The TVMaze id of the network or web channel.
    @Lenient public var id: Int?
    /// The name, e.g. `CBS` or `Netflix`.
    @Lenient public var name: String?
    /// The country, or `nil` for worldwide web channels.
    @Lenient public var country: Country?
    /// The network's own website (added to the API in the 2020s).
    @Lenient public var officialSite: String?

    /// Creates a network with every field `nil`.
    public init() {}
}
