/// Which episodes `tvm-episodes` keeps: `--season N` (repeatable) and `--since YYYY-MM-DD`.
///
/// ```swift
/// let filter = EpisodeFilter(seasons: [1, 3], since: Airstamp.startOfDay("2014-01-01"))
/// filter.includes(episode)
/// ```
public struct EpisodeFilter: Sendable, Equatable {
    /// The seasons to keep; empty keeps every season.
    public var seasons: Set<Int>
    /// Keep only episodes whose `airstamp` is at or after this instant (seconds since the epoch, UTC); `nil`
    /// keeps every episode.
    public var since: Int?

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - seasons: The season numbers to keep; empty for all.
    ///   - since: The earliest `airstamp` to keep, from ``Airstamp/startOfDay(_:)``; `nil` for no limit.
    public init(seasons: some Sequence<Int> = [], since: Int? = nil) {
        self.seasons = Set(seasons)
        self.since = since
    }

    /// Whether the filter keeps every episode.
    public var keepsEverything: Bool { seasons.isEmpty && since == nil }

    /// Whether an episode passes.
    ///
    /// With `since`, an episode without a readable `airstamp` (not yet scheduled) is left out: it cannot be said
    /// to air on or after the day. With `seasons`, an episode without a season number is left out.
    /// - Parameter episode: The decoded episode.
    public func includes(_ episode: Episode) -> Bool {
        if !seasons.isEmpty {
            guard let season = episode.season, seasons.contains(season) else { return false }
        }
        if let since {
            guard let instant = episode.airstamp.flatMap(Airstamp.instant), instant >= since else { return false }
        }
        return true
    }
}
