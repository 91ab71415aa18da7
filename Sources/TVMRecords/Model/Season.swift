/// A season of a show (`/shows/{id}/seasons`).
public struct Season: TVMazeModel {
    /// The TVMaze season id (global, not the season number).
    @Lenient public var id: Int?
    /// The season's page on tvmaze.com.
    @Lenient public var url: String?
    /// The season number within the show.
    @Lenient public var number: Int?
    /// The season's name, often empty.
    @Lenient public var name: String?
    /// The number of episodes ordered, or `nil` when unknown.
    @Lenient public var episodeOrder: Int?
    /// The first air date as `YYYY-MM-DD`.
    @Lenient public var premiereDate: String?
    /// The last air date as `YYYY-MM-DD`.
    @Lenient public var endDate: String?
    /// The network, or `nil` for a web-only season.
    @Lenient public var network: Network?
    /// The streaming service, or `nil`.
    @Lenient public var webChannel: Network?
    /// The season poster, or `nil`.
    @Lenient public var image: ImageLinks?
    /// The summary as community HTML, often empty.
    @Lenient public var summary: String?
    /// The API links (`_links`).
    @Lenient public var links: Links?

    /// Creates a season with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, number, name, episodeOrder, premiereDate, endDate, network, webChannel, image, summary
        case links = "_links"
    }
}
