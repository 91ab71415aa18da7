import TVMStore
import TVMazeAPI

/// What an import asks TVMaze, through the shared client (rate window, retries, cache).
public struct ImportNetwork: Sendable {
    let client: APIClient
    let loader: EpisodeLoader

    /// Creates the network side of an import.
    ///
    /// - Parameter client: The API client.
    public init(client: APIClient) {
        self.client = client
        loader = EpisodeLoader(client: client)
    }

    /// The TVMaze id for another service's id, from the lookup's redirect; `nil` when TVMaze has none.
    ///
    /// - Throws: ``APIError`` when TVMaze cannot answer.
    func lookup(_ lookup: Endpoint.Lookup) async throws(APIError) -> Int? {
        try await client.lookupShowID(lookup)
    }

    /// A show's record; `nil` when TVMaze has no such show.
    ///
    /// - Throws: ``APIError`` when TVMaze cannot answer.
    func show(id: Int) async throws(APIError) -> ShowRecord? {
        do {
            let body = try await client.fetch(.show(id: id))
            return (try? ShowRecord(json: body)) ?? nil
        } catch .notFound {
            return nil
        }
    }

    /// A show's episodes, specials included; `nil` when TVMaze has no list for it.
    ///
    /// - Throws: ``APIError`` when TVMaze cannot answer.
    func episodes(showID: Int) async throws(APIError) -> [[UInt8]]? {
        do {
            return try await loader.fullList(of: showID)
        } catch .notFound {
            return nil
        }
    }

    /// The best title match, for `--match-titles`; `nil` when there is none.
    ///
    /// - Throws: ``APIError`` when TVMaze cannot answer.
    func search(title: String) async throws(APIError) -> ShowRecord? {
        do {
            let body = try await client.fetch(.singleSearch(query: title))
            return (try? ShowRecord(json: body)) ?? nil
        } catch .notFound {
            return nil
        }
    }
}
