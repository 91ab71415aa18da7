import Foundation
import TVMRecords
import TVMStore

/// How an export names a show: by any of its ids, or only by its title.
public struct ShowKey: Sendable, Hashable {
    /// The TVMaze id.
    public var tvmaze: Int?
    /// TheTVDB's id.
    public var thetvdb: Int?
    /// IMDb's id, such as `tt1553656`.
    public var imdb: String?
    /// The title, for messages and `--match-titles`.
    public var title: String?

    /// Creates a key; ids that are zero, negative or empty count as absent.
    ///
    /// - Parameters:
    ///   - tvmaze: The TVMaze id.
    ///   - thetvdb: TheTVDB's id.
    ///   - imdb: IMDb's id.
    ///   - title: The title.
    public init(tvmaze: Int? = nil, thetvdb: Int? = nil, imdb: String? = nil, title: String? = nil) {
        self.tvmaze = tvmaze.flatMap { $0 > 0 ? $0 : nil }
        self.thetvdb = thetvdb.flatMap { $0 > 0 ? $0 : nil }
        let imdb = imdb?.trimmingBlanks
        self.imdb = imdb.flatMap { $0.isEmpty ? nil : $0 }
        let title = title?.trimmingBlanks
        self.title = title.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether the key holds an id (a title alone is placed only with `--match-titles`).
    public var hasID: Bool { tvmaze != nil || thetvdb != nil || imdb != nil }

    /// The key as messages show it: `"Outlander" (TheTVDB 270408)`.
    public var description: String {
        var ids: [String] = []
        if let tvmaze { ids.append("TVMaze \(tvmaze)") }
        if let thetvdb { ids.append("TheTVDB \(thetvdb)") }
        if let imdb { ids.append("IMDb \(imdb)") }
        let name = title.map { "\"\(Excerpt.field($0))\"" } ?? "a show"
        return ids.isEmpty ? name : "\(name) (\(ids.joined(separator: ", ")))"
    }
}

/// Where a row came from: the file (inside a ZIP: `export.zip:name.csv`), the line, and its text.
///
/// The text is a slice of the file's bytes, shared with them (a 100,000-row export keeps no copy per row); it
/// becomes a string only when asked for (`--unmatched`).
public struct RowOrigin: Sendable, Equatable {
    /// The file, as the user knows it.
    public var file: String
    /// The line the row starts on (for a JSON file, the line its element starts on).
    public var line: Int
    /// The row's bytes as they stood.
    var bytes: ArraySlice<UInt8>

    /// The row as it stood (a CSV line, or the JSON element compacted).
    public var original: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates an origin.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - line: The line.
    ///   - original: The row's text.
    public init(file: String, line: Int, original: String) {
        self.init(file: file, line: line, bytes: ArraySlice(original.utf8))
    }

    /// Creates an origin on a slice of the file's bytes.
    init(file: String, line: Int, bytes: ArraySlice<UInt8>) {
        self.file = file
        self.line = line
        self.bytes = bytes
    }
}

/// One thing an export says: an episode of a show was watched (or rewatched), or a show is followed.
public struct ImportRow: Sendable {
    /// The show.
    public var show: ShowKey
    /// The episode's season and number; `nil` for a show followed without an episode.
    public var episode: EpisodeNumber?
    /// When it was watched, in UTC; `nil` when the export does not say.
    public var watchedAt: Date?
    /// Whether the export calls it a rewatch.
    public var isRewatch: Bool
    /// Whether the show is archived (hidden) in TV Time.
    public var archived: Bool
    /// Where it came from.
    public var origin: RowOrigin

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - show: The show.
    ///   - episode: Season and number, or `nil` for a follow.
    ///   - watchedAt: When.
    ///   - isRewatch: A rewatch.
    ///   - archived: Archived in TV Time.
    ///   - origin: Where it came from.
    public init(
        show: ShowKey, episode: EpisodeNumber?, watchedAt: Date?, isRewatch: Bool = false, archived: Bool = false,
        origin: RowOrigin
    ) {
        self.show = show
        self.episode = episode
        self.watchedAt = watchedAt
        self.isRewatch = isRewatch
        self.archived = archived
        self.origin = origin
    }
}

/// An episode's place in its show: season and number.
public struct EpisodeNumber: Sendable, Hashable, Comparable {
    /// The season.
    public var season: Int
    /// The number in the season.
    public var number: Int

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - season: The season.
    ///   - number: The number.
    public init(season: Int, number: Int) {
        self.season = season
        self.number = number
    }

