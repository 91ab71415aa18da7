import TVMRecords

/// The lines `tvm-fav watch`, `unwatch`, `add` and `rm` print on a terminal instead of their records
/// (``TVMCommandLine/ToolRuntime/reportsBriefly``): `marked 12 episodes of Outlander, S1E1–S1E12`, `removed Girls`.
enum WriteReport {
    /// One episode whose mark changed, for ``marks(_:watching:)``.
    struct Episode {
        /// The show's name, or `show 123` when it is not known.
        var show: String
        /// The episode's code; `nil` when it is not known (a mark whose episode TVMaze removed).
        var code: EpisodeCode?
    }

    /// How many names a line lists before it counts the rest.
    static let listedNames = 4

    /// `marked 12 episodes of Outlander, S1E1–S1E12` (or `unmarked …`): one line per show, in the order the shows
    /// first come. One or two episodes are named; more are given as the first and last code.
    ///
    /// - Parameters:
    ///   - episodes: The episodes marked or unmarked.
    ///   - watching: `true` for `watch`, `false` for `unwatch`.
    /// - Returns: The lines, none when no episode changed.
    static func marks(_ episodes: [Episode], watching: Bool) -> [String] {
        var order: [String] = []
        var byShow: [String: [EpisodeCode?]] = [:]
        for episode in episodes {
            if byShow[episode.show] == nil { order.append(episode.show) }
            byShow[episode.show, default: []].append(episode.code)
        }
        return order.map { show in
            let codes = byShow[show] ?? []
            let count = codes.count == 1 ? "1 episode" : "\(codes.count) episodes"
            let known = codes.compactMap { $0 }.sorted()
            let span: String
            switch known.count {
            case 0: span = ""
            case 1, 2: span = ", " + known.map(text).joined(separator: ", ")
            default: span = ", \(text(known[0]))–\(text(known[known.count - 1]))"
            }
            return "\(watching ? "marked" : "unmarked") \(count) of \(show)\(span)"
        }
    }

    /// `removed Girls`, `added 2 favorites: Girls, Outlander`; names after the fourth are counted.
    ///
    /// - Parameters:
    ///   - verb: `added`, `updated`, `removed`.
    ///   - names: The favorites' names.
    /// - Returns: The line; `nil` for no names.
    static func favorites(_ verb: String, names: [String]) -> String? {
        guard let first = names.first else { return nil }
        guard names.count > 1 else { return "\(verb) \(first)" }
        var listed = names.prefix(listedNames).joined(separator: ", ")
        if names.count > listedNames { listed += " and \(names.count - listedNames) more" }
        return "\(verb) \(names.count) favorites: \(listed)"
    }

    /// `S1E12`, as a person writes it; `S1 special` or `special` for an episode without a number.
    static func text(_ code: EpisodeCode) -> String {
        switch (code.season, code.number) {
        case (let season?, let number?): return "S\(season)E\(number)"
        case (let season?, nil): return "S\(season) special"
        default: return "special"
        }
    }
}
