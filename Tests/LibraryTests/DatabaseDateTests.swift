import Foundation
import GRDB
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Dates of the favorites table, parsed without Foundation's calendar")
struct DatabaseDateTests {
    /// What GRDB itself makes of a stored date text.
    private func grdb(_ text: String) -> Date? {
        Date.fromDatabaseValue(text.databaseValue)
    }

    /// Random instants to the millisecond between 1906 and 2096, and a few edges.
    private func milliseconds(_ count: Int) -> [Int] {
        var generator = SystemRandomNumberGenerator()
        return [0, -1, 951_782_400_500, 4_102_444_799_999, -12_219_292_800_000]
            + (0..<count).map { _ in Int.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator) }
    }

    @Test("every date GRDB writes reads back as the Date GRDB reads, to the microsecond")
    func matchesGRDB() {
        for millisecond in milliseconds(3_000) {
            let date = Date(timeIntervalSince1970: Double(millisecond) / 1_000)
            guard case .string(let text) = date.databaseValue.storage, let expected = grdb(text) else {
                Issue.record("GRDB stored \(date) as \(date.databaseValue), which it cannot read back")
                continue
            }
            let parsed = DatabaseDate.parse(text)
            #expect(parsed.map { abs($0.timeIntervalSince(expected)) < 1e-6 } == true, "\(text)")
        }
    }

    @Test("the other forms GRDB accepts: no seconds, a T, a shorter fraction")
    func otherForms() {
        for text in ["2024-03-01 12:34", "2024-03-01T12:34:56", "2024-03-01 12:34:56.5", "2024-03-01 12:34:56.12"] {
            #expect(DatabaseDate.parse(text) == grdb(text), "\(text)")
            #expect(DatabaseDate.parse(text) != nil, "\(text)")
        }
    }

    @Test(
        "text in another form is left to GRDB",
        arguments: [
            "", "2024-03-01", "2024-13-01 00:00", "2024-03-01 24:00", "2024-03-01 12:34:56Z", "2024-03-01 12:34:5",
            "24-03-01 12:34", "2024/03/01 12:34", "2024-03-01 12:34:56.123 ", "１２３４-03-01 12:34",
            "2024-03-01 12:34:56.123456", "2023-02-29 12:00", "2024-04-31 12:00",
        ])
    func otherText(text: String) {
        #expect(DatabaseDate.parse(text) == nil)
    }

    @Test("a date read from GRDB's text prints as that text in ISO 8601, to the millisecond")
    func roundTrip() {
        for millisecond in milliseconds(3_000) {
            guard
                case .string(let text) = Date(timeIntervalSince1970: Double(millisecond) / 1_000).databaseValue.storage,
                let date = DatabaseDate.parse(text)
            else {
                Issue.record("\(millisecond) did not round-trip through GRDB's text")
                continue
            }
            let iso = text.replacingOccurrences(of: " ", with: "T") + "Z"
            #expect(DatabaseDate.iso8601(date) == iso)
        }
    }

    @Test("the calendar fields match Foundation's UTC Gregorian calendar")
    func matchesFoundationCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for millisecond in milliseconds(3_000) where millisecond >= -12_219_292_800_000 {
            let date = Date(timeIntervalSince1970: Double(millisecond.floorDivided(by: 1_000)))
            let fields = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.000Z", fields.year!, fields.month!, fields.day!, fields.hour!,
                fields.minute!, fields.second!)
            #expect(DatabaseDate.iso8601(date) == expected)
        }
    }
}

extension Int {
    fileprivate func floorDivided(by divisor: Int) -> Int {
        (self - ((self % divisor) + divisor) % divisor) / divisor
    }
}
