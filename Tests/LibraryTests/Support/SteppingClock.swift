import Foundation
import NIOConcurrencyHelpers

@testable import TVMazeAPI

/// A pacing clock that takes no real time: every wait moves it forward by the wait's length at once, and it
/// keeps the waits. For sequential work its times are exact; for concurrent waits they only ever run late, so a
/// lower bound that holds on the system clock holds here too.
final class SteppingClock: PacingClock {
    private let state: NIOLockedValueBox<(now: Double, waits: [Double])>

    /// Starts at `start` seconds since 1970.
    init(start: Double = 1_800_000_000) {
        state = NIOLockedValueBox((start, []))
    }

    func now() -> Double { state.withLockedValue { $0.now } }

    func sleep(seconds: Double) async {
        guard seconds > 0, !Task.isCancelled else { return }
        state.withLockedValue {
            $0.now += seconds
            $0.waits.append(seconds)
        }
        await Task.yield()
    }

    /// The waits so far, in order.
    var waits: [Double] { state.withLockedValue { $0.waits } }
}
