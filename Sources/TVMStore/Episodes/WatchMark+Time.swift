import Foundation

extension WatchMark {
    /// The earliest time a mark may say: 1900-01-01T00:00:00Z, before any television broadcast.
    public static let earliestTime = Date(timeIntervalSince1970: -2_208_988_800)
    /// How far past the clock a mark's time may be, for clocks a little apart (an export from another device).
    public static let futureTolerance: TimeInterval = 300

    /// Why a time cannot be when an episode was watched, or `nil` when it can: one rule for `tvm-fav watch --at`
    /// and the times `tvm-fav import` reads.
    ///
    /// - Parameters:
    ///   - time: The time a mark would say.
    ///   - now: The run's clock.
    /// - Returns: `is before 1900-01-01, earlier than any television`, `is in the future`, or `nil`.
    public static func timeProblem(_ time: Date, now: Date) -> String? {
        if time < earliestTime { return "is before 1900-01-01, earlier than any television" }
        if time.timeIntervalSince(now) > futureTolerance { return "is in the future" }
        return nil
    }
}
