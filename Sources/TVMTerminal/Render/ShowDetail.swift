import TVMRecords

/// What the terminal detail view of one TV show displays, independent of the API model types.
///
/// Every field but `name` may be missing; `ShowDetailView` leaves out whatever is `nil` or empty. Strings are
/// shown as given (after removing control characters), so pass TVMaze's values: dates as `YYYY-MM-DD`, day names
/// as `"Monday"`, times as `"22:00"`.
///
/// ```swift
/// let detail = ShowDetail(
///     name: show.name, status: show.status, genres: show.genres,
///     network: show.network.map { .init(name: $0.name, countryCode: $0.country?.code) },
///     imdbID: show.externals?.imdb, url: show.url
/// )
/// ```
public struct ShowDetail: Sendable, Equatable {
    /// A network or web channel.
    public struct Channel: Sendable, Equatable {
        /// The channel's name, such as "CBS" or "Netflix".
        public var name: String
        /// The ISO 3166 country code, such as "US"; web channels often have none.
        public var countryCode: String?

        /// Creates a channel.
        public init(name: String, countryCode: String? = nil) {
            self.name = name
            self.countryCode = countryCode
        }
    }

    /// An extra "label: value" line, shown after the standard ones and aligned with them.
    public struct Field: Sendable, Equatable {
        /// The label, without the colon, such as "Favorite".
        public var label: String
        /// The value.
        public var value: String

        /// Creates a field.
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The show's name, the view's title.
    public var name: String
    /// "Running", "Ended", "To Be Determined", "In Development"…
    public var status: String?
    /// The premiere date.
    public var premiered: String?
    /// The date of the last episode, for ended shows.
    public var ended: String?
    /// Genres such as "Drama".
    public var genres: [String]
    /// The broadcast network, for shows on TV.
    public var network: Channel?
    /// The streaming service, for web shows (TVMaze's `webChannel`).
    public var webChannel: Channel?
    /// The weekdays the show airs on, such as `["Monday", "Thursday"]`.
    public var scheduleDays: [String]
    /// The time of day it airs, such as "22:00".
    public var scheduleTime: String?
    /// The IANA zone of the schedule's time (the network's country's `timezone`); `nil` when unknown.
    public var scheduleZone: String?
    /// The average rating out of 10.
    public var rating: Double?
    /// The episode runtime in minutes.
    public var runtime: Int?
    /// The language, such as "English".
    public var language: String?
    /// The summary as community HTML (TVMaze's `summary`).
    public var summaryHTML: String?
    /// The IMDb id, such as "tt1553656".
    public var imdbID: String?
    /// The show's TVMaze page.
    public var url: String?
    /// The full-size poster image URL (TVMaze's `image.original`).
    public var posterOriginalURL: String?
    /// More "label: value" lines, such as the next episode or whether the show is a favorite.
    public var extraFields: [Field]

    /// Creates a show detail; only the name is required.
    public init(
        name: String,
        status: String? = nil,
        premiered: String? = nil,
        ended: String? = nil,
        genres: [String] = [],
        network: Channel? = nil,
        webChannel: Channel? = nil,
        scheduleDays: [String] = [],
        scheduleTime: String? = nil,
        scheduleZone: String? = nil,
        rating: Double? = nil,
        runtime: Int? = nil,
        language: String? = nil,
        summaryHTML: String? = nil,
        imdbID: String? = nil,
        url: String? = nil,
        posterOriginalURL: String? = nil,
        extraFields: [Field] = []
    ) {
        self.name = name
        self.status = status
        self.premiered = premiered
        self.ended = ended
        self.genres = genres
        self.network = network
        self.webChannel = webChannel
        self.scheduleDays = scheduleDays
        self.scheduleTime = scheduleTime
        self.scheduleZone = scheduleZone
        self.rating = rating
        self.runtime = runtime
        self.language = language
        self.summaryHTML = summaryHTML
        self.imdbID = imdbID
        self.url = url
        self.posterOriginalURL = posterOriginalURL
        self.extraFields = extraFields
    }
}
