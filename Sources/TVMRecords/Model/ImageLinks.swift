/// The URLs of an image in two sizes (`image` in shows, episodes, seasons, people and characters).
public struct ImageLinks: TVMazeModel {
    /// The medium size (about 210×295 for portraits, 250×140 for episode stills).
    @Lenient public var medium: String?
    /// The original upload, up to 4K.
    @Lenient public var original: String?

    /// Creates image links with every field `nil`.
    public init() {}
}
