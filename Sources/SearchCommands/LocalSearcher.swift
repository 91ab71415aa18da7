import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText

/// `tvm-search --local`: searches and browses of the show catalogue, printed as an online search prints its
/// results, so that everything downstream works unchanged.
struct LocalSearcher {
    /// The run's streams, messages and exit status.
    let runtime: ToolRuntime
    /// The catalogue.
    let store: CatalogStore
    /// Where successful searches are remembered.
    let history: SearchHistory

    /// The records are read from the catalogue this many at a time, so that `--limit 0` streams.
    static let batchSize = 500

    /// Searches (or browses, without words), prints the records, and remembers a search that found something.
    ///
    /// - Parameter query: The words, filters, order and limit.
    /// - Throws: ``CatalogError``, a write error for stdout.
    func searchAndPrint(_ query: CatalogQuery) async throws {
        if let text = query.text, let match = CatalogMatch(text: text), match.isTruncated {
            runtime.diagnostics.warning(
                "only the first \(match.searched.count) different words of the query are searched (at most "
                    + "\(CatalogMatch.maxWords) words, \(CatalogMatch.maxCharacters) characters): "
                    + "\"\(HTMLText.terminalSafe(match.searched.joined(separator: " "), keepingNewlines: false))\"")
        }
        let out = try await runtime.makeOutput(view: SearchResultsView())
        let hits = try store.search(query)
        guard !hits.isEmpty else {
            runtime.diagnostics.clearProgress()
            if let text = query.text {
                runtime.diagnostics.raw(
                    "\(runtime.tool): no shows found for \"\(HTMLText.terminalSafe(text, keepingNewlines: false))\"\n")
            } else {
                runtime.diagnostics.raw("\(runtime.tool): no shows in the catalogue match the filters\n")
            }
            runtime.raise(.notFound)
            return
        }
        let search = query.text.flatMap(SearchQuery.init)
        try await ShowSearcher.writeThenRemember(search, history: history, runtime: runtime) {
            for start in stride(from: 0, to: hits.count, by: Self.batchSize) {
                try await out.emit(
                    batch: try store.scoredRecords(Array(hits[start..<min(start + Self.batchSize, hits.count)])))
            }
            try await out.finish()
        }
    }
}
