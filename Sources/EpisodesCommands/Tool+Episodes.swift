import TVMCommandLine

extension Tool {
    /// `tvm-episodes`.
    package static let episodes = Tool(name: "tvm-episodes", command: EpisodesCommand.self)
}
