import GRDB

/// What changed about a favorite: the `event` of a line of `tvm-fav changes`.
public enum ChangeKind: String, CaseIterable, Codable, Sendable, Hashable, DatabaseValueConvertible {
    /// A new episode appeared (`to`: its air time or date, when known).
    case episodeAnnounced = "episode_announced"
    /// An episode's `airstamp`, or its `airdate` when it has no air time, moved (`from`, `to`).
    case airdateChanged = "airdate_changed"
    /// TVMaze dropped an episode; its watched mark, if any, is kept.
    case episodeRemoved = "episode_removed"
    /// The first episode of a new season appeared (`to`: the season number).
    case seasonAnnounced = "season_announced"
    /// Every regular episode of a season has aired (`to`: the season number); derived when the events are read.
    case seasonComplete = "season_complete"
    /// The show's `status` changed (`from`, `to`), e.g. Running → Ended.
    case statusChanged = "status_changed"
    /// The show's name changed (`from`, `to`).
    case renamed

    /// The names, as `--event` takes them, comma-separated.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
