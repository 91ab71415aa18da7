import TVMCommandLine

extension Tool {
    /// `tvm-search`.
    package static let search = Tool(name: "tvm-search", command: SearchCommand.self)
}
