@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// Collects the ``APIEvent``s a client or cache emits.
final class EventRecorder: Sendable {
    private let box = LockedBox<[APIEvent]>([])

    /// A handler to pass as `onEvent`.
    var handler: @Sendable (APIEvent) -> Void {
        { [box] event in box.withLock { $0.append(event) } }
    }

    /// The events so far, in order.
    var events: [APIEvent] { box.snapshot }

    /// The `retrying` events, as (attempt, of, delay, reason).
    var retries: [(attempt: Int, of: Int, delay: Double, reason: String)] {
        events.compactMap { event in
            guard case .retrying(_, let attempt, let of, let delay, let reason) = event else { return nil }
            return (attempt, of, delay, reason)
        }
    }

    /// The `servedStale` events, as (url, age).
    var servedStale: [(url: String, age: Double)] {
        events.compactMap { event in
            guard case .servedStale(let url, let age) = event else { return nil }
            return (url, age)
        }
    }

    /// The details of the `cacheReset` events.
    var cacheResets: [String] {
        events.compactMap { event in
            guard case .cacheReset(let detail) = event else { return nil }
            return detail
        }
    }
}
