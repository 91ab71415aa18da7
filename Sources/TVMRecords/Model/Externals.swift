/// A show's ids in other databases.
public struct Externals: TVMazeModel {
    /// The TVRage id.
    public var tvrage: Int?
    /// The TheTVDB id.
    public var thetvdb: Int?
    /// The IMDb id, e.g. `tt1553656` (the page is `https://www.imdb.com/title/{id}`).
    public var imdb: String?

    /// Creates externals with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case tvrage, thetvdb, imdb
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tvrage = container.lenient(.tvrage)
        thetvdb = container.lenient(.thetvdb)
        imdb = container.lenient(.imdb)
    }
}
