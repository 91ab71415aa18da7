import TVMCommandLine

extension Tool {
    /// `tvm-fav`.
    package static let fav = Tool(name: "tvm-fav", abstract: FavCommand.configuration.abstract) { arguments in
        await FavCommand.runAsTool(arguments: arguments)
    }
}
