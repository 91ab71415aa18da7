import Foundation
import TVMRecords

/// An episode's air time as a terminal shows it: in the user's time zone (`TZ`), from `airstamp`.
///
/// TVMaze's `airdate` and `airtime` are the broadcaster's local date and time; `airstamp` is the instant. A user
/// in Paris watching a US show wants the Paris time, so the terminal shows `airstamp` in the user's zone. When
/// the air time is unknown (an empty `airtime`, or no `airstamp`), only the date is shown, as TVMaze gives it.
///
/// ```swift
/// AirTime.text(airstamp: "2013-06-25T02:00:00+00:00", airdate: "2013-06-24", airtime: "22:00",
///              zone: TimeZone(identifier: "America/New_York")!)   // "2013-06-24 22:00"
/// ```
public enum AirTime {
    /// The text for an episode's air time.
    ///
    /// - Parameters:
    ///   - airstamp: TVMaze's instant.
    ///   - airdate: TVMaze's local date.
    ///   - airtime: TVMaze's local time; empty when unknown.
    ///   - zone: The user's time zone.
    /// - Returns: `YYYY-MM-DD HH:MM` in `zone`, or the date alone, or an empty string.
    public static func text(airstamp: String?, airdate: String?, airtime: String?, zone: TimeZone) -> String {
        let date = airdate ?? ""
        guard let airtime, !airtime.isEmpty, let airstamp, let instant = Airstamp.instant(airstamp) else {
            return date
        }
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
        let local = instant + offset
        let days = Int((Double(local) / 86_400).rounded(.down))
        let (year, month, day) = CivilDate.date(days: days)
        let seconds = local - days * 86_400
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(seconds / 3_600, 2)):\(pad(seconds / 60 % 60, 2))"
    }

    /// The text for an episode.
    ///
    /// - Parameters:
    ///   - zone: The user's time zone.
    public static func text(_ episode: Episode, zone: TimeZone) -> String {
        text(airstamp: episode.airstamp, airdate: episode.airdate, airtime: episode.airtime, zone: zone)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
