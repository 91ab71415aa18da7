/// One role of a person (`/people/{id}/castcredits`): links to the show and character, optionally embedded.
public struct CastCredit: TVMazeModel {
    /// Whether the person plays themselves (JSON key `self`).
    @Lenient public var isSelf: Bool?
    /// Whether it is a voice role (JSON key `voice`).
    @Lenient public var isVoice: Bool?
    /// Links to the show and the character (`_links`).
    @Lenient public var links: Links?
    /// The show and/or character requested with `?embed=show` / `?embed=character` (`_embedded`).
    @Lenient public var embedded: Embedded?

    /// What `?embed=…` added to a cast credit.
    public struct Embedded: TVMazeModel {
        /// The show of the credit (`?embed=show`).
        @Lenient public var show: Show?
        /// The character of the credit (`?embed=character`).
        @Lenient public var character: CastCharacter?

        /// Creates an empty embed.
        public init() {}
    }

    /// Creates a credit with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case isSelf = "self"
        case isVoice = "voice"
        case links = "_links"
        case embedded = "_embedded"
    }
}
