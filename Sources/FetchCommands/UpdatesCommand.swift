import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// `tvm-fetch updates`: when each show last changed.
struct UpdatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "updates",
        abstract: "Print when each show was last updated: {\"id\":…,\"updated\":…} per line.",
        discussion: """
            TVMaze answers one object mapping show ids to Unix timestamps; tvm-fetch prints one line per show, \
            in TVMaze's order. Without --since, every show is listed (tens of thousands of lines).

            Examples:
              tvm-fetch updates --since day | tvm-fetch show
              tvm-fetch updates --since week --jq 'select(.updated > 1700000000) | .id'
            """
    )

    @Option(help: ArgumentHelp("Only shows updated in the last day, week or month.", valueName: "day|week|month"))
    var since: Endpoint.UpdatesPeriod?

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let client = try runtime.makeClient(network)
            let out = try await runtime.makeOutput(view: Views.updates)
            let body = try await client.fetch(.updates(since: since))
            for member in try RawJSON.members(ofObject: body) {
                guard let id = Int(member.key) else { continue }
                try await out.emit(Array("{\"id\":\(id),\"updated\":".utf8) + member.value + [UInt8(ascii: "}")])
            }
            try await out.finish()
        }
    }
}

extension Endpoint.UpdatesPeriod: ExpressibleByArgument {}
