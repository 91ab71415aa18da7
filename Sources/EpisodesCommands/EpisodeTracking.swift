import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// What the favorites database adds to `tvm-episodes`: watched marks (`_tvm.watched`), and the episodes it keeps,
/// to answer from when neither the network nor the HTTP cache can.
///
/// Without a database file, nothing is added and nothing is opened.
final class EpisodeTracking {
    let store: FavoritesStore?
    private let runtime: ToolRuntime
    /// How many shows were answered from the database.
    private(set) var answeredLocally = 0
    /// The favorites whose episodes were read from the database, so that a calendar that needs a show's
    /// `averageRuntime` does not read the favorite a second time.
    private var keptFavorites: [Int: Favorite] = [:]

    init(runtime: ToolRuntime, options: StoreOptions) async {
        self.runtime = runtime
        let path = options.path(environment: runtime.terminal.environment, directories: runtime.directories)
        guard FileManager.default.fileExists(atPath: path) else {
            store = nil
            return
        }
        do {
            store = try await FavoritesStore(path: path, lockTimeout: options.lockTimeout, access: .readOnly)
        } catch {
            // The episodes are still printed, but the database named cannot be used: the run says so (74).
            runtime.diagnostics.warning("\(error.localizedDescription); episodes are printed without watched marks")
            runtime.raise(.ioError)
            store = nil
        }
    }

    /// Whether records get `_tvm.watched`: whenever there is a favorites database.
    var annotates: Bool { store != nil }

    /// The marks of the episodes among `records`, by episode id.
    func marks(of records: [[UInt8]]) async -> [Int: WatchMark] {
        await marks(
            ofEpisodes: records.compactMap {
                (try? RawJSON.value(forKey: "id", in: $0))?.flatMap { RawJSON.integer($0) }
            })
    }

    /// The marks of these episodes, by episode id.
    func marks(ofEpisodes ids: [Int]) async -> [Int: WatchMark] {
        guard let store else { return [:] }
        do {
            return try await store.marks(episodeIDs: ids)
        } catch {
            runtime.diagnostics.warning("\(error.localizedDescription); episodes are printed without watched marks")
            return [:]
        }
    }

    /// A favorite's stored episodes as a list `tvm-episodes` prints (specials only when asked), or `nil` when the
    /// show is not a favorite with stored episodes.
    func storedEpisodes(of showID: Int, knownName: String?, specials: Bool) async -> ShowEpisodes? {
        guard let store, let kept = try? await store.keptEpisodes(showID: showID) else { return nil }
        return list(kept, showID: showID, knownName: knownName, specials: specials)
    }

    /// Several favorites' stored episodes airing in `window` (seconds since the epoch), read together, as
    /// ``storedEpisodes(of:knownName:specials:)`` gives each; the shows that are not favorites with stored episodes
    /// are left out.
    func storedEpisodes(of shows: [(id: Int, knownName: String?)], specials: Bool, window: ClosedRange<Int>) async
        -> [Int: ShowEpisodes]
    {
        guard let store,
            let kept = try? await store.keptEpisodes(showIDs: Set(shows.map(\.id)), airing: window)
        else { return [:] }
        var lists: [Int: ShowEpisodes] = [:]
        for show in shows {
            guard let found = kept[show.id] else { continue }
            lists[show.id] = list(found, showID: show.id, knownName: show.knownName, specials: specials)
        }
        return lists
    }

    private func list(
        _ kept: (favorite: Favorite, episodes: [StoredEpisode]), showID: Int, knownName: String?, specials: Bool
    ) -> ShowEpisodes {
        answeredLocally += 1
        keptFavorites[showID] = kept.favorite
        let episodes = specials ? kept.episodes : kept.episodes.filter { $0.number != nil }
        return ShowEpisodes(
            show: ShowLabel(id: showID, name: knownName ?? kept.favorite.name), records: episodes.map(\.recordBytes))
    }

    /// The show's `averageRuntime` from its favorite record, if it is one.
    func averageRuntime(of showID: Int) async -> Int? {
        if let kept = keptFavorites[showID] { return Self.averageRuntime(in: kept) }
        guard let store, let favorite = try? await store.favorite(id: showID) else { return nil }
        return Self.averageRuntime(in: favorite)
    }

    private static func averageRuntime(in favorite: Favorite) -> Int? {
        (try? RawJSON.value(forKey: "averageRuntime", in: favorite.recordBytes))?.flatMap { RawJSON.integer($0) }
    }

    /// An episode record with `_tvm.show`, and `_tvm.watched` when there is a database.
    ///
    /// - Parameters:
    ///   - record: The episode record.
    ///   - show: Its show; `nil` for an episode inside a season record, which names the show once.
    ///   - marks: The marks read for the episodes.
    func annotated(_ record: [UInt8], show: ShowLabel?, marks: [Int: WatchMark]) throws(RawJSONError) -> [UInt8] {
        guard annotates else { return try show?.labelling(record) ?? record }
        let id = (try? RawJSON.value(forKey: "id", in: record))?.flatMap { RawJSON.integer($0) }
        return try WatchMark.annotating(record, show: show, mark: id.flatMap { marks[$0] })
    }

}
