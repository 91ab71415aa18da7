import ArgumentParser
import TVMCLI
import TVMazeKit

/// `tvm-fav add`: save shows as favorites.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save shows as favorites, from ids or from show records on stdin.",
        discussion: """
            With no ID arguments, stdin is read, one line each, in every form tvm-fetch show accepts: a show \
            record, a search result {"score":…,"show":{…}}, a record with "_embedded.show", or a bare id \
            (82 or "82"). A complete show record (from tvm-fetch, tvm-search or tvm-fav list) is saved as it \
            is, without a network request; a bare id, or a record with little more than an id, is fetched \
            from TVMaze first.

            All the shows of one run are saved in one transaction, after stdin ends: all of them or none. A \
            show that is already a favorite gets the new record and keeps its place in the list. The saved \
            records are printed, so the pipe can go on; on a terminal, stderr also gets "added N, updated M".

            A malformed line is reported with its line number and skipped, the others are saved, and the exit \
            status is 65. An id TVMaze does not know is reported and skipped (exit 1).

            Examples:
              tvm-fav add 1 139
              tvm-fetch shows --page 0 | tvm-fav add > /dev/null
              tvm-search 'squid game' | head -1 | tvm-fav add
              echo 82 | tvm-fav add --db ~/shows.sqlite
            """
    )

    @Argument(help: ArgumentHelp("Show ids to fetch and save; stdin is read when none are given.", valueName: "id"))
    var ids: [Int] = []

    @OptionGroup var store: StoreOptions
    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let bad = ids.first(where: { $0 <= 0 }) {
            throw ValidationError("'\(bad)' is not a show id: ids are positive integers")
        }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fav", output: output)
        let access = FavoritesAccess(runtime: runtime, options: store)
        try await runtime.run {
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
