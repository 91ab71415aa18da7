import Foundation
import TVMRecords

/// One line of `tvm-fav changes`: a recorded change, or a `season_complete` derived when read.
///
/// As JSON: `{"event":…,"at":…,"show":{"id":…,"name":…},"episode":{…}|null,"from":…,"to":…,"summary":"…"}`.
public struct ChangeEvent: Sendable, Equatable {
    /// Which event it is, for marking it seen.
    public enum Key: Sendable, Hashable {
        /// A row of `change_event`.
        case recorded(Int64)
        /// The completion of a season of a show, derived when read.
        case seasonComplete(showID: Int, season: Int)
    }

    /// The event's identity.
    public var key: Key
    /// What changed.
    public var kind: ChangeKind
    /// When: the refresh that saw it, or, for `season_complete`, when the season's last episode aired.
    public var at: Date
    /// The show id.
    public var showID: Int
    /// The show's name.
    public var showName: String
    /// The episode's compact record, or `nil`.
    public var episode: [UInt8]?
    /// The value before, as compact JSON, or `nil`.
    public var from: [UInt8]?
    /// The value after, as compact JSON, or `nil`.
    public var to: [UInt8]?
    /// Whether `--mark-seen` printed it before.
    public var seen: Bool

    /// Creates an event.
    public init(
        key: Key, kind: ChangeKind, at: Date, showID: Int, showName: String, episode: [UInt8]?, from: [UInt8]?,
        to: [UInt8]?, seen: Bool
    ) {
        self.key = key
        self.kind = kind
        self.at = at
        self.showID = showID
        self.showName = showName
        self.episode = episode
        self.from = from
        self.to = to
        self.seen = seen
    }

    /// The event's line, compact JSON.
    public var json: [UInt8] {
        let null = Array("null".utf8)
        var bytes = Array(#"{"event":"#.utf8) + JSONText.string(kind.rawValue)
        bytes += Array(#","at":"#.utf8) + JSONText.string(DatabaseDate.iso8601(at))
        bytes += Array(#","show":{"id":"#.utf8) + JSONText.number(showID)
        bytes += Array(#","name":"#.utf8) + JSONText.string(showName) + Array("}".utf8)
        bytes += Array(#","episode":"#.utf8) + (episode ?? null)
        bytes += Array(#","from":"#.utf8) + (from ?? null)
        bytes += Array(#","to":"#.utf8) + (to ?? null)
        bytes += Array(#","summary":"#.utf8) + JSONText.string(summary) + Array("}".utf8)
        return bytes
    }

    /// A plain sentence saying what happened, e.g. `S02E05 "Pilot" moved from 2024-03-01 to 2024-03-08.`
    public var summary: String {
        let facts = episode.flatMap { EpisodeFacts(record: $0) }
        let label = facts.map(Self.label) ?? "An episode"
        switch kind {
        case .episodeAnnounced:
            guard let when = Self.text(to) else { return "New episode \(label) announced, no air date yet." }
            return "New episode \(label) announced for \(when)."
        case .airdateChanged:
            switch (Self.text(from), Self.text(to)) {
            case (let before?, let after?): return "\(label) moved from \(before) to \(after)."
            case (nil, let after?): return "\(label) now airs \(after)."
            case (let before?, nil): return "\(label) no longer has an air date (it was \(before))."
            case (nil, nil): return "\(label) changed its air date."
            }
        case .episodeRemoved:
            return "\(label) was removed from TVMaze."
        case .seasonAnnounced:
            let season = Self.text(to).map { "Season \($0)" } ?? "A new season"
            guard
                let start = facts.flatMap({ Self.when(airstamp: $0.airstamp, airtime: $0.airtime, airdate: $0.airdate) }
                )
            else { return "\(season) announced." }
            return "\(season) announced, starting \(start)."
        case .seasonComplete:
            let season = Self.text(to).map { "Season \($0)" } ?? "A season"
            return "\(season) has finished airing: every episode is out."
        case .statusChanged:
            return "Status changed from \(Self.text(from) ?? "unknown") to \(Self.text(to) ?? "unknown")."
        case .renamed:
            return "Renamed from \(Self.quoted(from)) to \(Self.quoted(to))."
        }
    }

    /// `S02E05 "Title"`, or `S02 special "Title"`.
    private static func label(_ facts: EpisodeFacts) -> String {
        facts.code + (facts.name.map { " \"\($0)\"" } ?? "")
    }

    /// A JSON value in words: a string's text, a number, an air time as `2024-03-01 20:00 UTC`; `nil` for null.
    private static func text(_ value: [UInt8]?) -> String? {
        guard let value, value != Array("null".utf8) else { return nil }
        if let string = RawJSON.string(value) {
            if string.count > 10, let instant = Airstamp.instant(string) { return utc(instant) }
            return string
        }
        return String(decoding: value, as: UTF8.self)
    }

    private static func quoted(_ value: [UInt8]?) -> String {
        text(value).map { "\"\($0)\"" } ?? "nothing"
    }

    /// When an episode airs, in words, or `nil` when not known.
    private static func when(airstamp: String?, airtime: String?, airdate: String?) -> String? {
        if !(airtime ?? "").isEmpty, let airstamp, let instant = Airstamp.instant(airstamp) { return utc(instant) }
        return airdate
    }

    private static func utc(_ seconds: Int) -> String {
        let text = DatabaseDate.iso8601(Date(timeIntervalSince1970: Double(seconds)))
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }
}
