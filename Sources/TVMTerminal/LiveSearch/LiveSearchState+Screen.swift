import TVMRecords

extension LiveSearchState {
    /// The screen model of the current state.
    public var screen: LiveSearchScreen {
        if showsSuggestions {
            return LiveSearchScreen(
                query: query,
                cursor: cursor,
                list: .suggestions(suggestions),
                selection: suggestions.isEmpty ? nil : selection,
                markedCount: marks.count,
                status: suggestions.isEmpty ? .typeToSearch : .suggestions
            )
        }
        var marked = Set<Int>()
        for (index, result) in results.enumerated() where marks.contains(where: { $0.result.isSameShow(as: result) }) {
            marked.insert(index)
        }
        return LiveSearchScreen(
            query: query,
            cursor: cursor,
            list: .results(results),
            selection: results.isEmpty ? nil : selection,
            marked: marked,
            markedCount: marks.count,
            status: status,
            detail: detail,
            fromCatalog: answeredByCatalog
        )
    }

    private var status: LiveSearchScreen.Status {
        switch activity {
        case .idle: return .results(count: results.count)
        case .waiting(let search), .searching(let search): return .searching(search.text)
        case .noResults(let search): return .noResults(search.text)
        case .failed(_, let failure): return .failed(failure)
        }
    }
}
