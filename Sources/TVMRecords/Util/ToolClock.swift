import Foundation

/// The tools' idea of "now": the system clock, or the time in `TVM_NOW`, a testing aid.
///
/// Everything that depends on the date of a run (which episodes have aired, what is upcoming, the default of
/// `tvm-fav watch --at`, the times written to the favorites database and the search history, a calendar's
/// `DTSTAMP`) asks this clock, so that a test, or a README example, can fix the date:
///
/// ```swift
/// let now = try ToolClock.now(environment: ["TVM_NOW": "2019-01-10T12:00:00Z"])
/// now.timeIntervalSince1970  // 1547121600
/// ```
///
/// The clock does not govern what measures real time passing: the rate window, retries and timeouts, the HTTP
/// cache's freshness and the image cache's last use.
public enum ToolClock {
    /// The environment variable that sets the clock: `TVM_NOW`.
    public static let variable = "TVM_NOW"

    /// The time of this run.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: `TVM_NOW` when set (an ISO 8601 date-time such as `2019-01-10T12:00:00Z` or
    ///   `2019-01-10T07:00-05:00`, or a day `2019-01-10`, meaning its start in UTC), else the system clock.
    /// - Throws: ``ToolClockError`` when `TVM_NOW` is set but is not such a time.
    public static func now(environment: [String: String]) throws(ToolClockError) -> Date {
        guard let text = environment[variable], !text.isEmpty else { return Date() }
        guard let seconds = instant(text) else { throw .malformed(text) }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Reads an ISO 8601 date-time, or a day (its start in UTC), as seconds since the epoch.
    ///
    /// - Parameter text: e.g. `2019-01-10T12:00:00Z`, `2019-01-10T07:00-05:00` or `2019-01-10`.
    /// - Returns: The instant, or `nil` when the text is neither form.
    public static func instant(_ text: String) -> Int? {
        Airstamp.instant(text) ?? Airstamp.startOfDay(text)
    }
}

/// A `TVM_NOW` the tools cannot read.
public enum ToolClockError: Error, LocalizedError, Sendable, Equatable {
    /// `TVM_NOW` holds something else than an ISO 8601 time.
    case malformed(String)

    /// A sentence that quotes the value and shows the expected form.
    public var errorDescription: String? {
        switch self {
        case .malformed(let text):
            return
                "TVM_NOW='\(text)' is not an ISO 8601 time; give one such as 2019-01-10T12:00:00Z "
                + "or 2019-01-10, or unset it to use the system clock"
        }
    }
}
