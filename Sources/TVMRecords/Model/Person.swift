/// A person: an actor or crew member (`/people/{id}`, and inside cast, crew and people search results).
public struct Person: TVMazeModel {
    /// The TVMaze person id.
    @Lenient public var id: Int?
    /// The person's page on tvmaze.com.
    @Lenient public var url: String?
    /// The name, e.g. `Mike Vogel`.
    @Lenient public var name: String?
    /// The country of birth (added in 2019; absent in older records).
    @Lenient public var country: Country?
    /// The birthday as `YYYY-MM-DD`.
    @Lenient public var birthday: String?
    /// The day of death as `YYYY-MM-DD`, `nil` while alive.
    @Lenient public var deathday: String?
    /// `Male`, `Female` or another value TVMaze uses.
    @Lenient public var gender: String?
    /// The portrait, or `nil`.
    @Lenient public var image: ImageLinks?
    /// When TVMaze last changed the person, as a Unix timestamp.
    @Lenient public var updated: Int?
    /// The API links (`_links`).
    @Lenient public var links: Links?
    /// Embedded data requested with `?embed=castcredits` (`_embedded`).
    @Lenient public var embedded: Embedded?

    /// What `?embed=…` added to a person.
    public struct Embedded: TVMazeModel {
        /// The person's cast credits (`castcredits`).
        @LenientArray public var castCredits: [CastCredit]?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case castCredits = "castcredits"
        }
    }

    /// Creates a person with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, country, birthday, deathday, gender, image, updated
        case links = "_links"
        case embedded = "_embedded"
    }
}
