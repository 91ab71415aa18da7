/// The character a person plays in a cast entry (named so as not to clash with `Swift.Character`).
public struct CastCharacter: TVMazeModel {
    /// The TVMaze character id.
    public var id: Int?
    /// The character's page on tvmaze.com.
    public var url: String?
    /// The character's name, e.g. `Dale "Barbie" Barbara`.
    public var name: String?
    /// The character's picture, or `nil`.
    public var image: ImageLinks?
    /// The API links (`_links`).
    public var links: Links?

    /// Creates a character with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, image
        case links = "_links"
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        url = container.lenient(.url)
        name = container.lenient(.name)
        image = container.lenient(.image)
        links = container.lenient(.links)
    }
}
