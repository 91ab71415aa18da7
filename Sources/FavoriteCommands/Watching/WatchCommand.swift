import ArgumentParser
import Foundation
import TVMCommandLine
import TVMImport
import TVMRecords
import TVMStore

/// `tvm-fav watch`: mark episodes watched.
package struct WatchCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Mark episodes watched: by id, from episode records on stdin, or a show's season or run.",
        discussion: """
            Episodes are chosen by ids as arguments; by --show ID (or a favorite's name: --show Outlander) with --season N (a whole season), with \
            --through S02E05 (everything up to and including that episode) or alone (the whole show); or, with \
            neither, from stdin, one per line: episode records (tvm-episodes), marks as tvm-fav watched prints \
            them ({"episode":…,"show":…,"watched_at":…}, restored with their own time), or bare episode ids.

            Episodes that have not aired yet are never marked, whatever the selection; they are reported on \
            stderr. Specials are left out of --show selections, and refused as ids, unless --specials is given. \
            Marking is idempotent: an episode already marked keeps its first mark. The marked episodes are \
            printed with "_tvm":{"show":{…},"watched":"2024-03-01T20:00:00.000Z"}; on a terminal, unless --jq, \
            --fields or --format asks for the records, one line per show says what was marked instead: "marked \
            12 episodes of Outlander, S1E1–S1E12".

            An episode of a show that is not a favorite adds the show first (with its episodes), with a note on \
            stderr. An unknown episode or show, a --through past the last episode, a malformed --through or a \
            --at before 1900, in the future or malformed is reported and changes nothing (exit 1 or 64). A bad stdin line, \
            or a mark whose watched_at is before 1900 or in the future, is reported with its number, and the other \
            lines are marked (exit 65). All the marks of a run are saved in one transaction: a run that fails \
            changes nothing, but what it fetched stays in the HTTP cache (an hour), so running it again soon after asks \
            nothing twice.

            TVM_NOW (an ISO 8601 time) sets the clock that decides what has aired and the default of --at; it is \
            a testing aid.

            Examples:
              tvm-fav watch 1 2 3
              tvm-fav watch --show 1 --season 1
              tvm-fav watch --show 43 --through S02E05 --at 2024-03-01T21:00:00Z
              tvm-episodes 1 --season 2 | tvm-fav watch
              tvm-fav watched > history.jsonl; tvm-fav watch < history.jsonl
              tvm-fav watch 1 --push

            With --push (or TVM_AUTO_PUSH=1) and signed in (tvm-fav login), the marks go to TVMaze at once; when \
            that fails, they stay marked here and go out with the next tvm-fav push.
            """
    )

    @OptionGroup package var selectors: WatchSelectors

    @Option(
        help: ArgumentHelp(
            "When they were watched, ISO 8601 (default: now; without an offset, UTC): from 1900 to now (5 minutes "
                + "ahead at most), as tvm-fav import takes watched_at.",
            valueName: "time"))
    package var at: String?

    @Flag(help: "Push the marks to TVMaze at once, when signed in (also TVM_AUTO_PUSH=1).")
    package var push = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func validate() throws {
        guard let at else { return }
        guard case .some(let date?) = ExportDate.parse(at) else {
            throw ValidationError("--at takes an ISO 8601 time such as 2024-03-01T21:00:00Z or 2024-03-01, not '\(at)'")
        }
        let now = (try? ToolClock.now(environment: ToolContext.current.terminal.environment)) ?? Date()
        if let problem = WatchMark.timeProblem(date, now: now) {
            throw ValidationError("--at \(at) \(problem); a mark says when an episode was watched")
        }
    }

    package func run() async throws {
        try await MarkRun(
            selectors: selectors, store: store, network: network, output: output, watching: true,
            at: at.flatMap { ExportDate.parse($0) ?? nil }, push: push
        ).run()
    }
}

/// `tvm-fav unwatch`: remove watched marks.
package struct UnwatchCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "unwatch",
        abstract: "Remove watched marks, with the same selectors as watch.",
        discussion: """
            Takes the same selectors as tvm-fav watch: ids, --show ID with --season or --through (or alone), or \
            stdin. The episodes are printed with "_tvm":{"watched":null} (on a terminal, one line per show instead: \
            "unmarked 3 episodes of Outlander, S1E1–S1E3"). An unknown episode or show (or one that \
            is not a favorite and has no marks) changes nothing and exits 1. A mark whose episode TVMaze removed \
            can still be removed by its id, and the marks of a show no longer a favorite by --show (its episode \
            list is fetched to find them, and not kept).

            Examples:
              tvm-fav unwatch 5
              tvm-fav unwatch --show 1 --season 3
            """
    )

    @OptionGroup package var selectors: WatchSelectors

    @Flag(help: "Send the unmarks to TVMaze at once, when signed in with Premium (also TVM_AUTO_PUSH=1).")
    package var push = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await MarkRun(
            selectors: selectors, store: store, network: network, output: output, watching: false, at: nil,
            push: push
        ).run()
    }
}
