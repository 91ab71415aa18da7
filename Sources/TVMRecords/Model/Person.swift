/// A person: an actor or crew member (`/people/{id}`, and inside cast, crew and people search results).
public struct Person: TVMazeModel {
    /// The TVMaze person id.
    public var id: Int?
    /// The person's page on tvmaze.com.
    public var url: String?
    /// The name, e.g. `Mike Vogel`.
    public var name: String?
    /// The country of birth (added in 2019; absent in older records).
    public var country: Country?
    /// The birthday as `YYYY-MM-DD`.
    public var birthday: String?
    /// The day of death as `YYYY-MM-DD`, `nil` while alive.
    public var deathday: String?
    /// `Male`, `Female` or another value TVMaze uses.
    public var gender: String?
    /// The portrait, or `nil`.
    public var image: ImageLinks?
    /// When TVMaze last changed the person, as a Unix timestamp.
    public var updated: Int?
    /// The API links (`_links`).
    public var links: Links?
    /// Embedded data requested with `?embed=castcredits` (`_embedded`).
    public var embedded: Embedded?

    /// What `?embed=…` added to a person.
    public struct Embedded: TVMazeModel {
        /// The person's cast credits (`castcredits`).
        public var castCredits: [CastCredit]?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case castCredits = "castcredits"
        }

        /// Decodes leniently: credits that cannot be decoded are skipped.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            castCredits = container.lenientArray(.castCredits)
        }
    }

    /// Creates a person with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, country, birthday, deathday, gender, image, updated
        case links = "_links"
        case embedded = "_embedded"
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        url = container.lenient(.url)
        name = container.lenient(.name)
        country = container.lenient(.country)
        birthday = container.lenient(.birthday)
        deathday = container.lenient(.deathday)
        gender = container.lenient(.gender)
        image = container.lenient(.image)
        updated = container.lenient(.updated)
        links = container.lenient(.links)
        embedded = container.lenient(.embedded)
    }
}
