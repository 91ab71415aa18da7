import Foundation

/// The viewer's time zone, as this run's `TZ` names it: views show air and watch times in it.
///
/// It is read from the run's environment, not the process's, so a command run in a test's process honours its
/// own `TZ`; the zone is looked up only when a view renders (a pipe draws none).
package struct ViewerZone: Sendable {
    /// The value of `TZ`, or `nil` when unset.
    package var tz: String?

    /// A zone from a `TZ` value.
    ///
    /// - Parameter tz: The value of `TZ`, or `nil` when unset.
    package init(tz: String?) {
        self.tz = tz
    }

    /// The zone: the one `TZ` names, read as the C library reads it (``PosixTimeZone``), else the process's.
    package var timeZone: TimeZone {
        guard let tz, !tz.isEmpty else { return .current }
        return TimeZone(identifier: PosixTimeZone.resolve(tz)?.identifier ?? tz) ?? .current
    }
}

extension ToolRuntime {
    /// The viewer's zone, from this run's `TZ`.
    package var viewerZone: ViewerZone { ViewerZone(tz: terminal.environment["TZ"]) }
}
