/// The `_links` object of a record; each kind of record uses some of these links.
public struct Links: TVMazeModel {
    /// The record's own API URL (JSON key `self`).
    public var selfLink: Link?
    /// The show an episode or cast credit belongs to.
    public var show: Link?
    /// The character of a cast credit.
    public var character: Link?
    /// A show's latest aired episode (JSON key `previousepisode`).
    public var previousEpisode: Link?
    /// A show's next episode, absent between seasons (JSON key `nextepisode`).
    public var nextEpisode: Link?

    /// Creates links with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case selfLink = "self"
        case show, character
        case previousEpisode = "previousepisode"
        case nextEpisode = "nextepisode"
    }

    /// Decodes leniently: bad or missing links become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selfLink = container.lenient(.selfLink)
        show = container.lenient(.show)
        character = container.lenient(.character)
        previousEpisode = container.lenient(.previousEpisode)
        nextEpisode = container.lenient(.nextEpisode)
    }
}
