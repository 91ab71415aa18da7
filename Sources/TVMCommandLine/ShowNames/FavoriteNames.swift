import TVMStore
import TVMText

/// Turns the shows given on a command line into ids, a name meaning the favorite of that name.
package enum FavoriteNames {
    /// The show ids the arguments mean, in their order: an id as given, a name as the favorite it matches
    /// (``FavoriteNameMatch``: without regard to case or accents). When a name matches several favorites, the
    /// terminal is asked which; a name that matches none is reported, earns status 1, and is left out.
    ///
    /// - Parameters:
    ///   - arguments: The shows as given.
    ///   - store: The favorites database; `nil` when there is none yet (no name matches).
    ///   - runtime: The run.
    /// - Returns: The ids.
    /// - Throws: ``AmbiguousShowName`` when a name matches several favorites and there is no terminal to ask;
    ///   `StoreError` when the favorites cannot be read.
    package static func ids(
        for arguments: [ShowArgument], store: FavoritesStore?, runtime: ToolRuntime
    ) async throws -> [Int] {
        try await shows(for: arguments, store: store, runtime: runtime).map(\.id)
    }

    /// As ``ids(for:store:runtime:)``, with the favorite's name for a show given by name (`nil` for an id).
    package static func shows(
        for arguments: [ShowArgument], store: FavoritesStore?, runtime: ToolRuntime
    ) async throws -> [(id: Int, name: String?)] {
        var favorites: [Favorite]?
        var shows: [(id: Int, name: String?)] = []
        for argument in arguments {
            switch argument {
            case .id(let id):
                shows.append((id, nil))
            case .name(let name):
                if favorites == nil { favorites = try await store?.favorites() ?? [] }
                if let show = try choose(name, in: favorites ?? [], runtime: runtime) {
                    shows.append((show.id, show.name))
                }
            }
        }
        return shows
    }

    /// The favorite `name` means, or `nil` (reported) when it means none.
    private static func choose(_ name: String, in favorites: [Favorite], runtime: ToolRuntime) throws
        -> ShowCandidate?
    {
        let matches = FavoriteNameMatch.favorites(named: name, in: favorites)
        guard matches.count != 1 else { return ShowCandidate(id: matches[0].id, name: matches[0].name) }
        guard !matches.isEmpty else {
            let quoted = HTMLText.terminalSafe(name, keepingNewlines: false)
            runtime.diagnostics.error(
                "no favorite is named \"\(quoted)\" (tvm-fav list shows them; tvm-fav add \"\(quoted)\" searches TVMaze)"
            )
            runtime.raise(.notFound)
            return nil
        }
        let candidates = matches.map {
            ShowCandidate(record: $0.recordBytes) ?? ShowCandidate(id: $0.id, name: $0.name)
        }
        return try ShowCandidate.choose(
            for: name, among: candidates, meaning: .favorites, advice: "give one of their ids", runtime: runtime)
    }

}
