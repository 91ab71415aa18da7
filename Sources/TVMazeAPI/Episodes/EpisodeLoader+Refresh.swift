import TVMRecords

/// A favorite as `tvm-fav refresh` fetched it: its record and, when the answer held it whole, its episodes.
public struct FreshShow: Sendable, Equatable {
    /// The show record, compact, without `_embedded`: an object with the show's id and a name.
    public var record: [UInt8]
    /// The compact episode objects in TVMaze's order, or `nil` when they were not fetched.
    public var episodes: [[UInt8]]?

    /// Creates a fetched show.
    public init(record: [UInt8], episodes: [[UInt8]]?) {
        self.record = record
        self.episodes = episodes
    }
}

extension EpisodeLoader {
    /// A show and its regular episodes in one request, `/shows/{id}?embed=episodes`, past the HTTP cache.
    ///
    /// What a daily refresh costs per changed favorite. TVMaze's embed leaves specials out; the refresh keeps the
    /// stored ones. An answer that is not the show's whole record, or whose embedded list is not a whole array of
    /// episode objects, is retried and then thrown as ``APIError/invalidResponse(url:attempts:detail:)``: it is
    /// never compared with what is stored. An answer without `_embedded.episodes` (TVMaze leaves an empty embed
    /// out) has `episodes` `nil`; the caller asks ``refreshedList(of:)`` to tell "none" from "lost".
    /// - Returns: The record and the episodes.
    /// - Throws: ``APIError``; ``APIError/notFound(url:)`` when TVMaze no longer has the show.
    public func showWithEpisodes(of showID: Int) async throws(APIError) -> FreshShow {
        try await client.fetchUncached(.show(id: showID, embed: [.episodes])) { body in
            Result { () throws(UnusableBody) -> FreshShow in try Self.freshShow(body, id: showID) }
        }
    }

    /// A show's record alone, `/shows/{id}`, past the HTTP cache.
    ///
    /// - Returns: The record, without episodes.
    /// - Throws: ``APIError``, as ``showWithEpisodes(of:)``.
    public func refreshedShow(_ showID: Int) async throws(APIError) -> [UInt8] {
        try await client.fetchUncached(.show(id: showID)) { body in
            Result { () throws(UnusableBody) -> [UInt8] in try Self.freshShow(body, id: showID).record }
        }
    }

    /// A show's whole episode list, specials included, `/shows/{id}/episodes?specials=1`, past the HTTP cache.
    ///
    /// - Returns: The compact episode objects in TVMaze's order.
    /// - Throws: ``APIError``; a body that is not a whole array of episode objects is retried, then thrown as
    ///   ``APIError/invalidResponse(url:attempts:detail:)``.
    public func refreshedList(of showID: Int) async throws(APIError) -> [[UInt8]] {
        try await client.fetchUncached(.episodes(showID: showID, specials: true)) { body in
            Result { () throws(UnusableBody) -> [[UInt8]] in try Self.episodeObjects(body) }
        }
    }

    /// Reads a show answer, with or without `_embedded.episodes`.
    static func freshShow(_ body: [UInt8], id: Int) throws(UnusableBody) -> FreshShow {
        let members: [(key: String, value: [UInt8])]
        do {
            members = try RawJSON.members(ofObject: body)
        } catch {
            throw UnusableBody("the show is not a JSON object: \(error.localizedDescription)")
        }
        var record = Array("{".utf8)
        var episodes: [[UInt8]]?
        for member in members {
            if member.key == "_embedded" {
                if let list = (try? RawJSON.value(forKey: "episodes", in: member.value)) ?? nil {
                    episodes = try episodeObjects(list)
                }
                continue
            }
            if record.count > 1 { record.append(UInt8(ascii: ",")) }
            record += JSONText.string(member.key) + Array(":".utf8) + member.value
        }
        record.append(UInt8(ascii: "}"))
        let name = ((try? RawJSON.value(forKey: "name", in: record)) ?? nil).flatMap(RawJSON.string)
        guard let raw = (try? RawJSON.value(forKey: "id", in: record)) ?? nil, RawJSON.integer(raw) == id, name != nil
        else { throw UnusableBody("the answer is not show \(id)'s record") }
        return FreshShow(record: record, episodes: episodes)
    }

    /// The elements of an episode list, each of which must be an episode object with an id.
    static func episodeObjects(_ list: [UInt8]) throws(UnusableBody) -> [[UInt8]] {
        let elements: [[UInt8]]
        do {
            elements = try RawJSON.elements(ofArray: list)
        } catch {
            throw UnusableBody("the episode list is not a whole JSON array: \(error.localizedDescription)")
        }
        for (index, element) in elements.enumerated() where EpisodeFacts(record: element) == nil {
            throw UnusableBody("element \(index + 1) of the episode list is not an episode with an id")
        }
        return elements
    }
}
