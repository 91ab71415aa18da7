import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// Finds the episodes `tvm-fav watch` and `unwatch` are asked for: in the favorites database, else (for `watch`)
/// from TVMaze, adding the show to the favorites first.
///
/// Shows fetched here go into a ``FavoritesBatch`` (the show record and its whole episode list), saved in the same
/// transaction as the marks, so that a run that fails changes nothing.
final class EpisodeResolver {
    /// Why an episode or show could not be found.
    enum Miss: Error {
        case unknownShow(Int)
        case unknownEpisode(Int)
        case notFavorite(Int)
    }

    let store: FavoritesStore?
    let runtime: ToolRuntime
    let network: NetworkOptions
    let batch: FavoritesBatch
    /// Whether shows that are not favorites are fetched and added (`watch`), or refused (`unwatch`).
    let addsShows: Bool
    private var client: APIClient?
    private var lists: [Int: [StoredEpisode]] = [:]
    private var byID: [Int: StoredEpisode] = [:]
    private(set) var names: [Int: String] = [:]
    /// The shows this run adds to the favorites.
    private(set) var added: [Int] = []

    init(store: FavoritesStore?, runtime: ToolRuntime, network: NetworkOptions, batch: FavoritesBatch, addsShows: Bool)
    {
        self.store = store
        self.runtime = runtime
        self.network = network
        self.batch = batch
        self.addsShows = addsShows
    }

    /// Looks up many episode ids in the database at once.
    func prefetch(_ ids: [Int]) async throws {
        guard let store, !ids.isEmpty else { return }
        for (id, episode) in try await store.episodes(ids: ids) { byID[id] = episode }
        try await learnNames(Array(Set(byID.values.map(\.showID))))
    }

    /// A show's episodes, in TVMaze's order.
    ///
    /// - Parameters:
    ///   - showID: The show.
    ///   - embedded: The show's record when an answer carried it (`/episodes/{id}?embed=show`): a show that is not
    ///     a favorite is then added without asking for it again.
    /// - Throws: ``Miss`` when TVMaze does not know the show, or (`unwatch`) it is not a favorite; `APIError`.
    func episodes(ofShow showID: Int, embedded: [UInt8]? = nil) async throws -> [StoredEpisode] {
        if let list = lists[showID] { return list }
        if let store, try await store.showsWithEpisodes(among: [showID]).contains(showID) {
            let list = try await store.episodes(showID: showID)
            try await learnNames([showID])
            return remember(list, of: showID)
        }
        let favorite = try await store?.favorite(id: showID)
        guard addsShows || favorite != nil else { throw Miss.notFavorite(showID) }
        let client = try apiClient()
        if let favorite {
            names[showID] = favorite.name
        } else {
            let answer: [UInt8]? =
                if let embedded { embedded } else { try await fetch(.show(id: showID), client: client) }
            guard let body = answer else { throw Miss.unknownShow(showID) }
            guard let record = (try? ShowRecord(json: body)) ?? nil, record.id == showID else {
                throw APIError.invalidResponse(
                    url: client.url(for: .show(id: showID)), attempts: 1, detail: "not a show record")
            }
            try batch.append(record)
            names[showID] = record.name
            added.append(showID)
        }
        try batch.setEpisodes(showID: showID, records: try await fullList(of: showID, client: client))
        return remember(try batch.episodes(showID: showID), of: showID)
    }

    /// `unwatch --show` of a show that is no longer a favorite (its episodes went with it; its marks stayed): the
    /// episode list from TVMaze, read to find the marked episodes and not kept. `nil` when the show has no marks.
    ///
    /// - Throws: ``Miss`` when TVMaze does not know the show; `APIError`; `StoreError`.
    func formerFavoriteEpisodes(of showID: Int) async throws -> [StoredEpisode]? {
        guard let store, !(try await store.marks(showID: showID)).isEmpty else { return nil }
        let records = try await fullList(of: showID, client: try apiClient())
        return remember(StoredEpisode.rows(of: records, showID: showID), of: showID)
    }

    /// A show's whole episode list, specials included.
    private func fullList(of showID: Int, client: APIClient) async throws -> [[UInt8]] {
        do throws(APIError) {
            return try await EpisodeLoader(client: client).fullList(of: showID)
        } catch .notFound {
            throw Miss.unknownShow(showID)
        }
    }

    /// Whether an episode is known without a request: stored, or in a show list this run has read.
    func isKnown(_ id: Int) -> Bool { byID[id] != nil }

    /// One episode, found by id; `showID` (from the input line) saves a request when the episode is not stored.
    ///
    /// An episode that is neither stored nor in a list read already costs one request,
    /// `/episodes/{id}?embed=show`, which names its show and carries the show's record; then the show's whole
    /// list (one request) resolves every other id of that show in the run.
    /// - Throws: ``Miss`` when TVMaze does not know it; `APIError`.
    func episode(id: Int, showID: Int?) async throws -> StoredEpisode {
        if let episode = byID[id] { return episode }
        var show = showID
        var embedded: [UInt8]?
        if show == nil {
            guard addsShows else { throw Miss.unknownEpisode(id) }
            guard let body = try await fetch(.episode(id: id, embedsShow: true), client: try apiClient()) else {
                throw Miss.unknownEpisode(id)
            }
            embedded = (try? RawJSON.value(atPath: ["_embedded", "show"], in: body)) ?? nil
            let href = (try? RawJSON.value(atPath: ["_links", "show", "href"], in: body))?.flatMap(RawJSON.string)
            show =
                embedded.flatMap { (try? RawJSON.value(forKey: "id", in: $0))?.flatMap(RawJSON.integer) }
                ?? href.flatMap(EpisodeLinks.showID(fromHref:))
        }
        guard let show else { throw Miss.unknownEpisode(id) }
        let list: [StoredEpisode]
        do {
            list = try await episodes(ofShow: show, embedded: embedded)
        } catch Miss.unknownShow, Miss.notFavorite {
            throw Miss.unknownEpisode(id)
        }
        guard let episode = list.first(where: { $0.id == id }) else { throw Miss.unknownEpisode(id) }
        return episode
    }

    /// The run's API client, made on first use.
    private func apiClient() throws -> APIClient {
        if let client { return client }
        let made = try runtime.makeClient(network, skipsUnreachableHosts: true)
        client = made
        return made
    }

    /// A body, or `nil` for a 404.
    private func fetch(_ endpoint: Endpoint, client: APIClient) async throws(APIError) -> [UInt8]? {
        do throws(APIError) {
            return try await client.fetch(endpoint)
        } catch .notFound {
            return nil
        }
    }

    /// The show's name, for `_tvm.show`.
    func name(of showID: Int) -> String? { names[showID] }

    private func remember(_ list: [StoredEpisode], of showID: Int) -> [StoredEpisode] {
        lists[showID] = list
        for episode in list { byID[episode.id] = episode }
        return list
    }

    private func learnNames(_ showIDs: [Int]) async throws {
        let missing = showIDs.filter { names[$0] == nil }
        guard let store, !missing.isEmpty else { return }
        for favorite in try await store.favorites(ids: missing) { names[favorite.id] = favorite.name }
    }
}
