import TVMRecords
import TVMTerminal
import TVMText

/// RFC 5545 text: a calendar of episodes that any calendar app can import or subscribe to.
///
/// Lines end in CRLF and are folded at 75 octets (a continuation line starts with one space, and no UTF-8
/// sequence is split); TEXT values escape `\`, `;`, `,` and newlines (a one-line value such as `SUMMARY` gets
/// spaces instead), and lose other control characters and bidi controls.
///
/// ```swift
/// var text = ICalendar.header(name: "tvm")
/// if let event = ICalendar.event(for: episode, show: "Outlander", averageRuntime: 60, stamp: now) {
///     text += ICalendar.text(of: event)
/// }
/// text += ICalendar.footer
/// ```
package enum ICalendar {
    /// One episode as an event.
    package struct Event: Sendable, Equatable {
        /// Stable across runs and machines: derived from the TVMaze episode id, so a re-import updates the event.
        package var uid: String
        /// When the calendar was written, seconds since the epoch (UTC).
        package var stamp: Int
        /// When it starts.
        package var start: Moment
        /// When it ends.
        package var end: Moment
        /// `Show Name S01E02 Episode title`.
        package var summary: String
        /// The episode's summary as plain text.
        package var description: String?
        /// The episode's TVMaze page.
        package var url: String?
    }

    /// A start or end: an instant (in UTC), or a day (an all-day event).
    package enum Moment: Sendable, Equatable {
        /// Seconds since the epoch.
        case instant(Int)
        /// Days since 1970-01-01.
        case day(Int)
    }

    /// The calendar's opening lines: `VERSION`, `PRODID`, `CALSCALE`, `METHOD`, `REFRESH-INTERVAL` and
    /// `X-PUBLISHED-TTL` (an hour: how often a subscribed app should fetch it again), `X-WR-CALNAME`.
    ///
    /// - Parameter name: The calendar's name, as apps show it.
    /// - Returns: The text, CRLF-terminated.
    package static func header(name: String) -> [UInt8] {
        var out: [UInt8] = []
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tvm//tvm \(Version.current)//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H",
        ]
        for line in lines { appendFolded(Array(line.utf8), to: &out) }
        appendProperty("X-WR-CALNAME", text: name, to: &out)
        return out
    }

    /// The calendar's closing line.
    package static let footer = Array("END:VCALENDAR\r\n".utf8)

    /// The event of an episode record, or `nil` when it has no id or no air date.
    ///
    /// `DTSTART` comes from `airstamp` in UTC; an episode with no `airtime` (or no `airstamp`) is an all-day event
    /// on its `airdate`. `DTEND` adds `runtime`, else the show's `averageRuntime`, else 30 minutes (an all-day
    /// event ends the next day); a runtime over a week is taken for a mistake, as one of 0 is. An event that would
    /// end after the year 9999 is left out.
    /// - Parameters:
    ///   - record: A compact episode object.
    ///   - show: The show's name.
    ///   - averageRuntime: The show's `averageRuntime`, if known.
    ///   - stamp: The time of the run, seconds since the epoch.
    /// - Returns: The event.
    package static func event(for record: [UInt8], show: String?, averageRuntime: Int?, stamp: Int) -> Event? {
        EpisodeFacts(record: record).flatMap {
            event(for: $0, show: show, averageRuntime: averageRuntime, stamp: stamp)
        }
    }

    /// The longest runtime an event takes from the data, in minutes: a week.
    static let maximumRuntime = 7 * 24 * 60

    /// 9999-12-31T23:59:59Z, the last moment a date of RFC 5545 can hold.
    static let lastSecond = 253_402_300_799

    /// The event of an episode, from its fields; `nil` when it has no air date.
    ///
    /// - Parameters:
    ///   - episode: The episode's fields.
    ///   - show: The show's name.
    ///   - averageRuntime: The show's `averageRuntime`, if known.
    ///   - stamp: The time of the run, seconds since the epoch.
    /// - Returns: The event.
    package static func event(for episode: EpisodeFacts, show: String?, averageRuntime: Int?, stamp: Int) -> Event? {
        let minutes =
            [episode.runtime, averageRuntime].compactMap { $0 }.first { (1...maximumRuntime).contains($0) } ?? 30
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
        // RFC 5545 years have four digits: an event ending after 9999 would make the calendar unreadable.
        switch end {
        case .instant(let seconds) where seconds > lastSecond: return nil
        case .day(let day) where day > lastSecond / 86_400: return nil
        default: break
        }
        var summary = [show, episode.code].compactMap { $0 }.joined(separator: " ")
        if let name = episode.name, !name.isEmpty { summary += " " + name }
        let description = episode.summary.map { HTMLText.plainText(fromHTML: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return Event(
            uid: "tvmaze-episode-\(episode.id)@tvm", stamp: stamp, start: start, end: end, summary: summary,
            description: description, url: episode.url)
    }

    /// The `VEVENT` block of an event.
    ///
    /// - Returns: The text, CRLF-terminated and folded.
    package static func text(of event: Event) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + (event.description?.utf8.count ?? 0))
        appendFolded(Array("BEGIN:VEVENT".utf8), to: &out)
        appendProperty("UID", text: event.uid, to: &out)
        appendFolded(Array("DTSTAMP:".utf8) + utc(event.stamp), to: &out)
        appendFolded(property("DTSTART", event.start), to: &out)
        appendFolded(property("DTEND", event.end), to: &out)
        appendProperty("SUMMARY", text: event.summary, to: &out)
        if let description = event.description { appendProperty("DESCRIPTION", text: description, to: &out) }
        if let url = event.url, !url.isEmpty, !breaksLine(url) {
            appendFolded(Array("URL:".utf8) + url.utf8.filter { $0 >= 0x20 && $0 != 0x7F }, to: &out)
        }
        appendFolded(Array("END:VEVENT".utf8), to: &out)
        return out
    }

    /// Escapes a TEXT value: `\` `;` `,` and newlines; other control characters and bidi controls are dropped.
    ///
    /// A one-line value (`SUMMARY`, the calendar's name) gets a space for each line break (CR, LF, CRLF, VT, FF,
    /// NEL, U+2028, U+2029) instead of an escaped newline, which calendar programs such as calcurse refuse in a
    /// summary ("line break in summary"). Bidi controls (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069) are
    /// dropped everywhere: an override reorders what a calendar shows.
    /// - Parameters:
    ///   - text: The value.
    ///   - oneLine: Whether line breaks become spaces rather than escaped newlines.
    /// - Returns: The escaped value.
    package static func escape(_ text: String, oneLine: Bool = false) -> String {
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\", ";", ",": out += ["\\", scalar]
            case "\n" where afterCR: continue
            case "\n", "\r": out += oneLine ? [" "] : ["\\", "n"]
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                if oneLine { out.append(" ") } else if scalar.value > 0xFF { out.append(scalar) }
            case "\t": out.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": continue
            case "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Folds a content line at 75 octets and ends it (and each part) with CRLF.
    ///
    /// - Parameter line: One unfolded content line.
    /// - Returns: The folded line.
    package static func fold(_ line: String) -> String {
        var out: [UInt8] = []
        appendFolded(Array(line.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `NAME:` and the escaped TEXT value, folded; only `DESCRIPTION` may hold line breaks.
    private static func appendProperty(_ name: String, text: String, to out: inout [UInt8]) {
        appendFolded(Array((name + ":" + escape(text, oneLine: name != "DESCRIPTION")).utf8), to: &out)
    }

    /// Whether text holds a line break (LF, VT, FF, CR, NEL, U+2028, U+2029) or a `"`, either of which a URI value
    /// cannot hold.
    private static func breaksLine(_ text: String) -> Bool {
        text.unicodeScalars.contains { "\n\u{0B}\u{0C}\r\"\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) }
    }

    /// Appends one content line folded at 75 octets, each part ending in CRLF and each continuation starting with
    /// a space; no UTF-8 sequence is split.
    private static func appendFolded(_ bytes: [UInt8], to out: inout [UInt8]) {
        var start = 0
        var limit = 75
        repeat {
            var end = min(start + limit, bytes.count)
            // Never split a UTF-8 sequence: step back over continuation bytes.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(UInt8(ascii: " ")) }
            out += bytes[start..<end]
            out += [13, 10]
            start = end
            limit = 74
        } while start < bytes.count
    }

    private static func property(_ name: String, _ moment: Moment) -> [UInt8] {
        switch moment {
        case .instant(let seconds): return Array((name + ":").utf8) + utc(seconds)
        case .day(let days): return Array((name + ";VALUE=DATE:").utf8) + date(days)
        }
    }

    /// `20130625T020000Z`.
    private static func utc(_ seconds: Int) -> [UInt8] {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        return date(days) + [UInt8(ascii: "T")] + pad(rest / 3_600) + pad(rest / 60 % 60) + pad(rest % 60)
            + [UInt8(ascii: "Z")]
    }

    /// `20130625`.
    private static func date(_ days: Int) -> [UInt8] {
        let (year, month, day) = CivilDate.date(days: days)
        // RFC 5545's years have four digits: `00010101` for the year 1.
        return pad(year, 4) + pad(month) + pad(day)
    }

    /// `value` (not negative) in at least `width` digits, zeros in front.
    private static func pad(_ value: Int, _ width: Int = 2) -> [UInt8] {
        let digits = Array(String(value).utf8)
        return Array(repeating: UInt8(ascii: "0"), count: max(0, width - digits.count)) + digits
    }
}
