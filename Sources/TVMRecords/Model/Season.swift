/// A season of a show (`/shows/{id}/seasons`).
public struct Season: TVMazeModel {
    /// The TVMaze season id (global, not the season number).
    public var id: Int?
    /// The season's page on tvmaze.com.
    public var url: String?
    /// The season number within the show.
    public var number: Int?
    /// The season's name, often empty.
    public var name: String?
    /// The number of episodes ordered, or `nil` when unknown.
    public var episodeOrder: Int?
    /// The first air date as `YYYY-MM-DD`.
    public var premiereDate: String?
    /// The last air date as `YYYY-MM-DD`.
    public var endDate: String?
    /// The network, or `nil` for a web-only season.
    public var network: Network?
    /// The streaming service, or `nil`.
    public var webChannel: Network?
    /// The season poster, or `nil`.
    public var image: ImageLinks?
    /// The summary as community HTML, often empty.
    public var summary: String?
    /// The API links (`_links`).
    public var links: Links?

    /// Creates a season with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case id, url, number, name, episodeOrder, premiereDate, endDate, network, webChannel, image, summary
        case links = "_links"
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenient(.id)
        url = container.lenient(.url)
        number = container.lenient(.number)
        name = container.lenient(.name)
        episodeOrder = container.lenient(.episodeOrder)
        premiereDate = container.lenient(.premiereDate)
        endDate = container.lenient(.endDate)
        network = container.lenient(.network)
        webChannel = container.lenient(.webChannel)
        image = container.lenient(.image)
        summary = container.lenient(.summary)
        links = container.lenient(.links)
    }
}
