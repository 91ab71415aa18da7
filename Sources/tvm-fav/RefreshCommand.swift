import ArgumentParser
import TVMCLI
import TVMazeKit

/// `tvm-fav refresh`: fetch every favorite again and keep the new records.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch every favorite again from TVMaze and save the new records.",
        discussion: """
            Favorites are fetched one after the other, in the order they were added, paced to TVMaze's limit \
            of 20 requests every 10 seconds (shared with the other tvm tools running at the same time). The new \
            records are saved in one transaction at the end and printed. A show TVMaze no longer has (HTTP 404) \
            is reported, its saved record is kept, and the exit status is 1. If the network fails for good \
            part way, the records fetched so far are still saved.

            Examples:
              tvm-fav refresh
              tvm-fav refresh --jq '"\\(.name): \\(.status)"'
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fav", output: output)
        let access = FavoritesAccess(runtime: runtime, options: store)
        try await runtime.run {
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
            try out.finish()
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
