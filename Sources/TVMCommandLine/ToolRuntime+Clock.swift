import Foundation
import TVMRecords

extension ToolRuntime {
    /// The time of this run: the system clock, or `TVM_NOW` when set (a testing aid, see ``ToolClock``).
    ///
    /// - Returns: The current time.
    /// - Throws: ``ToolClockError`` when `TVM_NOW` is malformed; the runtime reports it and exits 64.
    package func now() throws(ToolClockError) -> Date {
        try ToolClock.now(environment: terminal.environment)
    }
}

extension ToolClockError: ReportedError {
    /// Reports a malformed `TVM_NOW` as a usage error (64).
    package func report(to runtime: ToolRuntime) {
        runtime.diagnostics.error(localizedDescription)
        runtime.raise(.usage)
    }
}
