/// A country as TVMaze describes it, e.g. for a network or a person.
public struct Country: TVMazeModel {
    /// The English name, e.g. `United States`.
    public var name: String?
    /// The ISO 3166-1 alpha-2 code, e.g. `US` (TVMaze uses `GB`, not `UK`).
    public var code: String?
    /// The IANA time zone of the country's schedule, e.g. `America/New_York`.
    public var timezone: String?

    /// Creates a country with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case name, code, timezone
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = container.lenient(.name)
        code = container.lenient(.code)
        timezone = container.lenient(.timezone)
    }
}
