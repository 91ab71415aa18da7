/// Which episodes `tvm-episodes` keeps: `--season N` (repeatable) and `--since YYYY-MM-DD`.
///
/// ```swift
/// let filter = EpisodeFilter(seasons: [1, 3], since: Airstamp.startOfDay("2014-01-01"))
/// filter.includes(record)
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

    /// Whether an episode passes, read from its record without decoding the rest.
    ///
    /// With `since`, an episode without a readable `airstamp` (not yet scheduled) is left out: it cannot be said
    /// to air on or after the day. With `seasons`, an episode without a season number is left out.
    /// - Parameter record: A compact episode object.
    public func includes(_ record: some Collection<UInt8>) -> Bool {
        if !seasons.isEmpty {
            guard let raw = try? RawJSON.value(forKey: "season", in: record), let season = RawJSON.integer(raw),
                seasons.contains(season)
            else { return false }
        }
        if let since {
            guard let raw = try? RawJSON.value(forKey: "airstamp", in: record), let text = RawJSON.string(raw),
                let instant = Airstamp.instant(text), instant >= since
            else { return false }
        }
        return true
    }
}
