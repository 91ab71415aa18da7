/// One role of a person (`/people/{id}/castcredits`): links to the show and character, optionally embedded.
public struct CastCredit: TVMazeModel {
    /// Whether the person plays themselves (JSON key `self`).
    public var isSelf: Bool?
    /// Whether it is a voice role (JSON key `voice`).
    public var isVoice: Bool?
    /// Links to the show and the character (`_links`).
    public var links: Links?
    /// The show and/or character requested with `?embed=show` / `?embed=character` (`_embedded`).
    public var embedded: Embedded?

    /// What `?embed=…` added to a cast credit.
    public struct Embedded: TVMazeModel {
        /// The show of the credit (`?embed=show`).
        public var show: Show?
        /// The character of the credit (`?embed=character`).
        public var character: CastCharacter?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case show, character
        }

        /// Decodes leniently: bad or missing fields become `nil`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            show = container.lenient(.show)
            character = container.lenient(.character)
        }
    }

    /// Creates a credit with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case isSelf = "self"
        case isVoice = "voice"
        case links = "_links"
        case embedded = "_embedded"
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isSelf = container.lenient(.isSelf)
        isVoice = container.lenient(.isVoice)
        links = container.lenient(.links)
        embedded = container.lenient(.embedded)
    }
}
