import ArgumentParser
import TVMCommandLine
import TVMImages
import TVMRecords

/// `tvm-img cache`: look after the image cache.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show, prune or clear the local image cache.",
        discussion: """
            The cache is the folder $XDG_CACHE_HOME/tvm/images (default ~/.cache/tvm/images). Each image \
            is marked as used whenever tvm-img stores or serves it, so pruning evicts the images unused for \
            the longest time.

            Examples:
              tvm-img cache info
              tvm-img cache info --jq .bytes
              tvm-img cache prune --max-size 200M
              tvm-img cache clear
            """,
        subcommands: [CacheInfoCommand.self, CachePruneCommand.self, CacheClearCommand.self],
        defaultSubcommand: CacheInfoCommand.self
    )
}

/// `tvm-img cache info`: the number of images and their size.
struct CacheInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the number of cached images and their total size.",
        discussion: """
            Prints one record, {"directory":…,"files":…,"bytes":…}; on a terminal, a sentence.

            Examples:
              tvm-img cache info
              tvm-img cache info --jq .files
            """
    )

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-img", output: output)
        try await runtime.run {
            let cache = ImageCache(directory: runtime.directories.cache + "/images")
            let usage = try cache.usage()
            let out = try await runtime.makeOutput(view: ImageCacheInfoView())
            try await out.emit(ImageCacheInfoView.record(directory: cache.directory, usage: usage))
            try await out.finish()
        }
    }
}
