/// A TV show (`/shows/{id}`, `/shows?page=N`, inside search results and schedule items).
///
/// Field sets differ by era: older records lack ``averageRuntime``, ``ended``, ``dvdCountry`` and
/// `network.officialSite`. Streaming shows have ``network`` `nil` and a ``webChannel``.
public struct Show: TVMazeModel {
    /// The TVMaze show id.
    @Lenient public var id: Int?
    /// The show's page on tvmaze.com.
    @Lenient public var url: String?
    /// The title, e.g. `Under the Dome`.
    @Lenient public var name: String?
    /// `Scripted`, `Reality`, `Animation`, `Documentary`, …
    @Lenient public var type: String?
    /// The main language, e.g. `English`.
    @Lenient public var language: String?
    /// Genres such as `Drama`; may be empty.
    @LenientArray public var genres: [String]?
    /// `Running`, `Ended`, `To Be Determined`, `In Development`.
    @Lenient public var status: String?
    /// The usual episode length in minutes; `nil` when episodes vary.
    @Lenient public var runtime: Int?
    /// The average episode length in minutes.
    @Lenient public var averageRuntime: Int?
    /// The first air date as `YYYY-MM-DD`.
    @Lenient public var premiered: String?
    /// The last air date as `YYYY-MM-DD`, `nil` while running.
    @Lenient public var ended: String?
    /// The show's own website.
    @Lenient public var officialSite: String?
    /// The weekly schedule.
    @Lenient public var schedule: Schedule?
    /// The community rating.
    @Lenient public var rating: Rating?
    /// TVMaze's popularity weight (0–100).
    @Lenient public var weight: Int?
    /// The TV network, `nil` for web-only shows.
    @Lenient public var network: Network?
    /// The streaming service, `nil` for broadcast-only shows.
    @Lenient public var webChannel: Network?
    /// The country of the DVD release, for DVD-only shows.
    @Lenient public var dvdCountry: Country?
    /// Ids in other databases.
    @Lenient public var externals: Externals?
    /// The poster, or `nil`.
    @Lenient public var image: ImageLinks?
    /// The summary as community HTML; may hold tags, entities and control characters.
    @Lenient public var summary: String?
    /// When TVMaze last changed the show, as a Unix timestamp (compare with `/updates/shows`).
    @Lenient public var updated: Int?
    /// The API links (`_links`).
    @Lenient public var links: Links?
    /// Embedded data requested with `?embed=…` (`_embedded`).
    @Lenient public var embedded: Embedded?

    /// What `?embed=…` added to a show; an embed TVMaze has nothing for is absent, not empty.
    public struct Embedded: TVMazeModel {
        /// All episodes (`?embed=episodes`).
        @LenientArray public var episodes: [Episode]?
        /// The cast (`?embed=cast`).
        @LenientArray public var cast: [CastMember]?
        /// The crew (`?embed=crew`).
        @LenientArray public var crew: [CrewMember]?
        /// The seasons (`?embed=seasons`).
        @LenientArray public var seasons: [Season]?
        /// Alternative titles (`?embed=akas`).
        @LenientArray public var akas: [Aka]?
        /// The next episode (`?embed=nextepisode`, JSON key `nextepisode`).
        @Lenient public var nextEpisode: Episode?
        /// The latest aired episode (`?embed=previousepisode`, JSON key `previousepisode`).
        @Lenient public var previousEpisode: Episode?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case episodes, cast, crew, seasons, akas
            case nextEpisode = "nextepisode"
            case previousEpisode = "previousepisode"
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
}
