import TVMCommandLine
import TVMRecords

/// The shows whose episodes `--season` or `--since` left empty, said at the end of the run: an empty result must
/// not look like a show without episodes, or like a run that did nothing.
///
/// When no show had a matching episode, each miss is an error and the run exits 1, as a search with no results
/// does. When some shows matched, the misses are notes on a terminal only, as `--next` notes shows without a
/// next episode: a pipeline over many favorites expects some to have nothing new.
final class FilterMisses {
    /// How the filter was asked for: `--season 9`, `--since 2024-01-01`.
    let filter: String
    private var matched = 0
    private var misses: [(show: ShowLabel, seasons: [Int])] = []
    /// How many misses are named one by one before the rest are counted.
    private static let named = 5

    /// Starts counting for a filter.
    ///
    /// - Parameter filter: The options as typed, for the messages.
    init(filter: String) {
        self.filter = filter
    }

    /// Counts a show's episodes that passed the filter.
    func matched(_ count: Int) {
        matched += count
    }

    /// Remembers a show the filter left empty, with the seasons it has.
    func missed(_ show: ShowLabel, seasons: [Int]) {
        misses.append((show, seasons))
    }

    /// Reports the misses, as errors with exit status 1 when nothing matched at all.
    ///
    /// - Parameter runtime: The run.
    func finish(runtime: ToolRuntime) {
        guard !misses.isEmpty else { return }
        let nothing = matched == 0
        guard nothing || runtime.terminal.stderrIsTTY else { return }
        for miss in misses.prefix(Self.named) {
            let name = miss.show.name.map { " (\($0))" } ?? ""
            let seasons = miss.seasons.isEmpty ? "" : " (its seasons: \(Self.ranges(miss.seasons)))"
            let text = "show \(miss.show.id)\(name) has no episodes matching \(filter)\(seasons)"
            if nothing { runtime.diagnostics.error(text) } else { runtime.diagnostics.note(text) }
        }
        if misses.count > Self.named {
            let text = "and \(misses.count - Self.named) more shows have no episodes matching \(filter)"
            if nothing { runtime.diagnostics.error(text) } else { runtime.diagnostics.note(text) }
        }
        if nothing { runtime.raise(.notFound) }
    }

    /// `1, 2, 3, 5` as `1–3, 5`.
    static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = Array(Set(numbers)).sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])–\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
