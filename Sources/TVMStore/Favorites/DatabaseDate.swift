import Foundation

/// The one form in which tvm prints a stored time: ISO 8601 in UTC, to the millisecond.
package enum DatabaseDate {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Formats a date as `2024-03-01T12:34:56.789Z`, rounded to the nearest millisecond.
    ///
    /// - Returns: The text.
    package static func iso8601(_ date: Date) -> String {
        // The format style truncates: a time read back from GRDB's text can fall a hair below its millisecond.
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
        return style.format(Date(timeIntervalSince1970: (milliseconds + 0.25) / 1_000))
    }
}
