/// The `_links` object of a record; each kind of record uses some of these links.
public struct Links: TVMazeModel {
    /// The record's own API URL (JSON key `self`).
    @Lenient public var selfLink: Link?
    /// The show an episode or cast credit belongs to.
    @Lenient public var show: Link?
    /// The character of a cast credit.
    @Lenient public var character: Link?
    /// A show's latest aired episode (JSON key `previousepisode`).
    @Lenient public var previousEpisode: Link?
    /// A show's next episode, absent between seasons (JSON key `nextepisode`).
    @Lenient public var nextEpisode: Link?

    /// Creates links with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case selfLink = "self"
        case show, character
        case previousEpisode = "previousepisode"
        case nextEpisode = "nextepisode"
    }
}
