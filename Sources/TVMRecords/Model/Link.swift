/// One hypermedia link of a `_links` object.
public struct Link: TVMazeModel {
    /// The API URL, e.g. `https://api.tvmaze.com/episodes/1`.
    @Lenient public var href: String?
    /// The linked object's name, where TVMaze gives it (e.g. for `previousepisode` in newer records).
    @Lenient public var name: String?

    /// Creates a link with every field `nil`.
    public init() {}
}
