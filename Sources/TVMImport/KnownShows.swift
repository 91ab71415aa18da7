import Foundation
import TVMRecords
import TVMStore

/// The shows known locally: the favorites (with whether their episodes are stored), by id and by their
/// TheTVDB and IMDb ids, so that a show already saved costs no request.
public struct KnownShows: Sendable {
    /// A favorite.
    struct Entry: Sendable {
        var name: String
        var hasEpisodes: Bool
    }

    var byID: [Int: Entry] = [:]
    var byTVDB: [Int: Int] = [:]
    var byIMDb: [String: Int] = [:]
    /// The show catalogue's answers: records by id, and ids by TheTVDB and IMDb id.
    var catalogue: (byTVDB: [Int: Int], byIMDb: [String: Int], records: [Int: [UInt8]]) = ([:], [:], [:])

    /// No show known.
    public init() {}

    /// The favorites of a store.
    ///
    /// - Parameter store: The favorites database, or `nil` when there is none yet.
    /// - Throws: ``StoreError``.
    public init(store: FavoritesStore?) async throws(StoreError) {
        guard let store else { return }
        for favorite in try await store.externals() {
            byID[favorite.id] = Entry(name: favorite.name, hasEpisodes: favorite.hasEpisodes)
            if let tvdb = favorite.thetvdb { byTVDB[tvdb] = favorite.id }
            if let imdb = favorite.imdb { byIMDb[imdb] = favorite.id }
        }
    }

    /// Adds the show catalogue's shows that the history names, so that they are placed, and their records taken,
    /// without a request.
    ///
    /// - Parameters:
    ///   - catalogue: The show catalogue.
    ///   - history: The rows to place.
    /// - Throws: ``CatalogError``.
    public mutating func add(catalogue: CatalogStore, for history: ImportHistory) throws(CatalogError) {
        let keys = history.rows.map(\.show)
        self.catalogue = try catalogue.shows(
            thetvdb: Set(keys.compactMap(\.thetvdb)), imdb: Set(keys.compactMap(\.imdb)),
            tvmaze: Set(keys.compactMap(\.tvmaze)))
    }

    /// Adds a show from its record (its `externals`).
    mutating func add(id: Int, name: String, record: [UInt8], hasEpisodes: Bool) {
        byID[id] = Entry(name: name, hasEpisodes: hasEpisodes)
        guard let externals = (try? RawJSON.value(forKey: "externals", in: record)) ?? nil else { return }
        if let raw = (try? RawJSON.value(forKey: "thetvdb", in: externals)) ?? nil, let tvdb = RawJSON.integer(raw) {
            byTVDB[tvdb] = id
        }
        if let raw = (try? RawJSON.value(forKey: "imdb", in: externals)) ?? nil, let imdb = RawJSON.string(raw) {
            byIMDb[imdb] = id
        }
    }

    /// Remembers the ids of a key placed on show `id`; an id already placed on another show keeps that show.
    mutating func learn(_ key: ShowKey, id: Int) {
        if byID[id] == nil { byID[id] = Entry(name: key.title ?? "", hasEpisodes: false) }
        if let tvdb = key.thetvdb, byTVDB[tvdb] == nil { byTVDB[tvdb] = id }
        if let imdb = key.imdb, byIMDb[imdb] == nil { byIMDb[imdb] = id }
    }

    /// The known show with this TheTVDB id: a favorite, else a show of the catalogue.
    func id(thetvdb: Int) -> Int? { byTVDB[thetvdb] ?? catalogue.byTVDB[thetvdb] }

    /// The known show with this IMDb id: a favorite, else a show of the catalogue.
    func id(imdb: String) -> Int? { byIMDb[imdb] ?? catalogue.byIMDb[imdb] }
}
