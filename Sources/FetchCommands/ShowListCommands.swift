import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// A command that prints every element of one show's JSON-array endpoint (`seasons`, `cast`, `crew`), one
/// record per line. Each declares its name, help and endpoint; the arguments and the run are shared.
protocol ShowListCommand: AsyncParsableCommand {
    /// The show id, the network options and the output options.
    var arguments: ShowListArguments { get }
    /// The request for a show id.
    static func endpoint(showID: Int) -> Endpoint
    /// How the records look on a terminal.
    static var view: any TerminalView { get }
}

/// The arguments every ``ShowListCommand`` takes.
struct ShowListArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The show id.", valueName: "id"))
    var id: Int

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions
}

extension ShowListCommand {
    func run() async throws {
        try await printList(
            Self.endpoint(showID: arguments.id), notFound: "show \(arguments.id)", view: Self.view,
            network: arguments.network, output: arguments.output)
    }
}

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
        try await out.finish()
    }
}

/// `tvm-fetch seasons ID`.
struct SeasonsCommand: ShowListCommand {
    static let configuration = CommandConfiguration(
        commandName: "seasons",
        abstract: "Print a show's seasons, one per line.",
        discussion: """
            Examples:
              tvm-fetch seasons 1
              tvm-fetch seasons 1 --jq '"\\(.number): \\(.premiereDate) – \\(.endDate)"'
            """
    )
    static let view: any TerminalView = Views.seasons
    static func endpoint(showID: Int) -> Endpoint { .seasons(showID: showID) }

    @OptionGroup var arguments: ShowListArguments
}

/// `tvm-fetch cast ID`.
struct CastCommand: ShowListCommand {
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
    static let view: any TerminalView = Views.cast
    static func endpoint(showID: Int) -> Endpoint { .cast(showID: showID) }

    @OptionGroup var arguments: ShowListArguments
}

/// `tvm-fetch crew ID`.
struct CrewCommand: ShowListCommand {
    static let configuration = CommandConfiguration(
        commandName: "crew",
        abstract: "Print a show's crew, one credit per line.",
        discussion: """
            Examples:
              tvm-fetch crew 1 --jq 'select(.type == "Creator") | .person.name'
            """
    )
    static let view: any TerminalView = Views.crew
    static func endpoint(showID: Int) -> Endpoint { .crew(showID: showID) }

    @OptionGroup var arguments: ShowListArguments
}
