import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// `tvm-fetch show`: one or more shows by id.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print shows by id, from the arguments or from stdin.",
        discussion: """
            With no ID arguments, ids are read from stdin, one per line, in any of three forms: a JSON record \
            with an "id" (a show), a search result {"score":…,"show":{…}}, or a bare number. A malformed line \
            is reported with its line number and skipped (exit 65 at the end); an id TVMaze does not know is \
            reported and skipped (exit 1 at the end). A show that still fails after its retries (5xx, a timeout, \
            a lost connection) is reported with its line number and id and the run goes on with the next; the \
            run ends with "N of M records failed (ids …)" and the most serious status met. --failed FILE keeps \
            the input lines of those shows, to pipe back in: tvm-fetch show --failed again.jsonl < again.jsonl.

            On a terminal each show is printed as a detail view: title, status, dates, genres, network, \
            schedule, rating, the summary as plain text, the IMDb page when the show has an IMDb id, and the \
            poster URL. The schedule is the network's local time, with its zone and your time (TZ) beside it: \
            "Sundays 20:00 ET (02:00 Mon here)". The zone is named ET, CT, MT or PT in the US, else by its offset \
            from UTC (UTC+1); the conversion uses both zones' offsets at the next airing after now (TVM_NOW), \
            so it follows daylight-saving time. A show whose network has no zone says "(time zone not given)".

            Embed kinds: episodes, cast, crew, seasons, nextepisode, previousepisode (repeat --embed, or give \
            a comma-separated list). They arrive under "_embedded".

            Examples:
              tvm-fetch show 1
              tvm-fetch show 1 --embed cast,nextepisode --jq '._embedded.cast[].person.name'
              tvm-search girls | tvm-fetch show --jq '{id, name, premiered}'
              tvm-fetch show 139 --open imdb
            """
    )

    @Argument(help: ArgumentHelp("Show ids; read from stdin when none are given.", valueName: "id"))
    var ids: [Int] = []

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Embed related data: episodes, cast, crew, seasons, nextepisode, previousepisode.",
            valueName: "kind"
        ),
        completion: .list(Endpoint.Embed.allCases.map(\.rawValue))
    )
    var embed: [String] = []

    @Option(
        help: ArgumentHelp(
            "Open the show's page in the browser ($BROWSER or xdg-open); with no browser to start, print its URL.",
            valueName: "imdb|tvmaze"))
    var open: ShowPage?

    @OptionGroup var network: NetworkOptions
    @OptionGroup var batch: BatchOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ShowArgument.checkIDs(ids + parsedEmbeds().ids)
    }

    /// The embed kinds, split on commas; a bare number is an id that followed `--embed`.
    func parsedEmbeds() throws -> (embeds: [Endpoint.Embed], ids: [Int]) {
        var embeds: [Endpoint.Embed] = []
        var extraIDs: [Int] = []
        for word in embed.flatMap({ $0.split(separator: ",") }).map(String.init) {
            if let kind = Endpoint.Embed(rawValue: word) {
                embeds.append(kind)
            } else if let id = Int(word) {
                extraIDs.append(id)
            } else {
                let kinds = Endpoint.Embed.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown embed kind '\(word)'; expected one of: \(kinds)")
            }
        }
        return (embeds, extraIDs)
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let (embeds, extraIDs) = try parsedEmbeds()
            let ledger = try BatchLedger(runtime: runtime, options: batch)
            let client = try runtime.makeClient(network, skipsUnreachableHosts: true)
            let out = try await runtime.makeOutput(
                view: ShowDetailTerminalView(now: try runtime.now(), zone: runtime.viewerZone))
            let fetchOne: (Int, Int?, [UInt8]) async throws -> Void = { id, line, input in
                ledger.begin()
                let record: [UInt8]
                do throws(APIError) {
                    record = try await client.fetch(.show(id: id, embed: embeds))
                } catch .notFound {
                    runtime.diagnostics.error("show \(id) not found")
                    runtime.raise(.notFound)
                    return
                } catch {
                    // A record that still fails after its retries: reported, kept for --failed; the batch goes on.
                    ledger.failed(id: id, line: line, input: input, error: error)
                    return
                }
                try await out.emit(record)
                try await out.flush()
                if let open { try open.open(record: record, runtime: runtime) }
            }
            let given = ids + extraIDs
            if given.isEmpty {
                try await StdinShowIDs.forEach(runtime: runtime, command: "tvm-fetch show") { id, line, record in
                    try await fetchOne(id, line, record)
                }
            } else {
                for id in given { try await fetchOne(id, nil, Array(String(id).utf8)) }
            }
            try await out.finish()
            ledger.finish()
        }
    }
}
