import TVMRecords

/// Short English descriptions of durations: "3 minutes", "2 days".
package enum RelativeTime {
    /// Describes a duration in its largest whole unit.
    ///
    /// - Parameter seconds: The duration.
    /// - Returns: e.g. `45 seconds`, `1 minute`, `5 hours`, `2 days`.
    package static func describe(seconds: Double) -> String {
        let value = max(0, Int(seconds))
        let units: [(String, Int)] = [("day", 86_400), ("hour", 3_600), ("minute", 60)]
        for (name, size) in units where value >= size {
            let count = value / size
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(value) second\(value == 1 ? "" : "s")"
    }
}
