import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// Prints one show at a time: fetches, filters, labels, and hands the show's records to the output together.
struct EpisodePrinter {
    /// What each show turns into.
    enum Mode {
        /// One record per episode, labelled with `_tvm.show`.
        case episodes
        /// One record per season (`--group`).
        case seasons
        /// The next episode to air (`--next`).
        case next
    }

    let loader: EpisodeLoader
    let output: RecordOutput
    let runtime: ToolRuntime
    let mode: Mode
    let filter: EpisodeFilter
    let specials: Bool
    let ledger: BatchLedger
    /// Counts what `--season` and `--since` left, when one was given.
    let misses: FilterMisses?

    /// Prints one show; a show TVMaze does not know is reported and earns exit 1, a show that still fails after
    /// its retries is reported to the ledger, and the run goes on either way.
    ///
    /// - Parameters:
    ///   - showID: The show id.
    ///   - knownName: The show's name from the input line, if it had one.
    ///   - line: The stdin line number, or `nil` for an argument.
    ///   - input: The input line, for `--failed`.
    /// - Throws: Write errors.
    func print(showID: Int, knownName: String?, line: Int?, input: [UInt8]) async throws {
        ledger.begin()
        do {
            switch mode {
            case .next:
                try await printNext(showID: showID, knownName: knownName)
            case .episodes, .seasons:
                let all = try await loader.episodes(of: showID, knownName: knownName, specials: specials)
                if let problem = all.problem {
                    // Invalid data from the API: reported (exit 65), though the episodes came another way.
                    runtime.diagnostics.error(problem)
                    runtime.raise(.badInput)
                }
                let list = all.filtered(by: filter)
                if let misses {
                    if list.records.isEmpty {
                        misses.missed(all.show, seasons: all.seasons.compactMap(\.number))
                    } else {
                        misses.matched(list.records.count)
                    }
                }
                guard !list.records.isEmpty else { return }
                if mode == .seasons {
                    try await output.emit(group: list.seasonRecords(info: try await seasonInfo(showID)))
                } else {
                    try await output.emit(group: try list.labelledRecords())
                }
            }
        } catch APIError.notFound {
            runtime.diagnostics.error("show \(showID) not found")
            runtime.raise(.notFound)
        } catch let error as APIError {
            ledger.failed(id: showID, line: line, input: input, error: error)
        }
    }

    private func printNext(showID: Int, knownName: String?) async throws {
        let next = try await loader.nextEpisode(of: showID)
        let show = ShowLabel(id: showID, name: knownName ?? next.name)
        guard let episode = next.episode else {
            if runtime.terminal.stderrIsTTY {
                let name = show.name.map { " (\($0))" } ?? ""
                runtime.diagnostics.note("show \(showID)\(name) has no next episode announced; skipped")
            }
            return
        }
        try await output.emit(group: [try show.labelling(episode)])
    }

    /// The show's season records by number; empty when TVMaze has no seasons list for the show.
    private func seasonInfo(_ showID: Int) async throws -> [Int: [UInt8]] {
        do {
            return try await loader.seasons(of: showID)
        } catch APIError.notFound {
            return [:]
        }
    }
}
