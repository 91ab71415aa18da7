/// The URLs of an image in two sizes (`image` in shows, episodes, seasons, people and characters).
public struct ImageLinks: TVMazeModel {
    /// The medium size (about 210×295 for portraits, 250×140 for episode stills).
    public var medium: String?
    /// The original upload, up to 4K.
    public var original: String?

    /// Creates image links with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case medium, original
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        medium = container.lenient(.medium)
        original = container.lenient(.original)
    }
}
