/// The fields of an episode record that tracking needs, read without decoding the rest of it.
///
/// `tvm-fav` keeps each favorite's episodes with these fields in their own columns (to sort, count and select
/// by), beside the record itself, kept whole.
///
/// ```swift
/// let facts = EpisodeFacts(record: Array(#"{"id":1,"season":1,"number":1,"airstamp":"2013-06-25T02:00:00+00:00"}"#.utf8))
/// facts?.code             // "S01E01"
/// facts?.airsAt           // 1372125600
/// ```
public struct EpisodeFacts: Sendable, Equatable {
    /// The TVMaze episode id.
    public var id: Int
    /// The season number.
    public var season: Int?
    /// The number within the season; `nil` for specials.
    public var number: Int?
    /// `regular`, `significant_special` or `insignificant_special`; absent in older records.
    public var type: String?
    /// The title.
    public var name: String?
    /// The local air date, `YYYY-MM-DD`.
    public var airdate: String?
    /// The local air time, `HH:MM`; empty when unknown.
    public var airtime: String?
    /// The air time as an ISO 8601 instant.
    public var airstamp: String?
    /// The length in minutes.
    public var runtime: Int?
    /// The summary, as TVMaze's HTML.
    public var summary: String?
    /// The episode's TVMaze page.
    public var url: String?
    /// The compact record without its `_tvm` member: what TVMaze sent.
    public var json: [UInt8]

    /// Reads the fields of one episode record.
    ///
    /// - Parameter record: A compact episode object as TVMaze sent it.
    /// - Returns: `nil` when the record is not an object with a positive integer `id`.
    public init?(record: some Collection<UInt8>) {
        guard let object = try? ScannedObject.scan(record) else { return nil }
        var id: Int?
        for (index, member) in object.members.enumerated() where !member.isMarked {
            let raw = object.value(member)
            switch object.keys[index] {
            case "id": id = RawJSON.integer(raw)
            case "season": season = RawJSON.integer(raw)
            case "number": number = RawJSON.integer(raw)
            case "type": type = RawJSON.string(raw)
            case "name": name = RawJSON.string(raw)
            case "airdate": airdate = RawJSON.string(raw)
            case "airtime": airtime = RawJSON.string(raw)
            case "airstamp": airstamp = RawJSON.string(raw)
            case "runtime": runtime = RawJSON.integer(raw)
            case "summary": summary = RawJSON.string(raw)
            case "url": url = RawJSON.string(raw)
            default: continue
            }
        }
        guard let id, id > 0 else { return nil }
        self.id = id
        self.json = object.compactWithoutMarked()
    }

    /// Whether the episode is a regular one, not a special: it has a number, and its `type` (when present) is
    /// `regular`. Progress counts leave specials out.
    public var isRegular: Bool {
        number != nil && (type == nil || type == "regular")
    }

    /// When the episode airs, in seconds since the epoch: its `airstamp`, else the start of its `airdate` (UTC),
    /// else `nil` (not scheduled).
    public var airsAt: Int? {
        if let airstamp, let instant = Airstamp.instant(airstamp) { return instant }
        if let airdate { return Airstamp.startOfDay(airdate) }
        return nil
    }

    /// How long an all-day episode (no `airtime`) stays upcoming after the start of its `airdate` in UTC: until the
    /// date has ended everywhere, at 12:00 UTC the day after (UTC-12's midnight).
    public static let allDayGrace = 36 * 3_600

    /// Whether the episode belongs in an upcoming window (seconds since the epoch): its air time falls in it, or,
    /// for an all-day episode (no `airtime`, as streaming releases are), its date has not ended everywhere by the
    /// window's start, as its calendar event has not.
    ///
    /// - Parameter window: From now to the last second ahead.
    public func airs(in window: ClosedRange<Int>) -> Bool {
        guard let airsAt, airsAt <= window.upperBound else { return false }
        if airsAt >= window.lowerBound { return true }
        guard airtime?.isEmpty ?? true, let airdate, let day = Airstamp.startOfDay(airdate) else { return false }
        return day + Self.allDayGrace > window.lowerBound
    }

    /// Whether the episode has aired by `now` (seconds since the epoch); an unscheduled one has not.
    ///
    /// - Parameter now: The time of the run.
    public func hasAired(by now: Int) -> Bool {
        airsAt.map { $0 <= now } ?? false
    }

    /// The episode's code: `S01E02`, or `S01 special` without a number.
    public var code: String {
        EpisodeCode(season: season, number: number).text
    }
}

/// A season and episode number, as `S02E05`: what `tvm-fav watch --through` takes and tables print.
///
/// ```swift
/// EpisodeCode(parsing: "S2E5")      // season 2, number 5
/// EpisodeCode(season: 2, number: 5).text  // "S02E05"
/// ```
public struct EpisodeCode: Sendable, Equatable, Comparable {
    /// The season number.
    public var season: Int?
    /// The episode number; `nil` for a special.
    public var number: Int?

    /// Creates a code.
    public init(season: Int?, number: Int?) {
        self.season = season
        self.number = number
    }

    /// Reads `S02E05`, `s2e5` or `2x05`.
    ///
    /// - Parameter text: The code.
    /// - Returns: `nil` when the text is not one of those forms with positive numbers.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        let parts: [Substring]
        if lower.hasPrefix("s"), let e = lower.firstIndex(of: "e") {
            parts = [lower[lower.index(after: lower.startIndex)..<e], lower[lower.index(after: e)...]]
        } else if let x = lower.firstIndex(of: "x") {
            parts = [lower[..<x], lower[lower.index(after: x)...]]
        } else {
            return nil
        }
        guard
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let season = Int(parts[0]), let number = Int(parts[1]), season > 0, number > 0
        else { return nil }
        self.season = season
        self.number = number
    }

    /// `S02E05`; `S02 special` without a number; `S??` without a season.
    public var text: String {
        let season = self.season.map { "S" + Self.twoDigits($0) } ?? "S??"
        return number.map { season + "E" + Self.twoDigits($0) } ?? "\(season) special"
    }

    /// Orders by season, then number (a missing number first).
    public static func < (lhs: EpisodeCode, rhs: EpisodeCode) -> Bool {
        ((lhs.season ?? 0), (lhs.number ?? 0)) < ((rhs.season ?? 0), (rhs.number ?? 0))
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }
}
