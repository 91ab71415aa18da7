import Foundation

/// The times exports write, read as UTC instants with Foundation's ISO 8601 parser.
///
/// Accepted: ISO 8601 with a zone (`2018-11-13T21:30:00.000Z`, `2018-11-13T21:30:00+01:00`), TV Time's
/// `2018-11-13 21:30:00` (UTC), and a bare date `2018-11-13` (midnight UTC). Anything else is refused, so that a
/// row is never given a wrong time.
enum ExportDate {
    private static let zoned = Date.ISO8601FormatStyle()
    private static let zonedFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let spaced = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
        .dateTimeSeparator(.space).time(includingFractionalSeconds: false)
    private static let unzoned = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
        .dateTimeSeparator(.standard).time(includingFractionalSeconds: false)
    private static let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

    /// Parses a time; an empty text is `.some(nil)` (no time), an unknown format `nil`.
    ///
    /// - Parameter text: The text, trimmed here.
    /// - Returns: `.some(date)`, `.some(nil)` for empty, or `nil` when it is not a time this reads.
    static func parse(_ text: String) -> Date?? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text == "null" { return .some(nil) }
        for style in [zonedFraction, zoned, spaced, unzoned, day] {
            if let date = try? Date(text, strategy: style) { return .some(date) }
        }
        return nil
    }
}
