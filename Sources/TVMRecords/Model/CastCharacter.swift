/// The character a person plays in a cast entry (named so as not to clash with `Swift.Character`).
public struct CastCharacter: TVMazeModel {
    /// The TVMaze character id.
    @Lenient public var id: Int?
    /// The character's page on tvmaze.com.
    @Lenient public var url: String?
    /// The character's name, e.g. `Dale "Barbie" Barbara`.
    @Lenient public var name: String?
    /// The character's picture, or `nil`.
    @Lenient public var image: ImageLinks?
    /// The API links (`_links`).
    @Lenient public var links: Links?

    /// Creates a character with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, image
        case links = "_links"
    }
}
