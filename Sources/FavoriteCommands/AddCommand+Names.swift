import TVMCommandLine
import TVMRecords
import TVMStore
import TVMText
import TVMazeAPI

extension AddCommand {
    /// The search result a name given to `tvm-fav add` means: the best match with `--first`, else the one chosen
    /// on the terminal; `nil` when the search found nothing (reported, status 1) or none was chosen.
    ///
    /// - Throws: ``AmbiguousShowName`` (exit 64, the results listed) without `--first` and a terminal to ask on;
    ///   `APIError` when the search fails.
    func searchResult(for name: String, runtime: ToolRuntime) async throws -> FavoriteSource? {
        let quoted = HTMLText.terminalSafe(name, keepingNewlines: false)
        guard let query = SearchQuery(name) else {
            runtime.diagnostics.error("\"\(quoted)\" is not a show name to search for")
            runtime.raise(.usage)
            return nil
        }
        let client = try runtime.makeClient(network, skipsUnreachableHosts: true)
        let results = try await ShowSearch.records(for: query, single: false, client: client)
        let candidates = results.compactMap { record in ShowCandidate(record: record).map { (record, $0) } }
        guard !candidates.isEmpty else {
            runtime.diagnostics.error("no show at TVMaze matches \"\(quoted)\"")
            runtime.raise(.notFound)
            return nil
        }
        let chosen: ShowCandidate?
        if first {
            chosen = candidates[0].1
        } else {
            chosen = try ShowCandidate.choose(
                for: name, among: candidates.map(\.1), meaning: .searchResults,
                advice: "give one of their ids, or --first for the best match", runtime: runtime)
        }
        guard let chosen, let record = candidates.first(where: { $0.1.id == chosen.id })?.0 else { return nil }
        return try FavoriteSource(line: record)
    }
}
