import ArgumentParser
import TVMCommandLine
import TVMImages
import TVMRecords

/// `tvm-img cache prune`: evict the least recently used images down to a size.
struct CachePruneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Evict the least recently used images until the cache fits in a size.",
        discussion: """
            SIZE is a number of bytes with an optional unit: K, M, G or T (powers of 1024; KB, KiB and MB, \
            MiB … mean the same). Temporary files left by an interrupted download more than an hour ago are \
            removed too. What was removed is reported on stderr.

            Examples:
              tvm-img cache prune --max-size 200M
              tvm-img cache prune --max-size 1.5G
            """
    )

    @Option(name: .customLong("max-size"), help: ArgumentHelp("The size to prune the cache to.", valueName: "size"))
    var maxSize: String

    @OptionGroup var messages: MessageOptions

    func validate() throws {
        guard ByteSize(parsing: maxSize) != nil else {
            throw ValidationError("--max-size takes a size such as 500K, 200M or 1.5G, got '\(maxSize)'")
        }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-img", output: messages.output)
        try await runtime.run {
            let cache = ImageCache(directory: runtime.directories.cache + "/images")
            let removed = try cache.prune(maxBytes: Int64(ByteSize(parsing: maxSize)?.bytes ?? 0))
            let left = try cache.usage()
            runtime.diagnostics.note(
                "removed \(ImageCacheInfoView.describe(removed)); \(ImageCacheInfoView.describe(left)) left in "
                    + cache.directory)
        }
    }
}
