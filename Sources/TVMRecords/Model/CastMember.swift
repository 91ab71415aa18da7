/// One entry of a show's cast (`/shows/{id}/cast`): a person and the character they play.
public struct CastMember: TVMazeModel {
    /// The actor.
    @Lenient public var person: Person?
    /// The character played.
    @Lenient public var character: CastCharacter?
    /// Whether the person plays themselves (JSON key `self`; absent in older records).
    @Lenient public var isSelf: Bool?
    /// Whether it is a voice role (JSON key `voice`; absent in older records).
    @Lenient public var isVoice: Bool?

    /// Creates a cast entry with every field `nil`.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case person, character
        case isSelf = "self"
        case isVoice = "voice"
    }
}
