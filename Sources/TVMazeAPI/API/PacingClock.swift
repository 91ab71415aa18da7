import Foundation

/// The time requests are paced and retried by.
///
/// ``SystemClock`` in a tool; a test's clock moves only when a request waits, so rate-window and retry tests
/// take no real time.
public protocol PacingClock: Sendable {
    /// The time now, in seconds since 1970.
    func now() -> Double

    /// Waits `seconds`, or less when the task is cancelled.
    ///
    /// - Parameter seconds: How long to wait.
    func sleep(seconds: Double) async
}

/// The system's wall clock, and `Task.sleep`.
public struct SystemClock: PacingClock {
    /// Creates the clock.
    public init() {}

    /// The time now, in seconds since 1970.
    public func now() -> Double { Date().timeIntervalSince1970 }

    /// Sleeps the task.
    ///
    /// - Parameter seconds: How long to wait.
    public func sleep(seconds: Double) async {
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
