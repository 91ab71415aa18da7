import Foundation
import NIOConcurrencyHelpers
import TVMRecords
import TVMazeAPI

/// Turns the API client's events into messages on stderr, each kind of warning at most once a run.
final class EventReporter: Sendable {
    private let diagnostics: Diagnostics
    private let warnedStale = NIOLockedValueBox(false)

    init(diagnostics: Diagnostics) {
        self.diagnostics = diagnostics
    }

    func report(_ event: APIEvent) {
        switch event {
        case .retrying(let url, let attempt, let total, let delay, let reason):
            let seconds = String(format: "%.1f", delay)
            diagnostics.note("\(reason) for \(url); retrying in \(seconds) s (attempt \(attempt) of \(total))")
        case .pacing:
            // Waiting for the rate window is the expected way to work; progress lines show it.
            break
        case .servedStale(_, let age):
            let first = warnedStale.withLockedValue { warned in
                defer { warned = true }
                return !warned
            }
            if first {
                diagnostics.warning(
                    "network unavailable, showing data cached \(RelativeTime.describe(seconds: age)) ago")
            }
        case .cacheReset(let detail):
            diagnostics.warning(detail)
        case .hostSkipped(let host, let cause):
            diagnostics.warning(
                "\(host) cannot be reached (\(cause.localizedDescription)): the other requests to it are not tried "
                    + "in this run; try again when it answers")
        }
    }
}
