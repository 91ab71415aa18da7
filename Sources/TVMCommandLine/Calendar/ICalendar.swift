import TVMRecords
import TVMTerminal

/// RFC 5545 text: a calendar of episodes that any calendar app can import or subscribe to.
///
/// Lines end in CRLF and are folded at 75 octets (a continuation line starts with one space, and no UTF-8
/// sequence is split); TEXT values escape `\`, `;`, `,` and newlines, and lose other control characters.
///
/// ```swift
/// var text = ICalendar.header(name: "tvm")
/// text += ICalendar.event(for: episode, show: "Outlander", averageRuntime: 60, stamp: now) ?? ""
/// text += ICalendar.footer
/// ```
public enum ICalendar {
    /// One episode as an event.
    public struct Event: Sendable, Equatable {
        /// Stable across runs and machines: derived from the TVMaze episode id, so a re-import updates the event.
        public var uid: String
        /// When the calendar was written, seconds since the epoch (UTC).
        public var stamp: Int
        /// When it starts.
        public var start: Moment
        /// When it ends.
        public var end: Moment
        /// `Show Name S01E02 Episode title`.
        public var summary: String
        /// The episode's summary as plain text.
        public var description: String?
        /// The episode's TVMaze page.
        public var url: String?
    }

    /// A start or end: an instant (in UTC), or a day (an all-day event).
    public enum Moment: Sendable, Equatable {
        /// Seconds since the epoch.
        case instant(Int)
        /// Days since 1970-01-01.
        case day(Int)
    }

    /// The calendar's opening lines: `VERSION`, `PRODID`, `CALSCALE`, `METHOD`, `X-WR-CALNAME`.
    ///
    /// - Parameter name: The calendar's name, as apps show it.
    /// - Returns: The text, CRLF-terminated.
    public static func header(name: String) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tvm//tvm \(Version.current)//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + escape(name),
        ].map(fold).joined()
    }

    /// The calendar's closing line.
    public static let footer = "END:VCALENDAR\r\n"

    /// The event of an episode record, or `nil` when it has no id or no air date.
    ///
    /// `DTSTART` comes from `airstamp` in UTC; an episode with no `airtime` (or no `airstamp`) is an all-day event
    /// on its `airdate`. `DTEND` adds `runtime`, else the show's `averageRuntime`, else 30 minutes (an all-day
    /// event ends the next day).
    /// - Parameters:
    ///   - record: A compact episode object.
    ///   - show: The show's name.
    ///   - averageRuntime: The show's `averageRuntime`, if known.
    ///   - stamp: The time of the run, seconds since the epoch.
    /// - Returns: The event.
    public static func event(for record: [UInt8], show: String?, averageRuntime: Int?, stamp: Int) -> Event? {
        guard let episode = try? Episode(json: record), let id = episode.id else { return nil }
        let minutes = [episode.runtime, averageRuntime].compactMap { $0 }.first { $0 > 0 } ?? 30
        let start: Moment
        let end: Moment
        if let airtime = episode.airtime, !airtime.isEmpty, let airstamp = episode.airstamp,
            let instant = Airstamp.instant(airstamp)
        {
            start = .instant(instant)
            end = .instant(instant + minutes * 60)
        } else if let airdate = episode.airdate, let day = Airstamp.startOfDay(airdate) {
            start = .day(day / 86_400)
            end = .day(day / 86_400 + 1)
        } else {
            return nil
        }
        var summary = [show, EpisodeCode(season: episode.season, number: episode.number).text]
            .compactMap { $0 }.joined(separator: " ")
        if let name = episode.name, !name.isEmpty { summary += " " + name }
        let description = episode.summary.map { HTMLText.plainText(fromHTML: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return Event(
            uid: "tvmaze-episode-\(id)@tvm", stamp: stamp, start: start, end: end, summary: summary,
            description: description, url: episode.url)
    }

    /// The `VEVENT` block of an event.
    ///
    /// - Parameter event: The event.
    /// - Returns: The text, CRLF-terminated and folded.
    public static func text(of event: Event) -> String {
        var lines = ["BEGIN:VEVENT", "UID:" + escape(event.uid), "DTSTAMP:" + utc(event.stamp)]
        lines.append(property("DTSTART", event.start))
        lines.append(property("DTEND", event.end))
        lines.append("SUMMARY:" + escape(event.summary))
        if let description = event.description { lines.append("DESCRIPTION:" + escape(description)) }
        if let url = event.url, !url.isEmpty, !url.contains(where: { $0.isNewline || $0 == "\"" }) {
            lines.append("URL:" + url.filter { !$0.isASCII || $0.asciiValue! >= 0x20 })
        }
        lines.append("END:VEVENT")
        return lines.map(fold).joined()
    }

    /// Escapes a TEXT value: `\` `;` `,` and newlines; other control characters are dropped.
    ///
    /// - Parameter text: The value.
    /// - Returns: The escaped value.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": if !previousCR { out += "\\n" }
            case "\r": out += "\\n"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0x7F, !(0x80...0x9F).contains(scalar.value) else {
                    continue
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds a content line at 75 octets and ends it (and each part) with CRLF.
    ///
    /// - Parameter line: One unfolded content line.
    /// - Returns: The folded line.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line + "\r\n" }
        var out: [UInt8] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Never split a UTF-8 sequence: step back over continuation bytes.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(UInt8(ascii: " ")) }
            out += bytes[start..<end]
            out += [13, 10]
            start = end
            limit = 74
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func property(_ name: String, _ moment: Moment) -> String {
        switch moment {
        case .instant(let seconds): return name + ":" + utc(seconds)
        case .day(let days): return name + ";VALUE=DATE:" + date(days)
        }
    }

    /// `20130625T020000Z`.
    private static func utc(_ seconds: Int) -> String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return date(days) + "T" + pad(rest / 3_600) + pad(rest / 60 % 60) + pad(rest % 60) + "Z"
    }

    /// `20130625`.
    private static func date(_ days: Int) -> String {
        let (year, month, day) = CivilDate.date(days: days)
        return String(year) + pad(month) + pad(day)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
