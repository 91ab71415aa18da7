import Foundation

/// A show's schedule in words, in the network's zone, with the viewer's time beside it:
/// `Sundays 20:00 ET (02:00 Mon here)`.
///
/// TVMaze gives a schedule as days and a local time of the network, whose zone is its country's (`timezone`, an
/// IANA name). The viewer's time is computed with both zones' offsets at the next airing after `now`, so it follows
/// daylight-saving time even in the week one of the zones changes. When the viewer's offset is the network's, the
/// time is not repeated; when the network's zone is unknown (a web channel without a country), the time is given as
/// TVMaze has it, and says so.
///
/// The zone is named by its short generic name when it has one (`ET`, `CT`, `MT`, `PT`: the same all year), else by
/// its offset from UTC at the next airing (`UTC+1`, `UTC+5:30`, `UTC`).
///
/// ```swift
/// ScheduleText.describe(
///     days: ["Sunday"], time: "20:00", zone: TimeZone(identifier: "America/New_York"),
///     viewer: TimeZone(identifier: "Europe/Paris")!, now: now)   // "Sundays 20:00 ET (02:00 Mon here)"
/// ```
public enum ScheduleText {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The schedule in words.
    ///
    /// - Parameters:
    ///   - days: TVMaze's `schedule.days`, e.g. `["Sunday"]`.
    ///   - time: TVMaze's `schedule.time`, `HH:MM` in the network's zone; empty or `nil` when unknown.
    ///   - zone: The network's zone, `nil` when unknown.
    ///   - viewer: The viewer's zone.
    ///   - now: The time of the run; the zones' offsets are those of the next airing after it.
    /// - Returns: `Sundays 20:00 ET (02:00 Mon here)`, `Weekdays 09:00 UTC+1`, `Every day`, or an empty string.
    public static func describe(days: [String], time: String?, zone: TimeZone?, viewer: TimeZone, now: Date)
        -> String
    {
        let dayText = describe(days: days)
        let time = time ?? ""
        guard !time.isEmpty else { return dayText }
        let prefix = dayText.isEmpty ? "" : dayText + " "
        guard let minutes = minutes(of: time) else { return prefix + time }
        guard let zone else { return prefix + time + " (time zone not given)" }
        let airing = nextAiring(days: days, minutes: minutes, zone: zone, after: now)
        let networkTime = "\(prefix)\(time) \(name(of: zone, at: airing))"
        let difference = (viewer.secondsFromGMT(for: airing) - zone.secondsFromGMT(for: airing)) / 60
        guard difference != 0 else { return networkTime }
        let local = minutes + difference
        let shift = Int((Double(local) / 1_440).rounded(.down))
        let viewerMinutes = local - shift * 1_440
        var here = pad(viewerMinutes / 60) + ":" + pad(viewerMinutes % 60)
        if shift != 0, dayText != "Every day" {
            let indices = days.compactMap { weekdays.firstIndex(of: $0) }
            if !days.isEmpty, indices.count == days.count {
                here +=
                    " "
                    + indices.map { String(weekdays[(($0 + shift) % 7 + 7) % 7].prefix(3)) }
                    .joined(separator: ", ")
            } else {
                here += shift > 0 ? " next day" : " previous day"
            }
        }
        return "\(networkTime) (\(here) here)"
    }

    /// "Mondays, Thursdays", "Weekdays", "Every day".
    static func describe(days: [String]) -> String {
        let weekdays = Array(weekdays[1...5])
        if Set(days) == Set(Self.weekdays) { return "Every day" }
        if Set(days) == Set(weekdays) && days.count == weekdays.count { return "Weekdays" }
        return days.map { $0.hasSuffix("s") ? $0 : $0 + "s" }.joined(separator: ", ")
    }

    /// The zone's name: its short generic name (`ET`) when it has one, else its offset from UTC at `date`.
    ///
    /// - Parameters:
    ///   - zone: The zone.
    ///   - date: The instant whose offset names a zone without a generic name.
    /// - Returns: `ET`, `PT`, `UTC+1`, `UTC-3`, `UTC+5:30`, `UTC`.
    public static func name(of zone: TimeZone, at date: Date) -> String {
        if let generic = zone.localizedName(for: .shortGeneric, locale: Locale(identifier: "en_US")),
            (2...4).contains(generic.count), generic != "GMT", generic.allSatisfy({ $0.isASCII && $0.isUppercase })
        {
            return generic
        }
        let offset = zone.secondsFromGMT(for: date) / 60
        guard offset != 0 else { return "UTC" }
        let size = abs(offset)
        return "UTC" + (offset > 0 ? "+" : "-") + String(size / 60) + (size % 60 == 0 ? "" : ":" + pad(size % 60))
    }

    /// The first airing at or after `now`: on one of `days` (any day when none is named), `minutes` after midnight
    /// in `zone`.
    private static func nextAiring(days: [String], minutes: Int, zone: TimeZone, after now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = Set(days.compactMap { weekdays.firstIndex(of: $0) })
        let today = calendar.startOfDay(for: now)
        for offset in 0...7 {
            guard let day = calendar.date(byAdding: .day, value: offset, to: today),
                wanted.isEmpty || wanted.contains(calendar.component(.weekday, from: day) - 1),
                let airing = calendar.date(bySettingHour: minutes / 60, minute: minutes % 60, second: 0, of: day),
                airing >= now
            else { continue }
            return airing
        }
        return now
    }

    /// Minutes after midnight of `HH:MM`; `nil` for anything else.
    private static func minutes(of time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hours = Int(parts[0]),
            let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
