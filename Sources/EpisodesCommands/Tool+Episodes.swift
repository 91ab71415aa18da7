import TVMCommandLine
import TVMRecords

extension Tool {
    /// `tvm-episodes`.
    package static let episodes = Tool(name: "tvm-episodes", abstract: EpisodesCommand.configuration.abstract) {
        arguments in
        await EpisodesCommand.runAsTool(arguments: arguments)
    }
}
