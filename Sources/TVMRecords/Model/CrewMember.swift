/// One entry of a show's crew (`/shows/{id}/crew`).
public struct CrewMember: TVMazeModel {
    /// The job, e.g. `Creator` or `Executive Producer`.
    @Lenient public var type: String?
    /// The crew member.
    @Lenient public var person: Person?

    /// Creates a crew entry with every field `nil`.
    public init() {}
}
