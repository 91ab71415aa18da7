import ArgumentParser
import TVMCommandLine
import TVMRecords

/// What `tvm-fav watch` and `tvm-fav unwatch` act on: episode ids, a show's season or run, or stdin.
package struct WatchSelectors: ParsableArguments {
    @Argument(
        help: ArgumentHelp("Episode ids; stdin is read when neither ids nor --show are given.", valueName: "episode-id")
    )
    package var ids: [Int] = []

    @Option(
        help: ArgumentHelp(
            "A show, by id or a favorite's name: with --season or --through, or alone for all of it.",
            valueName: "id-or-name"),
        completion: .candidates(FavoriteCompletion.candidates)
    )
    package var show: ShowArgument?

    @Option(
        name: .customLong("season"),
        help: ArgumentHelp("With --show: this whole season (repeat for several).", valueName: "n"))
    package var seasons: [Int] = []

    @Option(help: ArgumentHelp("With --show: every episode up to and including this one.", valueName: "SxxEyy"))
    package var through: String?

    @Flag(help: "Include specials (they are left out of --show selections and refused as ids without it).")
    package var specials = false

    package init() {}

    /// The parsed `--through`.
    package var throughCode: EpisodeCode? { through.flatMap(EpisodeCode.init(parsing:)) }

    package func validate() throws {
        if let bad = ids.first(where: { $0 <= 0 }) {
            throw ValidationError("'\(bad)' is not an episode id: ids are positive integers")
        }
        if let id = show?.id, id <= 0 { throw ValidationError("--show takes a positive show id, not \(id)") }
        if let bad = seasons.first(where: { $0 <= 0 }) {
            throw ValidationError("--season takes a positive season number, not \(bad)")
        }
        if let through, EpisodeCode(parsing: through) == nil {
            throw ValidationError(
                "--through takes an episode as S02E05 (or 2x05), not '\(through)'")
        }
        if show == nil && (!seasons.isEmpty || through != nil) {
            throw ValidationError("--season and --through need --show ID: the show they belong to")
        }
        if !seasons.isEmpty && through != nil {
            throw ValidationError("give --season or --through, not both")
        }
        if show != nil && !ids.isEmpty {
            throw ValidationError("give episode ids or --show, not both")
        }
    }
}
