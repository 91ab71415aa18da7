import Foundation
import TVMRecords

/// Reads the dates GRDB stores, `yyyy-MM-dd HH:mm:ss.SSS` in UTC, with integer arithmetic.
///
/// GRDB decodes them through `DateComponents` and a Gregorian `Calendar`, which loads Foundation's calendar
/// machinery on first use: about a millisecond of every `tvm-fav list`, more than reading the rows. The text
/// is fixed-format, so parsing it by hand gives the same `Date` (the tests compare the two on many values).
package enum DatabaseDate {
    /// Parses `yyyy-MM-dd HH:mm`, with optional `:ss` and up to three fraction digits, and a space or a `T`
    /// between date and time.
    ///
    /// - Parameter text: The column's text.
    /// - Returns: The date, or `nil` when the text has another form (the caller then asks GRDB).
    package static func parse(_ text: String) -> Date? {
        var utf8 = text.utf8[...]
        func number(_ digits: Int) -> Int? {
            guard utf8.count >= digits else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = utf8.removeFirst()
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func separator(_ allowed: UInt8...) -> Bool {
            guard let byte = utf8.first, allowed.contains(byte) else { return false }
            utf8.removeFirst()
            return true
        }
        guard let year = number(4), separator(45), let month = number(2), separator(45), let day = number(2),
            separator(32, 84), let hour = number(2), separator(58), let minute = number(2),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60
        else { return nil }
        var second = 0
        var nanoseconds = 0
        if separator(58) {
            guard let value = number(2), value < 60 else { return nil }
            second = value
            if separator(46) {
                // Milliseconds at most, as GRDB writes them; GRDB rounds longer fractions its own way.
                var scale = 100_000_000
                while let byte = utf8.first, (48...57).contains(byte), scale >= 1_000_000 {
                    nanoseconds += Int(byte - 48) * scale
                    scale /= 10
                    utf8.removeFirst()
                }
            }
        }
        guard utf8.isEmpty else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        // Relative to Foundation's reference date, as `Calendar.date(from:)` computes it, so that the Double
        // rounds the same way.
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - 978_307_200
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    /// Formats a date as ISO 8601 in UTC to the nearest millisecond, `2024-03-01T12:34:56.789Z`: the form of
    /// `Date.ISO8601FormatStyle(includingFractionalSeconds: true)`, without building its calendar and time zone.
    /// A date read from GRDB's text prints back as exactly that text's time (the formatter truncates, and can
    /// print a millisecond less when the Double falls just below it). Proleptic Gregorian throughout.
    ///
    /// - Parameter date: The date.
    /// - Returns: The text.
    package static func iso8601(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1_000).rounded())
        let (days, dayMilliseconds) = milliseconds.floorDividedBy(86_400_000)
        let (year, month, day) = CivilDate.date(days: days)
        let seconds = dayMilliseconds / 1_000
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(seconds / 3_600, 2)
            + ":" + digits(seconds / 60 % 60, 2) + ":" + digits(seconds % 60, 2) + "."
            + digits(dayMilliseconds % 1_000, 3) + "Z"
    }

}

extension Int {
    /// Floor division and its non-negative remainder: `(-1).floorDividedBy(10)` is `(-1, 9)`.
    fileprivate func floorDividedBy(_ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}
