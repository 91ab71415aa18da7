/// An episode (`/episodes/{id}`, `/shows/{id}/episodes`, schedule items).
///
/// Schedule items carry their show: `/schedule` under ``show``, `/schedule/web` and `/schedule/full` under
/// `_embedded.show` (``embedded``); use ``scheduledShow`` for either.
public struct Episode: TVMazeModel {
    /// The TVMaze episode id.
    public var id: Int?
    /// The episode's page on tvmaze.com.
    public var url: String?
    /// The title.
    public var name: String?
    /// The season number.
    public var season: Int?
    /// The episode number within the season; `nil` for specials.
    public var number: Int?
    /// `regular`, `significant_special` or `insignificant_special` (absent in records before 2019).
    public var type: String?
    /// The local air date as `YYYY-MM-DD`.
    public var airdate: String?
    /// The local air time as `HH:mm`; empty for a placeholder.
    public var airtime: String?
    /// The air time as an ISO 8601 instant, e.g. `2013-06-25T02:00:00+00:00`; prefer it to airdate + airtime.
    public var airstamp: String?
    /// The length in minutes.
    public var runtime: Int?
    /// The community rating (absent in older records).
    public var rating: Rating?
    /// A still from the episode, or `nil`.
    public var image: ImageLinks?
    /// The summary as community HTML; may hold tags, entities and control characters.
    public var summary: String?
    /// The API links (`_links`).
    public var links: Links?
    /// Embedded data, e.g. the show of a `/schedule/web` item (`_embedded`).
    public var embedded: Embedded?

    /// The show of a `/schedule` item (JSON key `show`).
    public var show: Show? {
        get { showBox?.value }
        set { showBox = newValue.map(IndirectBox.init) }
    }

    /// The show of a schedule item, from `show` or `_embedded.show`.
    public var scheduledShow: Show? {
        show ?? embedded?.show
    }

    private var showBox: IndirectBox<Show>?

    /// What `?embed=…` (or the web schedule) added to an episode.
    public struct Embedded: TVMazeModel {
        /// The episode's show (`show`).
        public var show: Show? {
            get { showBox?.value }
            set { showBox = newValue.map(IndirectBox.init) }
        }

        private var showBox: IndirectBox<Show>?

        /// Creates an empty embed.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case show
        }

        /// Decodes leniently: a bad or missing show becomes `nil`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            show = container.lenient(.show)
        }
    }

    /// Creates an episode with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, name, season, number, type, airdate, airtime, airstamp, runtime, rating, image, summary, show
        case links = "_links"
        case embedded = "_embedded"
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        url = container.lenient(.url)
        name = container.lenient(.name)
        season = container.lenient(.season)
        number = container.lenient(.number)
        type = container.lenient(.type)
        airdate = container.lenient(.airdate)
        airtime = container.lenient(.airtime)
        airstamp = container.lenient(.airstamp)
        runtime = container.lenient(.runtime)
        rating = container.lenient(.rating)
        image = container.lenient(.image)
        summary = container.lenient(.summary)
        links = container.lenient(.links)
        embedded = container.lenient(.embedded)
        show = container.lenient(.show)
    }
}
