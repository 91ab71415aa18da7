/// An episode (`/episodes/{id}`, `/shows/{id}/episodes`, schedule items).
///
/// Schedule items carry their show: `/schedule` under ``show``, `/schedule/web` and `/schedule/full` under
/// `_embedded.show` (``embedded``); use ``scheduledShow`` for either.
public struct Episode: TVMazeModel {
    /// The TVMaze episode id.
    @Lenient public var id: Int?
    /// The episode's page on tvmaze.com.
    @Lenient public var url: String?
    /// The title.
    @Lenient public var name: String?
    /// The season number.
    @Lenient public var season: Int?
    /// The episode number within the season; `nil` for specials.
    @Lenient public var number: Int?
    /// `regular`, `significant_special` or `insignificant_special` (absent in records before 2019).
    @Lenient public var type: String?
    /// The local air date as `YYYY-MM-DD`.
    @Lenient public var airdate: String?
    /// The local air time as `HH:mm`; empty for a placeholder.
    @Lenient public var airtime: String?
    /// The air time as an ISO 8601 instant, e.g. `2013-06-25T02:00:00+00:00`; prefer it to airdate + airtime.
    @Lenient public var airstamp: String?
    /// The length in minutes.
    @Lenient public var runtime: Int?
    /// The community rating (absent in older records).
    @Lenient public var rating: Rating?
    /// A still from the episode, or `nil`.
    @Lenient public var image: ImageLinks?
    /// The summary as community HTML; may hold tags, entities and control characters.
    @Lenient public var summary: String?
    /// The API links (`_links`).
    @Lenient public var links: Links?
    /// Embedded data, e.g. the show of a `/schedule/web` item (`_embedded`).
    @Lenient public var embedded: Embedded?

    /// The show of a `/schedule` item (JSON key `show`).
    public var show: Show? {
        get { showBox?.value }
        set { showBox = newValue.map(IndirectBox.init) }
    }

    /// The show of a schedule item, from `show` or `_embedded.show`.
    public var scheduledShow: Show? {
        show ?? embedded?.show
    }

    @Lenient private var showBox: IndirectBox<Show>?

    /// What `?embed=…` (or the web schedule) added to an episode.
    public struct Embedded: TVMazeModel {
        /// The episode's show (`show`).
        public var show: Show? {
            get { showBox?.value }
            set { showBox = newValue.map(IndirectBox.init) }
        }

        @Lenient private var showBox: IndirectBox<Show>?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case showBox = "show"
        }
    }

    /// Creates an episode with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, season, number, type, airdate, airtime, airstamp, runtime, rating, image, summary
        case showBox = "show"
        case links = "_links"
        case embedded = "_embedded"
    }
}
