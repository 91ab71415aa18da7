/// A country as TVMaze describes it, e.g. for a network or a person.
public struct Country: TVMazeModel {
    /// The English name, e.g. `United States`.
    @Lenient public var name: String?
    /// The ISO 3166-1 alpha-2 code, e.g. `US` (TVMaze uses `GB`, not `UK`).
    @Lenient public var code: String?
    /// The IANA time zone of the country's schedule, e.g. `America/New_York`.
    @Lenient public var timezone: String?

    /// Creates a country with every field `nil`.
    public init() {}
}
