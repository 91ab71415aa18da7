import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// `tvm-fetch lookup`: a show by its IMDb, TheTVDB or TVRage id.
struct LookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Print the show with an IMDb, TheTVDB or TVRage id.",
        discussion: """
            Give exactly one of --imdb, --thetvdb or --tvrage. An id TVMaze does not know exits 1.

            Examples:
              tvm-fetch lookup --imdb tt1553656
              tvm-fetch lookup --thetvdb 264492 --jq .id | tvm-episodes
            """
    )

    @Option(help: ArgumentHelp("An IMDb id, e.g. tt1553656.", valueName: "id"))
    var imdb: String?

    @Option(help: ArgumentHelp("A TheTVDB id.", valueName: "id"))
    var thetvdb: String?

    @Option(help: ArgumentHelp("A TVRage id.", valueName: "id"))
    var tvrage: String?

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        let given = [imdb, thetvdb, tvrage].compactMap { $0 }
        guard given.count == 1 else { throw ValidationError("give exactly one of --imdb, --thetvdb or --tvrage") }
        // Asking TVMaze for an id that cannot exist would answer "not found" (1) for what is a typing mistake.
        let digits = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        if let imdb, !(imdb.hasPrefix("tt") && digits(imdb.dropFirst(2))) {
            throw ValidationError("--imdb takes an IMDb id, tt and digits such as tt1553656, not '\(imdb)'")
        }
        if let id = thetvdb ?? tvrage, !digits(id[...]) {
            throw ValidationError(
                "--\(thetvdb == nil ? "tvrage" : "thetvdb") takes a number such as 264492, not '\(id)'")
        }
    }

    func run() async throws {
        let lookup: Endpoint.Lookup
        if let imdb {
            lookup = .imdb(imdb)
        } else if let thetvdb {
            lookup = .thetvdb(thetvdb)
        } else {
            lookup = .tvrage(tvrage ?? "")
        }
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let client = try runtime.makeClient(network)
            let out = try await runtime.makeOutput(
                view: ShowDetailTerminalView(now: try runtime.now(), zone: runtime.viewerZone))
            do {
                try await out.emit(try await client.fetch(.lookup(lookup)))
            } catch APIError.notFound {
                runtime.diagnostics.error(
                    "no show with \(Endpoint.lookup(lookup).queryItems[0].name) id \(Endpoint.lookup(lookup).queryItems[0].value)"
                )
                runtime.raise(.notFound)
            }
            try await out.finish()
        }
    }
}
