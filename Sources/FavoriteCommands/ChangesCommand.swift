import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav changes`: the change feed that `tvm-fav refresh` records, as JSON Lines, offline.
package struct ChangesCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Print what changed for the favorites, as tvm-fav refresh recorded it; exit 1 when nothing did.",
        discussion: """
            Events are recorded by tvm-fav refresh, and by tvm-fav add of a show that is already a favorite. \
            Each line is one event, oldest first, with the members event, at, show ({"id":…,"name":…}), \
            episode (the episode's record, or null), from, to and summary (a plain sentence); on a terminal, a \
            table of when (UTC), show and what. \
            Events: episode_announced (to: its air time or date, when known), airdate_changed (from, to: the \
            airstamp, or the airdate when the episode has no air time), episode_removed (its watched mark is \
            kept), season_announced (to: the season), season_complete (to: the season; every regular episode \
            of it has aired, worked out now from the saved episodes, once per season, for seasons that ended \
            after the show became a favorite), status_changed (from, to) and renamed (from, to). "at" is when the \
            refresh that saw the change ran; for season_complete, when the last episode aired.

            Like grep, the exit status is 0 when something was printed and 1 when nothing was, so that \
            "tvm-fav changes --unseen … && …" works in cron. Reads the database only: no network is ever needed.

            Deliver news with --exec: it runs the command once per event, without a shell (the line is split \
            into words as a shell splits them, and $NAME expands to one word), with the event's JSON line on \
            stdin and its parts in TVM_EVENT, TVM_SHOW, TVM_SHOW_ID, TVM_SUMMARY, TVM_EPISODE (S02E05, or empty) \
            and TVM_AT. For pipes or redirections, give it sh -c '…'. The command's output goes to stderr; \
            nothing is written to stdout. With --mark-seen an event is marked only when its command exits 0; a \
            failed one stays unseen for the next run, the others go on, and the run exits with the first failed \
            status (75 when --exec-timeout killed it, 128+N when signal N ended it, 127 when it cannot be found).

            --mark-seen without --exec marks what was printed, not what was delivered: only on a terminal or into \
            a file. Into a pipe it is refused (exit 64), since a pipe takes what fits in its buffer whether its \
            reader reads it or not; use --exec there.

            Examples:
              tvm-fav changes --since 1w
              tvm-fav changes --event airdate_changed --event episode_announced
              tvm-fav refresh --quiet; tvm-fav changes --unseen --mark-seen \\
                --exec 'notify-send "$TVM_SHOW" "$TVM_SUMMARY"'
              tvm-fav changes --unseen --mark-seen --exec \\
                'curl -fsS -H "Title: $TVM_SHOW" -d "$TVM_SUMMARY" https://ntfy.sh/tv-news'
              tvm-fav changes --unseen --mark-seen --exec \\
                "sh -c 'echo \\"\\$TVM_SUMMARY\\" | mail -s \\"tvm: \\$TVM_SHOW\\" you@host'"
            """
    )

    @Option(
        help: ArgumentHelp(
            "Only events after this time: ISO 8601 (2024-03-01, 2024-03-01T20:00:00Z; without an offset, UTC) "
                + "or an age (12h, 1d, 2w).",
            valueName: "time"))
    package var since: String?

    @Flag(help: "Only events not marked seen yet (see --mark-seen).")
    package var unseen = false

    @Flag(
        help: ArgumentHelp(
            "Mark the events delivered (--exec exited 0) or printed (on a terminal or into a file) as seen, so that "
                + "--unseen leaves them out next time."))
    package var markSeen = false

    @Option(
        help: ArgumentHelp(
            "Run this command once per event, the event's JSON on stdin and its parts in TVM_* variables.",
            valueName: "command"))
    package var exec: String?

    @Option(
        name: .customLong("exec-timeout"),
        help: ArgumentHelp("Kill an --exec command that runs longer than this (default: 30).", valueName: "seconds"))
    package var execTimeout: Double?

    @Option(
        name: .customLong("event"),
        help: ArgumentHelp("Only events of this kind; repeat for several.", valueName: "name"),
        completion: .list(ChangeKind.allCases.map(\.rawValue)))
    package var events: [String] = []

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func validate() throws {
        if let since, ChangeSince(since) == nil {
            throw ValidationError(
                "--since '\(since)' is not a time; give an ISO 8601 time or day, such as 2024-03-01T20:00:00Z or "
                    + "2024-03-01, or an age, such as 12h, 1d or 2w (e.g. tvm-fav changes --since 1d)")
        }
        for name in events where ChangeKind(rawValue: name) == nil {
            throw ValidationError("--event '\(name)' is not an event; the events are \(ChangeKind.names)")
        }
        if let execTimeout, !(execTimeout > 0 && execTimeout <= 86_400) {
            throw ValidationError("--exec-timeout '\(execTimeout)' is not a time; give seconds, such as 30")
        }
        guard let exec else {
            if execTimeout != nil { throw ValidationError("--exec-timeout is for --exec; give both, or neither") }
            return
        }
        do {
            _ = try CommandTemplate(exec)
        } catch {
            throw ValidationError(error.localizedDescription)
        }
        if output.program != nil || output.fields != nil || output.format != .auto {
            throw ValidationError(
                "--exec hands each whole event to the command, which reads its parts in TVM_* variables; "
                    + "--jq, --fields and --format do not apply")
        }
    }
}

/// A `--since` value: an instant, or an age counted back from now.
enum ChangeSince: Equatable {
    /// An ISO 8601 time or day.
    case instant(Date)
    /// An age in seconds.
    case age(Double)

    /// Reads `2024-03-01`, `2024-03-01T20:00:00Z`, `12h`, `1d` or `2w`; `nil` for anything else.
    init?(_ text: String) {
        if let unit = text.last, let count = Int(text.dropLast()), count >= 0, text.first?.isNumber == true {
            let seconds: [Character: Double] = ["h": 3_600, "d": 86_400, "w": 604_800]
            guard let size = seconds[unit] else { return nil }
            self = .age(Double(count) * size)
        } else if let instant = ToolClock.instant(text) {
            self = .instant(Date(timeIntervalSince1970: Double(instant)))
        } else {
            return nil
        }
    }

    /// The time it names, for a run at `now`.
    func date(now: Date) -> Date {
        switch self {
        case .instant(let date): return date
        case .age(let seconds): return now.addingTimeInterval(-seconds)
        }
    }
}
