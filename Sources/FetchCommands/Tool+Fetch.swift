import TVMCommandLine

extension Tool {
    /// `tvm-fetch`.
    package static let fetch = Tool(name: "tvm-fetch", command: FetchCommand.self)
}
