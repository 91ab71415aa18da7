import TVMRecords

/// Searching TVMaze for shows by name, with the results in the form the tools print.
///
/// `/search/shows?q=` answers `[{"score":…,"show":{…}}, …]` (at most 10, `[]` for no hit). The tools print
/// the show objects themselves, so a result pipes into anything that reads shows, with TVMaze's relevance
/// score added as `_tvm.score`. `/singlesearch/shows?q=` answers the best match alone (or a 404 for none).
public enum ShowSearch {
    /// Runs a search and returns one compact show record per result, best first.
    ///
    /// - Parameters:
    ///   - query: The normalised query.
    ///   - single: Whether to ask `/singlesearch/shows` for the best match only.
    ///   - embed: What to embed in the best match (`--single` only; ignored otherwise).
    ///   - client: The API client.
    /// - Returns: The show records, exactly as TVMaze sent them plus `_tvm.score` for a full search; empty when
    ///   nothing matched (`[]` from a search, a 404 from a single search).
    /// - Throws: ``APIError`` for a failed request, ``RawJSONError`` for a body of the wrong shape.
    public static func records(
        for query: SearchQuery, single: Bool, embed: [Endpoint.Embed] = [], client: APIClient
    ) async throws -> [[UInt8]] {
        guard single else {
            return try scoredShows(inSearchBody: try await client.fetch(.search(query: query.text)))
        }
        do {
            return [try await client.fetch(.singleSearch(query: query.text, embed: embed))]
        } catch APIError.notFound {
            return []
        }
    }

    /// Turns a `/search/shows` body into show records with their score under `_tvm`.
    ///
    /// Each element's `show` object is kept byte for byte (compacted) and `"_tvm":{"score":…}` is appended,
    /// the score's JSON text unchanged (`17.15518` stays `17.15518`). An element without a `show` object is
    /// left out; one without a score gets no `_tvm.score`.
    ///
    /// ```swift
    /// // [{"score":17.1,"show":{"id":139,"name":"Girls"}}]
    /// try ShowSearch.scoredShows(inSearchBody: body)  // [{"id":139,"name":"Girls","_tvm":{"score":17.1}}]
    /// ```
    /// - Parameter body: The response body, a JSON array.
    /// - Returns: The show records in the order of the results.
    /// - Throws: ``RawJSONError`` if the body is not a JSON array of objects.
    public static func scoredShows(inSearchBody body: some Collection<UInt8>) throws(RawJSONError) -> [[UInt8]] {
        var records: [[UInt8]] = []
        for result in try RawJSON.elements(ofArray: body) {
            guard let show = try RawJSON.value(forKey: "show", in: result), show.first == UInt8(ascii: "{") else {
                continue
            }
            guard let score = try RawJSON.value(forKey: "score", in: result), score != JSONText.null else {
                records.append(show)
                continue
            }
            records.append(try RawJSON.addingTVM([(key: "score", value: score)], to: show))
        }
        return records
    }
}
