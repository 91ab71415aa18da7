import ArgumentParser
import Foundation
import TVMCommandLine
import TVMImages
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// `tvm-img fetch` (the default subcommand): records in, records with `_tvm.image` out.
struct PostersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Add the local image path to each record, downloading missing images (the default subcommand).",
        discussion: """
            "tvm-img fetch ARGS" and "tvm-img ARGS" are the same. See "tvm-img --help" for the cache, and \
            man tvm-img for the accepted input and the exit status.

            Examples:
              tvm-fetch shows --page 0 | tvm-img > shows-with-posters.jsonl
              tvm-img 1 82 --size original --path
              tvm-fetch show 1 --embed cast --jq '._embedded.cast[]' \\
                | tvm-img --character --preview
            """
    )

    @Argument(help: ArgumentHelp("Show ids; records are read from stdin when none are given.", valueName: "id"))
    var ids: [Int] = []

    @Option(help: ArgumentHelp("Which image to fetch: medium or original.", valueName: "size"))
    var size: SizeOption = .medium

    @Flag(help: "Print only the image paths, one per line; records without an image are skipped.")
    var path = false

    @Flag(help: "Draw each image on the terminal with truecolor half blocks (stdout must be a terminal).")
    var preview = false

    @Flag(help: "For cast entries and cast credits, fetch the character's image instead of the person's.")
    var character = false

    @Option(name: [.customShort("j"), .customLong("jobs")], help: ArgumentHelp("Parallel downloads.", valueName: "n"))
    var jobs = 4

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Also fetch images from HOST (any port) or HOST:PORT; repeatable. Without it, only static.tvmaze.com "
                + "and the API's host and port are asked ($TVM_IMAGE_HOSTS adds a comma-separated list).",
            valueName: "host")
    )
    var allowHosts: [String] = []

    @Option(
        name: .customLong("max-size"),
        help: ArgumentHelp(
            "The largest image to download (K, M, G: powers of 1024); a larger one is stopped, not stored.",
            valueName: "size")
    )
    var maxSize = ByteSize(bytes: 20 << 20)

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    /// The `--size` values.
    enum SizeOption: String, ExpressibleByArgument, CaseIterable {
        case medium, original

        var imageSize: ImageSize { self == .medium ? .medium : .original }
    }

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("-j/--jobs must be between 1 and 64, got \(jobs)") }
        try ShowArgument.checkIDs(ids)
        guard maxSize.bytes > 0 else { throw ValidationError("--max-size must be more than 0 bytes") }
        _ = try extraHosts(environment: ToolContext.current.terminal.environment)
        let formatted = output.program != nil || output.format != .auto
        if path && (preview || formatted) {
            throw ValidationError("--path prints bare paths: it cannot be combined with --preview, --jq or --format")
        }
        if preview {
            guard !formatted else {
                throw ValidationError("--preview draws images: it cannot be combined with --jq or --format")
            }
            guard ToolContext.current.terminal.stdoutIsTTY else {
                throw ValidationError(
                    "--preview draws on a terminal, but stdout is not one; use --path or the JSON Lines output in pipes"
                )
            }
        }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-img", output: output)
        try await runtime.run {
            if ids.isEmpty && runtime.terminal.stdinIsTTY { throw StdinIsTerminal(command: "tvm-img") }
            let cache = ImageCache(directory: runtime.directories.cache + "/images")
            do {
                try cache.prepare()
            } catch {
                // As with a folder that cannot be written: the records still go on, each without its image.
                var reason = error.localizedDescription
                while reason.hasSuffix(".") { reason.removeLast() }
                runtime.diagnostics.warning(
                    "\(reason); no image can be kept, so each record is passed on with _tvm.image null")
            }
            let client = try runtime.makeClient(
                network, maxConnectionsPerHost: jobs, retryDialog: false, skipsUnreachableHosts: true)
            let box = preview ? PreviewBox.current(terminal: runtime.terminal) : nil
            let mode: PosterOutput.Mode
            if path {
                mode = .paths
            } else if let box {
                mode = .preview(columns: box.columns)
            } else {
                mode = .records(try await runtime.makeOutput(view: PosterRowsView()))
            }
            let policy = try downloadPolicy(
                apiURL: network.baseURL(environment: runtime.terminal.environment),
                environment: runtime.terminal.environment)
            let job = PosterJob(
                fetcher: ImageFetcher(cache: cache, client: client, policy: policy), size: size.imageSize,
                preferCharacter: character, preview: box)
            let out = PosterOutput(mode: mode, runtime: runtime)
            let ids = self.ids
            let source = PosterSource(client: client, counter: out.counter, stdin: runtime.standardInput())
            try await OrderedConcurrentMap.run(
                maxConcurrent: jobs,
                produce: { submit in
                    if ids.isEmpty {
                        try await source.readStdin(submit)
                    } else {
                        await source.fetchShows(ids, submit)
                    }
                },
                transform: { work in await job.run(work) },
                emit: { outcome in try await out.emit(outcome) }
            )
            try await out.finish()
        }
    }
}
