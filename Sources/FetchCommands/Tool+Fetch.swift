import TVMCommandLine
import TVMRecords

extension Tool {
    /// `tvm-fetch`.
    package static let fetch = Tool(name: "tvm-fetch", abstract: FetchCommand.configuration.abstract) { arguments in
        await FetchCommand.runAsTool(arguments: arguments)
    }
}
