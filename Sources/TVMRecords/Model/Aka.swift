/// An alternative title of a show (`/shows/{id}/akas`).
public struct Aka: TVMazeModel {
    /// The title, e.g. `Под куполом`.
    public var name: String?
    /// The country where the title is used, or `nil` for a worldwide title.
    public var country: Country?

    /// Creates an aka with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case name, country
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = container.lenient(.name)
        country = container.lenient(.country)
    }
}