    /// `S01E05`.
    public var code: String {
        "S" + (season < 10 ? "0" : "") + String(season) + "E" + (number < 10 ? "0" : "") + String(number)
    }

    /// Season first, then number.
    public static func < (lhs: EpisodeNumber, rhs: EpisodeNumber) -> Bool {
        (lhs.season, lhs.number) < (rhs.season, rhs.number)
    }
}

/// Why a row was not imported.
public enum SkipReason: String, Sendable, CaseIterable {
    /// A movie: tvm keeps TV shows.
    case movie
    /// Anime (Simkl keeps it apart, numbered its own way).
    case anime
    /// The show has no episode with that season and number at TVMaze.
    case noSuchEpisode = "no such episode"
    /// TVMaze has no such show, or the export names it in a way that cannot be looked up.
    case showNotOnTVMaze = "show not on TVMaze"
    /// The row cannot be read: a broken line, a missing field, a date in no known format.
    case unreadable = "unreadable row"
    /// The row's time cannot be when an episode was watched: before 1900, or in the future.
    case impossibleTime = "impossible time"
    /// The episode has not aired yet (tvm-fav watch's rule).
    case notAired = "not aired yet"
    /// The show is named by its title alone, and `--match-titles` was not given.
    case titleOnly = "title without an id"
    /// TVMaze did not answer for the show (after the retries); another import may place it.
    case notAnswered = "no answer from TVMaze"
}

extension SkipReason {
    /// `count` rows skipped for this reason, as the import's summary says it: `2 shows not on TVMaze`.
    ///
    /// - Parameter count: How many rows.
    /// - Returns: The count and the reason, in the plural where it has one.
    public func counted(_ count: Int) -> String {
        let plural: String
        switch self {
        case .movie: plural = "movies"
        case .anime, .noSuchEpisode, .notAired: plural = rawValue
        case .showNotOnTVMaze: plural = "shows not on TVMaze"
        case .unreadable: plural = "unreadable rows"
        case .impossibleTime: plural = "impossible times"
        case .titleOnly: plural = "titles without an id"
        case .notAnswered: plural = "no answers from TVMaze"
        }
        return "\(count) \(count == 1 ? rawValue : plural)"
    }
}

/// A row that was not imported, and why.
public struct SkippedRow: Sendable {
    /// Why.
    public var reason: SkipReason
    /// The detail, quoting what was wrong: `season "x" is not a number`.
    public var detail: String
    /// Where it came from.
    public var origin: RowOrigin
    /// What the row said, when it could be read (for `--unmatched`).
    public var row: ImportRow?

    /// Creates a skipped row.
    ///
    /// - Parameters:
    ///   - reason: Why.
    ///   - detail: The detail.
    ///   - origin: Where.
    ///   - row: What the row said, when it could be read.
    public init(reason: SkipReason, detail: String, origin: RowOrigin, row: ImportRow? = nil) {
        self.reason = reason
        self.detail = detail
        self.origin = origin
        self.row = row
    }
}

/// What an export holds once read: the rows to place, the rows already skipped, and the files read.
public struct ImportHistory: Sendable {
    /// Rows to place.
    public var rows: [ImportRow] = []
    /// Rows skipped while reading (movies, anime, unreadable lines).
    public var skipped: [SkippedRow] = []
    /// The files read, as the user knows them.
    public var files: [String] = []
    /// The files that could not be read (their rows are not in ``rows``).
    public var problems: [ImportError] = []

    /// An empty history.
    public init() {}

    /// Moves the rows whose time cannot be when an episode was watched (``WatchMark/timeProblem(_:now:)``: before
    /// 1900, or in the future) to ``skipped``, quoting the time: the rest of the import goes on.
    ///
    /// - Parameter now: The run's clock.
    public mutating func skipImpossibleTimes(now: Date) {
        var kept: [ImportRow] = []
        for row in rows {
            if let time = row.watchedAt, let problem = WatchMark.timeProblem(time, now: now) {
                let text = time.formatted(.iso8601)
                skipped.append(
                    SkippedRow(
                        reason: .impossibleTime, detail: "watched_at \(text) \(problem)", origin: row.origin, row: row))
            } else {
                kept.append(row)
            }
        }
        rows = kept
    }

    /// Adds another file's history.
    ///
    /// - Parameter other: The other history.
    public mutating func append(_ other: ImportHistory) {
        rows += other.rows
        skipped += other.skipped
        files += other.files
        problems += other.problems
    }
}
