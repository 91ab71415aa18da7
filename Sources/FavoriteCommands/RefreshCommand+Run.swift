import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

extension RefreshCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let now = try runtime.now()
            guard let reader = try await access.openForReading() else { return }
            let favorites = try await reader.favorites(sortedBy: .added)
            guard !favorites.isEmpty else { return }
            let client = try runtime.makeClient(network, skipsUnreachableHosts: true)
            let loader = EpisodeLoader(client: client)
            let batch = try FavoritesBatch(folder: FilePath.folder(of: access.path))
            let showProgress = runtime.terminal.stderrIsTTY && !output.quiet
            var fetched: [ShowRecord] = []
            var gone: [Favorite] = []
            var failed: [(favorite: Favorite, error: APIError)] = []
            for (index, favorite) in favorites.enumerated() {
                if showProgress {
                    runtime.diagnostics.progress("refreshing \(index + 1) of \(favorites.count): \(favorite.name)")
                }
                let body: [UInt8]
                do throws(APIError) {
                    body = try await client.fetch(.show(id: favorite.id))
                } catch .notFound {
                    gone.append(favorite)
                    continue
                } catch {
                    failed.append((favorite, error))
                    continue
                }
                guard let record = (try? ShowRecord(json: body)) ?? nil, record.id == favorite.id else {
                    runtime.diagnostics.warning(
                        "TVMaze's answer for show \(favorite.id) is not that show's record; kept the saved one")
                    continue
                }
                try batch.append(record)
                fetched.append(record)
                guard episodes else { continue }
                // The show's stored episodes are replaced only when its whole list came: a failure keeps them, and
                // the next refresh tries again.
                let list: [[UInt8]]
                do throws(APIError) {
                    list = try await loader.fullList(of: favorite.id)
                } catch {
                    failed.append((favorite, error))
                    continue
                }
                try batch.setEpisodes(showID: favorite.id, records: list)
            }
            runtime.diagnostics.clearProgress()
            var updated: Set<Int> = []
            if !fetched.isEmpty {
                let database = try await access.openForWriting()
                _ = try await access.changing { () async throws(StoreError) -> SaveSummary in
                    try await database.save(batch: batch, at: now, addingNew: false)
                }
                updated = try await database.savedIDs(among: fetched.map(\.id))
            }
            let out = try await runtime.makeOutput(view: Views.favorites)
            for record in fetched where updated.contains(record.id) { try await out.emit(record.json) }
            try await out.finish()
            for favorite in gone {
                runtime.diagnostics.error(
                    "show \(favorite.id) (\"\(favorite.name)\") is gone from TVMaze (HTTP 404); its saved record is kept"
                )
                runtime.raise(.notFound)
            }
            for (favorite, error) in failed {
                runtime.diagnostics.error("show \(favorite.id) (\"\(favorite.name)\"): \(error.localizedDescription)")
                runtime.raise(ExitStatus.of(error))
            }
            if !failed.isEmpty {
                let count = Set(failed.map(\.favorite.id)).count
                runtime.diagnostics.error(
                    "\(count) favorite\(count == 1 ? " was" : "s were") not refreshed in full (their saved records "
                        + "and episodes are kept); run tvm-fav refresh again to retry")
            }
            access.summary("refreshed \(updated.count), gone \(gone.count)")
        }
    }
}
