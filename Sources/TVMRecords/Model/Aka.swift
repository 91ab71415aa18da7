/// An alternative title of a show (`/shows/{id}/akas`).
public struct Aka: TVMazeModel {
    /// The title, e.g. `Под куполом`.
    @Lenient public var name: String?
    /// The country where the title is used, or `nil` for a worldwide title.
    @Lenient public var country: Country?

    /// Creates an aka with every field `nil`.
    public init() {}
}
