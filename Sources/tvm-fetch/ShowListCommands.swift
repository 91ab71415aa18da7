import ArgumentParser
import TVMCLI
import TVMazeKit

/// Prints every element of a JSON-array endpoint, one record per line.
///
/// - Parameters:
///   - endpoint: The request.
///   - what: What a 404 means, for the message (e.g. `show 5`).
///   - view: The terminal view.
///   - network: Network options.
///   - output: Output options.
func printList(
    _ endpoint: Endpoint,
    notFound what: String,
    view: any TerminalView,
    network: NetworkOptions,
    output: OutputOptions
) async throws {
    let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
    try await runtime.run {
        let client = try runtime.makeClient(network)
        let out = try await runtime.makeOutput(view: view)
        do {
            let body = try await client.fetch(endpoint)
            try await out.emit(batch: try RawJSON.elements(ofArray: body))
        } catch APIError.notFound {
            runtime.diagnostics.error("\(what) not found")
            runtime.raise(.notFound)
        }
        try out.finish()
    }
}

/// `tvm-fetch seasons ID`.
struct SeasonsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seasons",
        abstract: "Print a show's seasons, one per line.",
        discussion: """
            Examples:
              tvm-fetch seasons 1
              tvm-fetch seasons 1 --jq '"\\(.number): \\(.premiereDate) – \\(.endDate)"'
            """
    )

    @Argument(help: ArgumentHelp("The show id.", valueName: "id"))
    var id: Int

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await printList(
            .seasons(showID: id), notFound: "show \(id)", view: Views.seasons, network: network, output: output)
    }
}

/// `tvm-fetch cast ID`.
struct CastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cast",
        abstract: "Print a show's main cast, one credit per line.",
        discussion: """
            Each line is {"person":{…},"character":{…},"self":…,"voice":…}.

            Examples:
              tvm-fetch cast 1 --jq '"\\(.person.name) as \\(.character.name)"'
              tvm-fetch cast 1 --jq .person | tvm-img
            """
    )

    @Argument(help: ArgumentHelp("The show id.", valueName: "id"))
    var id: Int

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await printList(
            .cast(showID: id), notFound: "show \(id)", view: Views.cast, network: network, output: output)
    }
}

/// `tvm-fetch crew ID`.
struct CrewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crew",
        abstract: "Print a show's crew, one credit per line.",
        discussion: """
            Examples:
              tvm-fetch crew 1 --jq 'select(.type == "Creator") | .person.name'
            """
    )

    @Argument(help: ArgumentHelp("The show id.", valueName: "id"))
    var id: Int

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await printList(
            .crew(showID: id), notFound: "show \(id)", view: Views.crew, network: network, output: output)
    }
}
