import TVMRecords

/// Fetches what `tvm-episodes` prints for a show, in as few requests as the API allows.
///
/// | wanted | name known (from the input) | name unknown |
/// |---|---|---|
/// | episodes | `/shows/{id}/episodes` | `/shows/{id}?embed=episodes` (show and episodes at once) |
/// | episodes and specials | `/shows/{id}/episodes?specials=1` | `/shows/{id}`, then `…/episodes?specials=1` |
/// | next episode | `/shows/{id}?embed=nextepisode` | the same |
///
/// A show that does not exist throws ``APIError/notFound(url:)``; a body of the wrong shape (an object where an
/// array belongs) throws ``APIError/invalidResponse(url:attempts:detail:)``.
public struct EpisodeLoader: Sendable {
    /// The client every request goes through (paced, retried).
    public let client: APIClient

    /// Creates a loader.
    ///
    /// - Parameter client: The API client.
    public init(client: APIClient) {
        self.client = client
    }

    /// A show's episodes, and its name.
    ///
    /// - Parameters:
    ///   - knownName: The show's name when the input already gave it; then the show itself is not fetched.
    ///   - specials: Whether to include specials (`specials=1`).
    /// - Returns: The episodes, compact and untouched, in TVMaze's order, with the show's label.
    /// - Throws: ``APIError``.
    public func episodes(of showID: Int, knownName: String?, specials: Bool) async throws(APIError) -> ShowEpisodes {
        let list = Endpoint.episodes(showID: showID, specials: specials)
        if let knownName {
            let records = try objects(in: try await client.fetch(list), from: list)
            return ShowEpisodes(show: ShowLabel(id: showID, name: knownName), records: records)
        }
        if specials {
            let name = try await showName(showID)
            let records = try objects(in: try await client.fetch(list), from: list)
            return ShowEpisodes(show: ShowLabel(id: showID, name: name), records: records)
        }
        let embedded = Endpoint.show(id: showID, embed: [.episodes])
        let body = try await client.fetch(embedded)
        let name = try member("name", of: body, from: embedded).flatMap(RawJSON.string)
        if let array = try embed("episodes", of: body, from: embedded) {
            return ShowEpisodes(
                show: ShowLabel(id: showID, name: name), records: try objects(in: array, from: embedded))
        }
        // TVMaze leaves an empty embed out, so a show without episodes has no `_embedded.episodes`; but so does an
        // answer that lost what was asked for. The list itself tells them apart: never an empty success.
        let records = try objects(in: try await client.fetch(list), from: list)
        var episodes = ShowEpisodes(show: ShowLabel(id: showID, name: name), records: records)
        if !records.isEmpty {
            episodes.problem =
                "the API's answer for \(client.url(for: embedded)) lacks _embedded.episodes, which was asked for; "
                + "the episodes come from \(client.url(for: list))"
        }
        return episodes
    }

    /// A show's whole episode list, specials included, in one request: `/shows/{id}/episodes?specials=1`.
    ///
    /// What the favorites database keeps for each favorite (`tvm-fav add`, `tvm-fav refresh`).
    /// - Returns: The compact episode objects, untouched, in TVMaze's order.
    /// - Throws: ``APIError``.
    public func fullList(of showID: Int) async throws(APIError) -> [[UInt8]] {
        let list = Endpoint.episodes(showID: showID, specials: true)
        return try objects(in: try await client.fetch(list), from: list)
    }

    /// The next episode to air, and the show's name.
    ///
    /// - Returns: The name from the show record, and the compact episode, or `nil` when TVMaze announces none.
    /// - Throws: ``APIError``.
    public func nextEpisode(of showID: Int) async throws(APIError) -> (name: String?, episode: [UInt8]?) {
        let endpoint = Endpoint.show(id: showID, embed: [.nextepisode])
        let body = try await client.fetch(endpoint)
        let name = try member("name", of: body, from: endpoint).flatMap(RawJSON.string)
        guard let episode = try embed("nextepisode", of: body, from: endpoint), episode != Array("null".utf8) else {
            return (name, nil)
        }
        guard episode.first == UInt8(ascii: "{") else {
            throw invalid(endpoint, "_embedded.nextepisode is not an object")
        }
        return (name, episode)
    }

    /// A show's season records by season number, from `/shows/{id}/seasons`.
    ///
    /// - Returns: Each season's compact record, untouched, by its `number`; the first wins if one repeats.
    /// - Throws: ``APIError``; ``APIError/notFound(url:)`` when the show has no seasons list.
    public func seasons(of showID: Int) async throws(APIError) -> [Int: [UInt8]] {
        let endpoint = Endpoint.seasons(showID: showID)
        var result: [Int: [UInt8]] = [:]
        for season in try objects(in: try await client.fetch(endpoint), from: endpoint) {
            guard let raw = try? RawJSON.value(forKey: "number", in: season), let number = RawJSON.integer(raw),
                result[number] == nil
            else { continue }
            result[number] = season
        }
        return result
    }

    private func showName(_ showID: Int) async throws(APIError) -> String? {
        let endpoint = Endpoint.show(id: showID)
        return try member("name", of: try await client.fetch(endpoint), from: endpoint).flatMap(RawJSON.string)
    }

    /// The elements of a JSON array body, each of which must be an object.
    private func objects(in body: [UInt8], from endpoint: Endpoint) throws(APIError) -> [[UInt8]] {
        let elements: [[UInt8]]
        do {
            elements = try RawJSON.elements(ofArray: body)
        } catch {
            throw invalid(endpoint, error.localizedDescription)
        }
        guard elements.allSatisfy({ $0.first == UInt8(ascii: "{") }) else {
            throw invalid(endpoint, "an element of the list is not an object")
        }
        return elements
    }

    private func member(_ key: String, of body: [UInt8], from endpoint: Endpoint) throws(APIError) -> [UInt8]? {
        do {
            return try RawJSON.value(forKey: key, in: body)
        } catch {
            throw invalid(endpoint, error.localizedDescription)
        }
    }

    private func embed(_ key: String, of body: [UInt8], from endpoint: Endpoint) throws(APIError) -> [UInt8]? {
        guard let embedded = try member("_embedded", of: body, from: endpoint),
            embedded.first == UInt8(ascii: "{")
        else { return nil }
        return try? RawJSON.value(forKey: key, in: embedded)
    }

    private func invalid(_ endpoint: Endpoint, _ detail: String) -> APIError {
        .invalidResponse(url: client.url(for: endpoint), attempts: 1, detail: detail)
    }
}
