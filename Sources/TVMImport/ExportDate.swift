import Foundation
import TVMRecords

/// The times exports write, read as UTC instants by ``Airstamp``, as `tvm-fav watch` reads `watched_at`.
///
/// Accepted: ISO 8601 with or without a zone (`2018-11-13T21:30:00.000Z`, `2018-11-13T21:30:00+01:00`; none means
/// UTC; a lower-case `t` and `z`, and a zone of hours alone, `+00` or `+0100`, too), TV Time's `2018-11-13 21:30:00`
/// (UTC), and a bare date `2018-11-13` (midnight UTC). Anything else is refused, so that a row is never given a
/// wrong time.
package enum ExportDate {
    /// Parses a time; an empty text is `.some(nil)` (no time), an unknown format `nil`.
    ///
    /// - Parameter text: The text, trimmed here.
    /// - Returns: `.some(date)`, `.some(nil)` for empty, or `nil` when it is not a time this reads.
    package static func parse(_ text: String) -> Date?? {
        let text = zoneSpelledOut(text.trimmingBlanks)
        if text.isEmpty || text == "null" { return .some(nil) }
        if let seconds = Airstamp.instant(text) {
            return .some(Date(timeIntervalSince1970: Double(seconds) + Airstamp.fraction(text)))
        }
        if text.utf8.count == 10, let seconds = Airstamp.startOfDay(text) {
            return .some(Date(timeIntervalSince1970: Double(seconds)))
        }
        return nil
    }

    /// RFC 3339's other spellings as the one ``Airstamp`` reads: a lower-case `t` and `z`, and a zone of hours
    /// alone (`+00`, as PostgreSQL writes it) or without its colon (`+0100`).
    private static func zoneSpelledOut(_ text: String) -> String {
        var characters = Array(text)
        guard characters.count >= 19, characters[10] == "t" || characters[10] == "T" || characters[10] == " " else {
            return text
        }
        if characters[10] == "t" { characters[10] = "T" }
        if characters.last == "z" { characters[characters.count - 1] = "Z" }
        let zone = characters.lastIndex { $0 == "+" || $0 == "-" }.map { characters[$0...] } ?? []
        if zone.count == 3 || zone.count == 5, zone.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
            let start = zone.indices.first, start >= 19
        {
            characters.insert(":", at: start + 3)
            if zone.count == 3 { characters += ["0", "0"] }
        }
        return String(characters)
    }
}
