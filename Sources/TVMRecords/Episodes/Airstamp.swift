/// Reads TVMaze's dates and instants as seconds since the Unix epoch, in UTC, without a calendar or a locale.
///
/// Episodes carry `airstamp`, an ISO 8601 instant with an offset (`2016-06-21T22:00:00-04:00`,
/// `2013-06-25T02:00:00+00:00`); `--since` takes a day (`2016-06-22`), meaning its start in UTC.
///
/// ```swift
/// Airstamp.instant("2016-06-21T22:00:00-04:00")  // 1466560800 (2016-06-22 02:00 UTC)
/// Airstamp.startOfDay("2016-06-22")              // 1466553600
/// ```
public enum Airstamp {
    /// Returns the instant an ISO 8601 date-time denotes, or `nil` if the text is not one.
    ///
    /// Accepts `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z`, `±HH:MM`, `±HHMM` or nothing (UTC). A space
    /// may stand for the `T`. Fractions of a second are dropped.
    /// - Parameter text: An `airstamp` value.
    /// - Returns: Seconds since 1970-01-01T00:00:00Z.
    public static func instant(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, let day = startOfDay(bytes[0..<10]),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = digits(bytes[11..<13]), bytes[13] == UInt8(ascii: ":"), let minute = digits(bytes[14..<16]),
            hour < 24, minute < 60
        else { return nil }
        var index = 16
        var second = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= bytes.count, let value = digits(bytes[(index + 1)..<(index + 3)]), value < 61 else {
                return nil
            }
            second = value
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
                guard index > start else { return nil }
            }
        }
        guard let offset = offsetSeconds(bytes[index...]) else { return nil }
        return day + hour * 3600 + minute * 60 + second - offset
    }

    /// Returns the first second of a calendar day in UTC, or `nil` if the text is not a valid `YYYY-MM-DD`.
    ///
    /// The day must exist: `2023-02-29` and `2024-13-01` are refused.
    /// - Parameter text: A date such as `2016-06-22`.
    /// - Returns: Seconds since 1970-01-01T00:00:00Z.
    public static func startOfDay(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return nil }
        return startOfDay(bytes[...])
    }

    /// The fraction of a second of an ISO 8601 time that ``instant(_:)`` drops, to the millisecond.
    ///
    /// - Parameter text: A time such as `2016-06-21T22:00:00.789Z`.
    /// - Returns: `0.789` for that text; 0 without a fraction.
    public static func fraction(_ text: String) -> Double {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }.prefix(3)
        guard let value = Int(digits) else { return 0 }
        var scale = 1.0
        for _ in digits { scale *= 10 }
        return Double(value) / scale
    }

    private static func startOfDay(_ bytes: ArraySlice<UInt8>) -> Int? {
        let base = bytes.startIndex
        guard bytes.count == 10, bytes[base + 4] == UInt8(ascii: "-"), bytes[base + 7] == UInt8(ascii: "-"),
            let year = digits(bytes[base..<(base + 4)]), let month = digits(bytes[(base + 5)..<(base + 7)]),
            let day = digits(bytes[(base + 8)..<(base + 10)]), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        return CivilDate.days(year: year, month: month, day: day) * 86_400
    }

    /// The offset after the time: `Z`, `±HH:MM`, `±HHMM`, or nothing.
    private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let sign = bytes.first else { return 0 }
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return bytes.count == 1 ? 0 : nil }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let rest = Array(bytes.dropFirst())
        let hours: Int?
        let minutes: Int?
        switch rest.count {
        case 5 where rest[2] == UInt8(ascii: ":"):
            hours = digits(rest[0..<2])
            minutes = digits(rest[3..<5])
        case 4:
            hours = digits(rest[0..<2])
            minutes = digits(rest[2..<4])
        default:
            return nil
        }
        guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
        let value = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -value : value
    }

    private static func digits(_ bytes: some Collection<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

}
