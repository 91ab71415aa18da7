/// A show's ids in other databases.
public struct Externals: TVMazeModel {
    /// The TVRage id.
    @Lenient public var tvrage: Int?
    /// The TheTVDB id.
    @Lenient public var thetvdb: Int?
    /// The IMDb id, e.g. `tt1553656` (the page is `https://www.imdb.com/title/{id}`).
    @Lenient public var imdb: String?

    /// Creates externals with every field `nil`.
    public init() {}
}
