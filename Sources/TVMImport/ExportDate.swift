import Foundation
import TVMRecords

/// The times exports write, read as UTC instants by ``Airstamp``, as `tvm-fav watch` reads `watched_at`.
///
/// Accepted: ISO 8601 with or without a zone (`2018-11-13T21:30:00.000Z`, `2018-11-13T21:30:00+01:00`; none means
/// UTC), TV Time's `2018-11-13 21:30:00` (UTC), and a bare date `2018-11-13` (midnight UTC). Anything else is
/// refused, so that a row is never given a wrong time.
enum ExportDate {
    /// Parses a time; an empty text is `.some(nil)` (no time), an unknown format `nil`.
    ///
    /// - Parameter text: The text, trimmed here.
    /// - Returns: `.some(date)`, `.some(nil)` for empty, or `nil` when it is not a time this reads.
    static func parse(_ text: String) -> Date?? {
        let text = text.trimmingBlanks
        if text.isEmpty || text == "null" { return .some(nil) }
        if let seconds = Airstamp.instant(text) {
            return .some(Date(timeIntervalSince1970: Double(seconds) + milliseconds(text)))
        }
        if text.utf8.count == 10, let seconds = Airstamp.startOfDay(text) {
            return .some(Date(timeIntervalSince1970: Double(seconds)))
        }
        return nil
    }

    /// The fraction of a second, to the millisecond (the marks keep milliseconds).
    private static func milliseconds(_ text: String) -> Double {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }.prefix(3)
        guard let value = Int(digits) else { return 0 }
        return Double(value) / pow(10, Double(digits.count))
    }
}
