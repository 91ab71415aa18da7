import ArgumentParser
import FavoriteCommands
import TVMCLI

/// `tvm-fav add` and `tvm-fav refresh` with the network. tvm-fav hands these two commands to tvm-fetch (see
/// ``FavoritesNetwork``): started as `tvm-fav`, tvm-fetch runs tvm-fav's command line with this implementation.
struct OnlineFavorites: FavoritesNetwork {
    func add(_ command: AddCommand) async throws {
        try await command.runOnline()
    }

    func refresh(_ command: RefreshCommand) async throws {
        try await command.runOnline()
    }
}

extension AddCommand {
    /// The command, with the network.
    func runOnline() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            var sources: [FavoriteSource] = ids.map { .id($0) }
            if ids.isEmpty {
                try await StdinRecords.forEach(runtime: runtime) { number, line in
                    do {
                        sources.append(try FavoriteSource(line: line))
                    } catch {
                        runtime.diagnostics.error("stdin line \(number): \(error.localizedDescription)")
                        runtime.raise(.badInput)
                    }
                }
            }
            let shows = try await resolve(sources, runtime: runtime)
            guard !shows.isEmpty else { return }
            let database = try await access.openForWriting()
            let summary = try await access.changing { () async throws(StoreError) -> SaveSummary in
                try await database.save(shows)
            }
            let out = try await runtime.makeOutput(view: Views.favorites)
            for show in shows { try await out.emit(show.json) }
            try out.finish()
            access.summary("added \(summary.added), updated \(summary.updated)")
        }
    }

    /// Turns the sources into complete records, fetching the shows that came as ids.
    ///
    /// A show TVMaze does not know is reported (status 1). When a fetch fails for good (the network is gone
    /// after every retry), the remaining ids are not tried; the records in hand are still saved, and the
    /// failure is reported after them.
    private func resolve(_ sources: [FavoriteSource], runtime: ToolRuntime) async throws -> [ShowRecord] {
        var shows: [ShowRecord] = []
        shows.reserveCapacity(sources.count)
        var client: APIClient?
        var failure: APIError?
        var skipped = 0
        for source in sources {
            switch source {
            case .record(let record):
                shows.append(record)
            case .id(let id):
                guard failure == nil else {
                    skipped += 1
                    continue
                }
                let api = try client ?? runtime.makeClient(network)
                client = api
                let body: [UInt8]
                do throws(APIError) {
                    body = try await api.fetch(.show(id: id))
                } catch .notFound {
                    runtime.diagnostics.error("show \(id) not found")
                    runtime.raise(.notFound)
                    continue
                } catch {
                    failure = error
                    continue
                }
                guard let record = (try? ShowRecord(json: body)) ?? nil else {
                    runtime.diagnostics.error("the API's answer for show \(id) is not a show record; skipped")
                    runtime.raise(.unavailable)
                    continue
                }
                shows.append(record)
            }
        }
        if let failure {
            runtime.report(failure)
            if skipped > 0 {
                runtime.diagnostics.error("\(skipped) more show id\(skipped == 1 ? " was" : "s were") not fetched")
            }
        }
        return shows
    }
}

extension RefreshCommand {
    /// The command, with the network.
    func runOnline() async throws {
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
