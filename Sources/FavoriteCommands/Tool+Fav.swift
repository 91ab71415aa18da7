import TVMCommandLine

extension Tool {
    /// `tvm-fav`.
    package static let fav = Tool(name: "tvm-fav", command: FavCommand.self)
}
