import ArgumentParser
import TVMCommandLine
import TVMImages
import TVMRecords

/// `tvm-img cache clear`: empty the image cache.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Remove every cached image.",
        discussion: """
            Removes every image and temporary file in the cache folder, but the downloads another tvm-img is \
            making; what was removed is reported on stderr.

            Examples:
              tvm-img cache clear
            """
    )

    @OptionGroup var messages: MessageOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-img", output: messages.output)
        try await runtime.run {
            let cache = ImageCache(directory: runtime.directories.cache + "/images")
            let removed = try cache.clear()
            runtime.diagnostics.note("removed \(ImageCacheInfoView.describe(removed)) from \(cache.directory)")
        }
    }
}
