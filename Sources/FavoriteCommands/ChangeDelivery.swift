import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMText

/// `tvm-fav changes --exec`: runs the command once per event and, with `--mark-seen`, marks each event whose
/// command exited 0 as soon as it did.
struct ChangeDelivery {
    let access: FavoritesAccess
    let command: CommandTemplate
    let timeout: Duration
    let marksSeen: Bool
    let now: Date

    /// Delivers the events in order; a failed one is reported and the rest go on. The run ends with the first
    /// failed status, or 1 when there was no event.
    func deliver(_ list: [ChangeEvent]) async throws {
        let runtime = access.runtime
        guard !list.isEmpty else {
            runtime.raise(.notFound)
            return
        }
        let database = marksSeen ? try await access.openForWriting() : nil
        let stderr = runtime.context.stderr
        for event in list {
            var environment = runtime.terminal.environment
            environment.merge(event.environment) { $1 }
            let child = ChildCommand(arguments: command.words(environment: environment), environment: environment)
            let outcome: ChildCommand.Outcome
            do {
                outcome = try await child.run(input: event.json + [UInt8(ascii: "\n")], timeout: timeout) {
                    stderr($0)
                }
            } catch {
                runtime.diagnostics.error(error.localizedDescription)
                runtime.passThrough(127)
                return
            }
            guard outcome == .exited(0) else {
                report(outcome, for: event, program: child.arguments.first ?? "")
                continue
            }
            if let database {
                try await access.changing { () async throws(StoreError) in
                    try await database.markSeen([event.key], at: now)
                }
            }
        }
    }

    /// Says which event was not delivered and why, and keeps the status the run ends with.
    private func report(_ outcome: ChildCommand.Outcome, for event: ChangeEvent, program: String) {
        let runtime = access.runtime
        let why: String
        switch outcome {
        case .exited(let status):
            why = "exited with status \(status)"
            runtime.passThrough(status)
        case .signalled(let signal):
            why = "was ended by signal \(signal)"
            runtime.passThrough(128 + signal)
        case .timedOut:
            why = "ran longer than --exec-timeout and was killed"
            runtime.passThrough(ExitStatus.temporary.rawValue)
        }
        let show = HTMLText.terminalSafe(event.showName, keepingNewlines: false)
        let kept = marksSeen ? "; it stays unseen for the next run" : ""
        runtime.diagnostics.error(
            "--exec: '\(HTMLText.terminalSafe(program, keepingNewlines: false))' \(why) for the \(event.kind.rawValue) "
                + "event of show \(event.showID) (\"\(show)\")\(kept)")
    }
}
