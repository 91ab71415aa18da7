import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

extension ChangesCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            if markSeen && exec == nil && runtime.terminal.stdoutIsPipe {
                runtime.diagnostics.error(
                    "--mark-seen into a pipe would mark events its reader may never read; deliver each event with "
                        + "--exec instead, e.g. tvm-fav changes --unseen --mark-seen --exec "
                        + "'notify-send \"$TVM_SHOW\" \"$TVM_SUMMARY\"'")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let now = try runtime.now()
            guard let reader = try await access.openForReading(listing: true) else {
                runtime.raise(.notFound)
                return
            }
            let list = try await reader.changeEvents(
                now: now, since: since.flatMap(ChangeSince.init)?.date(now: now), unseenOnly: unseen,
                kinds: Set(events.compactMap(ChangeKind.init(rawValue:))))
            if let exec {
                let delivery = ChangeDelivery(
                    access: access, command: try CommandTemplate(exec), timeout: .seconds(execTimeout ?? 30),
                    marksSeen: markSeen, now: now)
                try await delivery.deliver(list)
            } else {
                try await printEvents(list, access: access, now: now)
            }
        }
    }

    /// Writes the events to stdout and, with `--mark-seen`, marks those that reached it.
    private func printEvents(_ list: [ChangeEvent], access: FavoritesAccess, now: Date) async throws {
        let runtime = access.runtime
        let out = try await runtime.makeOutput(view: ChangeView())
        // What reached the output, event by event: each one is flushed before the next, so a closed pipe or
        // --limit stops the marking exactly where the output stopped.
        var reached: [ChangeEvent.Key] = []
        var interruption: (any Error)?
        for event in list {
            let before = out.outputCount
            do {
                try await out.emit(event.json)
                try await out.flush()
            } catch is OutputLimitReached {
                if out.outputCount > before { reached.append(event.key) }
                break
            } catch {
                interruption = error
                break
            }
            if out.outputCount > before { reached.append(event.key) }
        }
        if interruption == nil { try await out.finish() }
        if markSeen && !reached.isEmpty {
            let database = try await access.openForWriting()
            try await access.changing { () async throws(StoreError) in
                try await database.markSeen(reached, at: now)
            }
        }
        if let interruption { throw interruption }
        if reached.isEmpty { runtime.raise(.notFound) }
    }
}
