/// A TV show (`/shows/{id}`, `/shows?page=N`, inside search results and schedule items).
///
/// Field sets differ by era: older records lack ``averageRuntime``, ``ended``, ``dvdCountry`` and
/// `network.officialSite`. Streaming shows have ``network`` `nil` and a ``webChannel``.
public struct Show: TVMazeModel {
    /// The TVMaze show id.
    public var id: Int?
    /// The show's page on tvmaze.com.
    public var url: String?
    /// The title, e.g. `Under the Dome`.
    public var name: String?
    /// `Scripted`, `Reality`, `Animation`, `Documentary`, …
    public var type: String?
    /// The main language, e.g. `English`.
    public var language: String?
    /// Genres such as `Drama`; may be empty.
    public var genres: [String]?
    /// `Running`, `Ended`, `To Be Determined`, `In Development`.
    public var status: String?
    /// The usual episode length in minutes; `nil` when episodes vary.
    public var runtime: Int?
    /// The average episode length in minutes.
    public var averageRuntime: Int?
    /// The first air date as `YYYY-MM-DD`.
    public var premiered: String?
    /// The last air date as `YYYY-MM-DD`, `nil` while running.
    public var ended: String?
    /// The show's own website.
    public var officialSite: String?
    /// The weekly schedule.
    public var schedule: Schedule?
    /// The community rating.
    public var rating: Rating?
    /// TVMaze's popularity weight (0–100).
    public var weight: Int?
    /// The TV network, `nil` for web-only shows.
    public var network: Network?
    /// The streaming service, `nil` for broadcast-only shows.
    public var webChannel: Network?
    /// The country of the DVD release, for DVD-only shows.
    public var dvdCountry: Country?
    /// Ids in other databases.
    public var externals: Externals?
    /// The poster, or `nil`.
    public var image: ImageLinks?
    /// The summary as community HTML; may hold tags, entities and control characters.
    public var summary: String?
    /// When TVMaze last changed the show, as a Unix timestamp (compare with `/updates/shows`).
    public var updated: Int?
    /// The API links (`_links`).
    public var links: Links?
    /// Embedded data requested with `?embed=…` (`_embedded`).
    public var embedded: Embedded?

    /// What `?embed=…` added to a show; an embed TVMaze has nothing for is absent, not empty.
    public struct Embedded: TVMazeModel {
        /// All episodes (`?embed=episodes`).
        public var episodes: [Episode]?
        /// The cast (`?embed=cast`).
        public var cast: [CastMember]?
        /// The crew (`?embed=crew`).
        public var crew: [CrewMember]?
        /// The seasons (`?embed=seasons`).
        public var seasons: [Season]?
        /// Alternative titles (`?embed=akas`).
        public var akas: [Aka]?
        /// The next episode (`?embed=nextepisode`, JSON key `nextepisode`).
        public var nextEpisode: Episode?
        /// The latest aired episode (`?embed=previousepisode`, JSON key `previousepisode`).
        public var previousEpisode: Episode?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case episodes, cast, crew, seasons, akas
            case nextEpisode = "nextepisode"
            case previousEpisode = "previousepisode"
        }

        /// Decodes leniently: elements that cannot be decoded are skipped, bad fields become `nil`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            episodes = container.lenientArray(.episodes)
            cast = container.lenientArray(.cast)
            crew = container.lenientArray(.crew)
            seasons = container.lenientArray(.seasons)
            akas = container.lenientArray(.akas)
            nextEpisode = container.lenient(.nextEpisode)
            previousEpisode = container.lenient(.previousEpisode)
        }
    }

    /// Creates a show with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, type, language, genres, status, runtime, averageRuntime, premiered, ended, officialSite
        case schedule, rating, weight, network, webChannel, dvdCountry, externals, image, summary, updated
        case links = "_links"
        case embedded = "_embedded"
    }

    /// Decodes leniently: bad or missing fields become `nil`, non-string genres are skipped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        url = container.lenient(.url)
        name = container.lenient(.name)
        type = container.lenient(.type)
        language = container.lenient(.language)
        genres = container.lenientArray(.genres)
        status = container.lenient(.status)
        runtime = container.lenient(.runtime)
        averageRuntime = container.lenient(.averageRuntime)
        premiered = container.lenient(.premiered)
        ended = container.lenient(.ended)
        officialSite = container.lenient(.officialSite)
        schedule = container.lenient(.schedule)
        rating = container.lenient(.rating)
        weight = container.lenient(.weight)
        network = container.lenient(.network)
        webChannel = container.lenient(.webChannel)
        dvdCountry = container.lenient(.dvdCountry)
        externals = container.lenient(.externals)
        image = container.lenient(.image)
        summary = container.lenient(.summary)
        updated = container.lenient(.updated)
        links = container.lenient(.links)
        embedded = container.lenient(.embedded)
    }
}
