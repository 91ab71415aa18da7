/// A TV network (`network`) or streaming service (`webChannel`); the two have the same shape.
public struct Network: TVMazeModel {
    /// The TVMaze id of the network or web channel.
    public var id: Int?
    /// The name, e.g. `CBS` or `Netflix`.
    public var name: String?
    /// The country, or `nil` for worldwide web channels.
    public var country: Country?
    /// The network's own website (added to the API in the 2020s).
    public var officialSite: String?

    /// Creates a network with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, name, country, officialSite
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        name = container.lenient(.name)
        country = container.lenient(.country)
        officialSite = container.lenient(.officialSite)
    }
}
