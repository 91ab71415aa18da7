import Foundation
import GRDB
import TVMRecords

/// One episode of a favorite, kept so that tracking works offline: a row of the `episode` table.
///
/// The record is kept whole, as TVMaze sent it (minus `_tvm`); the fields that tracking sorts, counts and selects
/// by are copied into their own columns, and so are those a change feed compares (air date and time, season,
/// number, title). Rows belong to a favorite (`show_id`, deleted with it); a watched mark does not (see
/// ``WatchMark``).
public struct StoredEpisode: Codable, Sendable, Equatable, Identifiable {
    /// The TVMaze episode id; the primary key.
    public var id: Int
    /// The show's id (a favorite).
    public var showID: Int
    /// The place in TVMaze's list of the show's episodes (by air date, specials among them), from 0.
    public var position: Int
    /// The season number.
    public var season: Int?
    /// The episode number; `nil` for specials.
    public var number: Int?
    /// TVMaze's `type`.
    public var type: String?
    /// Whether the episode counts towards progress (``EpisodeFacts/isRegular``).
    public var isRegular: Bool
    /// The title.
    public var name: String?
    /// The local air date.
    public var airdate: String?
    /// The local air time; empty when unknown.
    public var airtime: String?
    /// The air time as TVMaze's ISO 8601 instant.
    public var airstamp: String?
    /// When it airs, seconds since the epoch (``EpisodeFacts/airsAt``); `nil` when not scheduled.
    public var airsAt: Int?
    /// The length in minutes.
    public var runtime: Int?
    /// The compact record as TVMaze sent it.
    public var record: String

    /// Creates a row from an episode's facts.
    ///
    /// - Parameters:
    ///   - facts: The episode.
    ///   - showID: The show it belongs to.
    ///   - position: Its place in the show's list.
    public init(facts: EpisodeFacts, showID: Int, position: Int) {
        id = facts.id
        self.showID = showID
        self.position = position
        season = facts.season
        number = facts.number
        type = facts.type
        isRegular = facts.isRegular
        name = facts.name
        airdate = facts.airdate
        airtime = facts.airtime
        airstamp = facts.airstamp
        airsAt = facts.airsAt
        runtime = facts.runtime
        record = String(decoding: facts.json, as: UTF8.self)
    }

    /// The rows of a show's episode list: each record at its place in the list; a record that is not an episode
    /// (no positive `id`) is left out, and the others keep their places.
    ///
    /// - Parameters:
    ///   - records: The compact episode objects, in TVMaze's order.
    ///   - showID: The show they belong to.
    /// - Returns: The rows, in the list's order.
    public static func rows(of records: [[UInt8]], showID: Int) -> [StoredEpisode] {
        records.enumerated().compactMap { position, record in
            EpisodeFacts(record: record).map { StoredEpisode(facts: $0, showID: showID, position: position) }
        }
    }

    /// The record's bytes.
    public var recordBytes: [UInt8] { Array(record.utf8) }

    /// The episode's facts, read back from the columns.
    public var facts: EpisodeFacts? { EpisodeFacts(record: recordBytes) }

    /// Whether it has aired by `now` (seconds since the epoch).
    ///
    /// - Parameter now: The time of the run.
    public func hasAired(by now: Int) -> Bool { airsAt.map { $0 <= now } ?? false }

    /// The code, such as `S02E05`.
    public var code: EpisodeCode { EpisodeCode(season: season, number: number) }

    /// The columns, named as `sqlite3` users see them.
    enum CodingKeys: String, CodingKey {
        case id, position, season, number, type, name, airdate, airtime, airstamp, runtime, record
        case showID = "show_id"
        case isRegular = "regular"
        case airsAt = "airs_at"
    }

    /// The table's columns, for building requests.
    public enum Columns {
        /// `id`: the episode id.
        public static let id = Column(CodingKeys.id)
        /// `show_id`: the show.
        public static let showID = Column(CodingKeys.showID)
        /// `position`: the place in the show's list.
        public static let position = Column(CodingKeys.position)
        /// `season`.
        public static let season = Column(CodingKeys.season)
        /// `number`.
        public static let number = Column(CodingKeys.number)
        /// `regular`: 1 for a regular episode, 0 for a special.
        public static let isRegular = Column(CodingKeys.isRegular)
        /// `airs_at`: seconds since the epoch.
        public static let airsAt = Column(CodingKeys.airsAt)
    }
}

