import Foundation
import TVMRecords

/// Parses the IMF-fixdate form of HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`).
enum HTTPDate {
    /// Seconds since 1970 for an IMF-fixdate, or `nil`.
    static func parse(_ text: String) -> Double? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)?.timeIntervalSince1970
    }
}
