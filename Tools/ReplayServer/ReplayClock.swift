/// The clock a ``ReplayServer`` stamps request arrivals with, which its rate limit and request log count by.
///
/// The system clock is the monotonic `ContinuousClock`. A manual clock stands still until a test moves it, so
/// windows and `Retry-After` values can be checked exactly, whatever the load on the machine:
///
/// ```swift
/// let clock = ReplayClock.manual()
/// let server = try await ReplayServer.start(
///     ReplayConfiguration(fixturesDirectory: fixtures, rateLimit: RateLimit(limit: 1, window: .seconds(3)), clock: clock))
/// // first request admitted, second refused ...
/// clock.advance(by: .seconds(3))
/// // ... and now admitted again
/// ```
///
/// Only arrival times follow this clock; delays, latency and stalls always run in real time.
public final class ReplayClock: Sendable {
    /// The manual clock's current instant; nil for the system clock.
    private let manualNow: Locked<ContinuousClock.Instant>?

    private init(manualNow: Locked<ContinuousClock.Instant>?) {
        self.manualNow = manualNow
    }

    /// The monotonic system clock.
    public static let system = ReplayClock(manualNow: nil)

    /// A clock that reads `start` until ``advance(by:)`` moves it.
    ///
    /// - Parameter start: The first reading; the current instant by default.
    /// - Returns: A new manual clock.
    public static func manual(start: ContinuousClock.Instant = .now) -> ReplayClock {
        ReplayClock(manualNow: Locked(start))
    }

    /// Whether this clock only moves when told to.
    public var isManual: Bool {
        manualNow != nil
    }

    /// The current instant.
    public var now: ContinuousClock.Instant {
        manualNow?.withLock { $0 } ?? .now
    }

    /// Moves a manual clock forward.
    ///
    /// - Parameter duration: How far; must not be negative.
    /// - Precondition: The clock is manual (``manual(start:)``); the system clock cannot be moved.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a ReplayClock only moves forward")
        guard let manualNow else { preconditionFailure("only a manual ReplayClock can be advanced") }
        manualNow.withLock { $0 += duration }
    }
}
