import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-fav refresh`: fetch every favorite again and keep the new records.
package struct RefreshCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch the favorites that changed at TVMaze, save the new records, and record what changed.",
        discussion: """
            A refresh compares each favorite's new show record and episode list with the saved ones and records \
            what changed, for tvm-fav changes: episode_announced, airdate_changed, episode_removed, \
            season_announced, status_changed and renamed (season_complete is worked out when the changes are \
            read). The new records are saved, and the events recorded, in one transaction at the end; the \
            refreshed records are printed (--quiet prints nothing but errors).

            A refresh costs what changed, not what is saved. It first asks /updates/shows?since=day|week|month \
            (the smallest window that covers the oldest check of a refresh less than a month ago), and fetches a \
            favorite checked in that window only when its time there is newer than its saved record: one \
            request (/shows/{id}?embed=episodes; TVMaze's embed leaves specials out, so the saved specials are \
            kept). So a daily refresh of 100 favorites of which 5 changed sends 6 requests. A favorite never \
            checked, checked more than a month ago, or without saved episodes is fetched whole: /shows/{id} and \
            /shows/{id}/episodes?specials=1. --full fetches every favorite whole.

            Requests are paced to TVMaze's limit of 20 every 10 seconds (shared with the other tvm tools running \
            at the same time) and go past the HTTP cache. A show TVMaze no longer has (HTTP 404) keeps its saved \
            record and is reported the first time; once it has answered 404 for 7 days it is reported once more, \
            marked gone in tvm-fav list ("_tvm":{"gone_at":…}), and then asked about only through the updates \
            list. A 404 alone leaves the exit status 0. A show whose record or episodes cannot be fetched whole \
            (an error, a truncated or invalid answer) is named on stderr, keeps what was saved, no change is \
            recorded for it, the others go on and their changes are recorded, and the next refresh tries it \
            again: the exit status is then 3 (partial success), or the failure's own status when nothing at all \
            was refreshed. New episodes are added, changed ones updated, \
            and those TVMaze removed are dropped; watched marks are always kept. Without a network nothing \
            changes and the exit status is 69; an updates list with a member that is not a show id and a time \
            changes nothing either, and the status is 65. Two refreshes at once: the second waits for the first, \
            and no change is ever recorded twice.

            Examples:
              tvm-fav refresh
              tvm-fav refresh --quiet; tvm-fav changes --unseen
              tvm-fav refresh --full --jq '"\\(.name): \\(.status)"'
            """
    )

    @Flag(help: "Fetch every favorite whole, whatever /updates/shows says (two requests per show).")
    package var full = false

    @Flag(
        inversion: .prefixedNo,
        help: "Refresh each favorite's episode list too (the default); --no-episodes refreshes the shows alone.")
    package var episodes = true

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}
}
