import Foundation
import TVMRecords

/// One stdin line of `tvm-fav watch` or `tvm-fav unwatch`: which episode, and what the line says about it.
///
/// Three forms are read:
/// - an episode record, as `tvm-episodes` prints it (its show from `_tvm.show.id`, else from `_links.show.href`);
/// - a mark, as `tvm-fav watched` prints it: `{"episode":1,"show":1,"watched_at":"2024-03-01T20:00:00.000Z"}`;
/// - a bare episode id, `1` or `"1"`.
///
/// ```swift
/// let line = Array(#"{"episode":1,"show":1,"watched_at":"2024-03-01T20:00:00Z"}"#.utf8)
/// let input = try WatchInput(line: line, now: .now)
/// input.episodeID  // 1
/// input.isMark     // true
/// ```
public struct WatchInput: Sendable, Equatable {
    /// The TVMaze episode id.
    public var episodeID: Int
    /// The show's id, when the line names it.
    public var showID: Int?
    /// The time of a mark line (`watched_at`).
    public var watchedAt: Date?
    /// Whether the line is a mark, as `tvm-fav watched` prints it: one restores it as it was made, specials too.
    public var isMark: Bool

    /// Reads a line.
    ///
    /// - Parameters:
    ///   - line: One compact JSON value.
    ///   - now: The run's clock: a mark's `watched_at` must pass ``WatchMark/timeProblem(_:now:)``; `nil` when the
    ///     time is not kept (`tvm-fav unwatch`).
    /// - Throws: ``WatchInputError`` when the line is none of the three forms, or its time is impossible.
    public init(line: [UInt8], now: Date?) throws(WatchInputError) {
        if let id = RawJSON.integer(line) ?? RawJSON.string(line).flatMap({ Int($0) }) {
            guard id > 0 else { throw .notAnEpisode("\(id) is not an episode id") }
            self.init(episodeID: id, showID: nil, watchedAt: nil, isMark: false)
            return
        }
        guard line.first == UInt8(ascii: "{"), let object = try? ScannedObject.scan(line) else {
            throw .notAnEpisode("expected an episode record, a mark from tvm-fav watched, or an episode id")
        }
        if let episode = object.lastValue(forKey: "episode").flatMap(RawJSON.integer) {
            guard episode > 0 else { throw .notAnEpisode("\(episode) is not an episode id") }
            let show = object.lastValue(forKey: "show").flatMap(RawJSON.integer)
            var date: Date?
            if let raw = object.lastValue(forKey: "watched_at"), raw != Array("null".utf8) {
                // A day alone is its start in UTC, as --at and import read it.
                guard let text = RawJSON.string(raw), let seconds = ToolClock.instant(text) else {
                    throw .badTime(String(decoding: raw, as: UTF8.self))
                }
                let time = Date(timeIntervalSince1970: Double(seconds) + Airstamp.fraction(text))
                if let now, let problem = WatchMark.timeProblem(time, now: now) {
                    throw .impossibleTime("watched_at \(time.formatted(.iso8601)) \(problem)")
                }
                date = time
            }
            self.init(episodeID: episode, showID: show, watchedAt: date, isMark: true)
            return
        }
        let kind = TVMazeRecordKind.detect(keys: object.keys)
        guard kind == .episode || kind == .unknown,
            let id = object.lastValue(forKey: "id").flatMap(RawJSON.integer), id > 0
        else {
            throw .notAnEpisode(
                kind == .show
                    ? "this is a show record, not an episode: give --show ID for a whole show"
                    : "\(kind.description) is not an episode record")
        }
        self.init(episodeID: id, showID: Self.showID(in: object), watchedAt: nil, isMark: false)
    }

    /// Creates an input.
    public init(episodeID: Int, showID: Int?, watchedAt: Date?, isMark: Bool) {
        self.episodeID = episodeID
        self.showID = showID
        self.watchedAt = watchedAt
        self.isMark = isMark
    }

    /// The show named by `_tvm.show.id`, else by the last path component of `_links.show.href`.
    private static func showID(in object: ScannedObject) -> Int? {
        let compact = object.compact
        if let id = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "show", "id"], in: compact))?.flatMap(RawJSON.integer)
        {
            return id
        }
        guard let href = (try? RawJSON.value(atPath: ["_links", "show", "href"], in: compact))?.flatMap(RawJSON.string)
        else { return nil }
        return EpisodeLinks.showID(fromHref: href)
    }
}

/// The show id in an episode's `_links.show.href`.
public enum EpisodeLinks {
    /// The number after `/shows/` in a link such as `https://api.tvmaze.com/shows/1`.
    ///
    /// - Parameter href: The link.
    /// - Returns: The show id, or `nil` when the link does not end in `/shows/N`.
    public static func showID(fromHref href: String) -> Int? {
        guard let range = href.range(of: "/shows/", options: .backwards) else { return nil }
        let digits = href[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let id = Int(digits), id > 0 else { return nil }
        return id
    }
}

/// A stdin line that `tvm-fav watch` cannot read.
public enum WatchInputError: Error, LocalizedError, Sendable, Equatable {
    /// The line is not one of the forms.
    case notAnEpisode(String)
    /// A mark's `watched_at` is not an ISO 8601 time.
    case badTime(String)
    /// A mark's `watched_at` cannot be when an episode was watched (``WatchMark/timeProblem(_:now:)``).
    case impossibleTime(String)

    /// A sentence that says what was expected.
    public var errorDescription: String? {
        switch self {
        case .notAnEpisode(let detail): return detail
        case .badTime(let text): return "watched_at \(text) is not an ISO 8601 time such as 2024-03-01T20:00:00Z"
        case .impossibleTime(let detail): return "impossible time: \(detail)"
        }
    }
}
