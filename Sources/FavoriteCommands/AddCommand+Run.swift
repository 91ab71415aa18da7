import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

extension AddCommand {
    package func run() async throws {
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
