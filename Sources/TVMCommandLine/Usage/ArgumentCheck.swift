import ArgumentParser
import Foundation
import TVMRecords

/// Checks of option values that several commands take, so each kind of value is refused the same way, with the
/// same words, everywhere, before anything is sent.
package enum ArgumentCheck {
    /// Checks a calendar day given as `YYYY-MM-DD`: the day must exist (`2019-02-30` does not).
    ///
    /// - Parameters:
    ///   - value: The value as typed.
    ///   - option: The option as typed, `--date`.
    /// - Throws: `ValidationError` quoting the value and showing the form.
    package static func calendarDay(_ value: String, option: String) throws {
        guard Airstamp.startOfDay(value) == nil else { return }
        throw ValidationError("\(option) takes a date as YYYY-MM-DD, such as 2024-01-31, not '\(value)'")
    }

    /// Checks an ISO 3166-1 alpha-2 country code, in either case, and returns it in capitals.
    ///
    /// `UK`, which people type for the United Kingdom, is refused with the code to use instead, `GB`.
    /// - Parameters:
    ///   - value: The value as typed.
    ///   - option: The option as typed, `--country`.
    /// - Returns: The code in capitals, `GB`.
    /// - Throws: `ValidationError` quoting the value and saying what to give instead.
    package static func countryCode(_ value: String, option: String) throws -> String {
        let code = value.uppercased()
        if code == "UK" {
            throw ValidationError("\(option) takes ISO 3166-1 codes, where the United Kingdom is GB: use \(option) GB")
        }
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }),
            Locale.Region.isoRegions.contains(where: { $0.identifier == code })
        else {
            throw ValidationError(
                "\(option) takes a two-letter ISO 3166-1 country code such as US or GB, not '\(value)'")
        }
        return code
    }
}
