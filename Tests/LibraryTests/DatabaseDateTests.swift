import Foundation
import GRDB
import Testing

@testable import TVMStore

@Suite("Stored times print as ISO 8601 in UTC, to the millisecond")
struct DatabaseDateTests {
    /// Random instants to the millisecond between 1906 and 2096, and a few edges.
    private func milliseconds(_ count: Int) -> [Int] {
        var generator = SystemRandomNumberGenerator()
        return [0, -1, 951_782_400_500, 4_102_444_799_999]
            + (0..<count).map { _ in Int.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator) }
    }

    @Test("a date read from GRDB's text prints as that text in ISO 8601, to the millisecond")
    func roundTrip() {
        for millisecond in milliseconds(3_000) {
            guard
                case .string(let text) = Date(timeIntervalSince1970: Double(millisecond) / 1_000).databaseValue.storage,
                let date = Date.fromDatabaseValue(text.databaseValue)
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
        for millisecond in milliseconds(3_000) {
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
