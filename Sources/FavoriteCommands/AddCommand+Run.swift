import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

extension AddCommand {
    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            var sources: [Source] = ids.map { Source(source: .id($0), line: nil, input: Array(String($0).utf8)) }
            if ids.isEmpty {
                try await StdinRecords.forEach(runtime: runtime) { number, line in
                    do {
                        sources.append(Source(source: try FavoriteSource(line: line), line: number, input: line))
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
            try await out.finish()
            access.summary("added \(summary.added), updated \(summary.updated)")
        }
    }

    /// An input: a record or an id, with where it came from.
    private struct Source {
        var source: FavoriteSource
        var line: Int?
        var input: [UInt8]
    }

    /// Turns the sources into complete records, fetching the shows that came as ids.
    ///
    /// A show TVMaze does not know is reported (status 1). A fetch that still fails after its retries is
    /// reported with its line and id, kept for `--failed`, and the others go on; the records in hand are saved.
    private func resolve(_ sources: [Source], runtime: ToolRuntime) async throws -> [ShowRecord] {
        var shows: [ShowRecord] = []
        shows.reserveCapacity(sources.count)
        var client: APIClient?
        let ledger = try BatchLedger(runtime: runtime, options: batch)
        for source in sources {
            switch source.source {
            case .record(let record):
                shows.append(record)
            case .id(let id):
                ledger.begin()
                let api = try client ?? runtime.makeClient(network, skipsUnreachableHosts: true)
                client = api
                let body: [UInt8]
                do throws(APIError) {
                    body = try await api.fetch(.show(id: id))
                } catch .notFound {
                    runtime.diagnostics.error("show \(id) not found")
                    runtime.raise(.notFound)
                    continue
                } catch {
                    ledger.failed(id: id, line: source.line, input: source.input, error: error)
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
        ledger.finish()
        return shows
    }
}
