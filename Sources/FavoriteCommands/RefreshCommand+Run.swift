import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

extension RefreshCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            guard let reader = try await access.openForReading() else { return }
            let favorites = try await reader.favorites(sortedBy: .added)
            guard !favorites.isEmpty else { return }
            let client = try runtime.makeClient(network)
            let showProgress = runtime.terminal.stderrIsTTY && !output.quiet
            var fetched: [ShowRecord] = []
            var gone: [Favorite] = []
            var failure: APIError?
            var notTried = 0
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
                    failure = error
                    notTried = favorites.count - index
                    break
                }
                guard let record = (try? ShowRecord(json: body)) ?? nil, record.id == favorite.id else {
                    runtime.diagnostics.warning(
                        "TVMaze's answer for show \(favorite.id) is not that show's record; kept the saved one")
                    continue
                }
                fetched.append(record)
            }
            runtime.diagnostics.clearProgress()
            var updated: [Int] = []
            if !fetched.isEmpty {
                let database = try await access.openForWriting()
                updated = try await access.changing { () async throws(StoreError) -> [Int] in
                    try await database.refresh(fetched)
                }
            }
            let kept = Set(updated)
            let out = try await runtime.makeOutput(view: Views.favorites)
            for record in fetched where kept.contains(record.id) { try await out.emit(record.json) }
            try await out.finish()
            for favorite in gone {
                runtime.diagnostics.error(
                    "show \(favorite.id) (\"\(favorite.name)\") is gone from TVMaze (HTTP 404); its saved record is kept"
                )
                runtime.raise(.notFound)
            }
            if let failure {
                runtime.report(failure)
                runtime.diagnostics.error("\(notTried) favorite\(notTried == 1 ? " was" : "s were") not refreshed")
            }
            access.summary("refreshed \(updated.count), gone \(gone.count)")
        }
    }
}
