import TVMCommandLine
import TVMRecords

extension Tool {
    /// `tvm-search`.
    package static let search = Tool(name: "tvm-search", abstract: SearchCommand.configuration.abstract) { arguments in
        await SearchCommand.runAsTool(arguments: arguments)
    }
}
