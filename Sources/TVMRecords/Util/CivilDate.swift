/// Proleptic Gregorian calendar arithmetic on whole days, in UTC, for air dates and calendar stamps. Day 0 is
/// 1970-01-01; the algorithms are Howard Hinnant's.
package enum CivilDate {
    /// Days since 1970-01-01 of a date (`days_from_civil`).
    ///
    /// - Parameters:
    ///   - year: The year, e.g. 2024.
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's length.
    /// - Returns: The day number, negative before 1970.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day number (`civil_from_days`), the inverse of ``days(year:month:day:)``.
    ///
    /// - Parameter days: Days since 1970-01-01.
    /// - Returns: Year, month (1 to 12) and day (1 to 31).
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month.
    ///
    /// - Parameters:
    ///   - month: 1 to 12.
    ///   - year: The year (for February).
    /// - Returns: 28 to 31.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
