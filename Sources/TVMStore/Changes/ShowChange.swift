import TVMRecords

/// A change found by comparing a favorite's stored copy with a fresh one (``ChangeDiff``), before it is recorded.
public struct ShowChange: Sendable, Equatable {
    /// What changed.
    public var kind: ChangeKind
    /// The episode's compact record, or `nil` for a change of the show itself.
    public var episode: [UInt8]?
    /// The value before, as compact JSON, or `nil`.
    public var from: [UInt8]?
    /// The value after, as compact JSON, or `nil`.
    public var to: [UInt8]?

    /// Creates a change.
    public init(_ kind: ChangeKind, episode: [UInt8]? = nil, from: [UInt8]? = nil, to: [UInt8]? = nil) {
        self.kind = kind
        self.episode = episode
        self.from = from
        self.to = to
    }
}
