import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

extension ChangesCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            guard let reader = try await access.openForReading() else {
                runtime.raise(.notFound)
                return
            }
            let list = try await reader.changeEvents(
                now: now, since: since.flatMap(ChangeSince.init)?.date(now: now), unseenOnly: unseen,
                kinds: Set(events.compactMap(ChangeKind.init(rawValue:))))
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
}
