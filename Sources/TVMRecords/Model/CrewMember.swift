/// One entry of a show's crew (`/shows/{id}/crew`).
public struct CrewMember: TVMazeModel {
    /// The job, e.g. `Creator` or `Executive Producer`.
    public var type: String?
    /// The crew member.
    public var person: Person?

    /// Creates a crew entry with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case type, person
    }

    /// Decodes leniently: bad or missing fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.lenient(.type)
        person = container.lenient(.person)
    }
}
