/// The show an episode belongs to, as tvm-episodes names it in its output: `{"id":1,"name":"Under the Dome"}`.
///
/// Episode records carry it as `_tvm.show`, season groups as their `show` member, so a stream that covers many
/// shows still says which show each line belongs to.
public struct ShowLabel: Sendable, Equatable, Hashable {
    /// The TVMaze show id.
    public var id: Int
    /// The show's name, or `nil` when neither the input nor TVMaze gave one.
    public var name: String?

    /// Creates a label.
    public init(id: Int, name: String?) {
        self.id = id
        self.name = name
    }

    /// The compact JSON object `{"id":…,"name":…}`; the name is `null` when unknown.
    public var json: [UInt8] {
        Array("{\"id\":".utf8) + JSONText.number(id) + Array(",\"name\":".utf8) + JSONText.string(name)
            + [UInt8(ascii: "}")]
    }

    /// Returns the episode record with this label added as `_tvm.show`, everything else byte for byte.
    ///
    /// - Parameter episode: A compact episode object as TVMaze sent it.
    /// - Throws: ``RawJSONError`` if `episode` is not a JSON object.
    public func labelling(_ episode: some Collection<UInt8>) throws(RawJSONError) -> [UInt8] {
        try RawJSON.addingTVM([("show", json)], to: episode)
    }
}
