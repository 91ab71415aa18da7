/// One hypermedia link of a `_links` object.
public struct Link: TVMazeModel {
    /// The API URL, e.g. `https://api.tvmaze.com/episodes/1`.
    public var href: String?
    /// The linked object's name, where TVMaze gives it (e.g. for `previousepisode` in newer records).
    public var name: String?

    /// Creates a link with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case href, name
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        href = container.lenient(.href)
        name = container.lenient(.name)
    }
}
