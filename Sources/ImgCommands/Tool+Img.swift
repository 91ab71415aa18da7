import TVMCommandLine

extension Tool {
    /// `tvm-img`.
    package static let img = Tool(name: "tvm-img", command: ImgCommand.self)
}