extension StoredEpisode: FetchableRecord, PersistableRecord {
    /// The table name, `episode`.
    public static let databaseTableName = "episode"
}

/// A watched mark: episode `episodeID` of show `showID` was watched at `watchedAt` (`nil`: at a time not known,
/// as an imported history may say). A row of `watched`.
///
/// Marks stand on their own: they are not deleted with the episode (TVMaze may drop it) or the favorite, so a
/// refresh, an add or a migration never loses one.
public struct WatchMark: Codable, Sendable, Equatable, Hashable {
    /// The TVMaze episode id; the primary key.
    public var episodeID: Int
    /// The show's id.
    public var showID: Int
    /// When it was watched; `nil` when that is not known.
    public var watchedAt: Date?

    /// Creates a mark.
    public init(episodeID: Int, showID: Int, watchedAt: Date?) {
        self.episodeID = episodeID
        self.showID = showID
        self.watchedAt = watchedAt
    }

    /// The mark as `tvm-fav watched` prints it and `tvm-fav watch` reads it back:
    /// `{"episode":1,"show":1,"watched_at":"2024-03-01T20:00:00.000Z"}`, with `"watched_at":null` when the time is
    /// not known.
    public var json: [UInt8] {
        Array(#"{"episode":"#.utf8) + JSONText.number(episodeID) + Array(#","show":"#.utf8) + JSONText.number(showID)
            + Array(#","watched_at":"#.utf8) + timeJSON + [UInt8(ascii: "}")]
    }

    /// `watched_at` as JSON: the time as a string, or `null`.
    var timeJSON: [UInt8] {
        watchedAt.map { JSONText.string(Self.iso8601($0)) } ?? Array("null".utf8)
    }

    /// An episode record with `_tvm.show` and `_tvm.watched` (the mark's time; `true` for a mark whose time is not
    /// known; `null` when not watched), everything else byte for byte: how `tvm-fav watch` and `tvm-episodes`
    /// print episodes.
    ///
    /// - Parameters:
    ///   - record: A compact episode object.
    ///   - show: The show's label; `nil` leaves `_tvm.show` out (an episode inside a season record, whose show is
    ///     named once at the top).
    ///   - mark: The episode's mark, if it has one.
    /// - Throws: ``RawJSONError`` when the record is not an object.
    public static func annotating(_ record: [UInt8], show: ShowLabel?, mark: WatchMark?) throws(RawJSONError) -> [UInt8]
    {
        let watched = mark.map { $0.watchedAt == nil ? Array("true".utf8) : $0.timeJSON } ?? Array("null".utf8)
        guard let show else { return try RawJSON.addingTVM([("watched", watched)], to: record) }
        return try RawJSON.addingTVM([("show", show.json), ("watched", watched)], to: record)
    }

    /// A time as the marks print it: ISO 8601 in UTC, to the millisecond.
    ///
    /// - Parameter date: The time.
    /// - Returns: e.g. `2024-03-01T20:00:00.000Z`.
    public static func iso8601(_ date: Date) -> String { DatabaseDate.iso8601(date) }

    /// The columns.
    enum CodingKeys: String, CodingKey {
        case episodeID = "episode_id"
        case showID = "show_id"
        case watchedAt = "watched_at"
    }

    /// The table's columns, for building requests.
    public enum Columns {
        /// `episode_id`.
        public static let episodeID = Column(CodingKeys.episodeID)
        /// `show_id`.
        public static let showID = Column(CodingKeys.showID)
        /// `watched_at`.
        public static let watchedAt = Column(CodingKeys.watchedAt)
    }
}

extension WatchMark: FetchableRecord, PersistableRecord {
    /// The table name, `watched`.
    public static let databaseTableName = "watched"
}
