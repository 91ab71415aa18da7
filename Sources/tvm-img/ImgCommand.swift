import ArgumentParser
import TVMCLI
import TVMazeKit

#if canImport(Glibc)
    import Glibc
#endif

/// `tvm-img`: posters (and episode stills, portraits) of records, downloaded once and kept in a local cache.
struct ImgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-img",
        abstract: "Download the images of shows, episodes and people into a local cache, lazily.",
        discussion: """
            Reads records from stdin (or show ids from the arguments) and passes each one on with "_tvm.image" \
            added: the absolute path of the image file in the cache, or null when the record has no image. \
            Only missing images are downloaded; a cached image costs no request and is served without a \
            network. Records keep their input order whatever order the downloads finish in.

            Accepted input, one JSON value a line: show records; search results {"score":…,"show":{…}} (the \
            show's image); episodes (the still); seasons; people; cast and crew entries (the person's image, \
            or the character's with --character); cast credits with an embedded show or character; arrays of \
            any of these (an "_embedded" list, a raw API array), each element handled as a record of its own; \
            and bare show ids (82 or "82"), whose show record is fetched first. A record with "_embedded" \
            lists gets its own image only; split such lists with --jq '._embedded.cast[]' upstream.

            Images are files under $XDG_CACHE_HOME/tvm/images (default ~/.cache/tvm/images), each named by \
            the SHA-256 of its URL and the extension of its format (.jpg, .png, .webp). A download must be a \
            200 with an image/* content type and a JPEG, PNG or WebP signature; anything else is retried, then \
            reported and never stored. When an image cannot be had (no network, say), the error is reported, \
            the record passes on with "_tvm.image": null, and the exit status says so at the end (69).

            Examples:
              tvm-fetch shows --page 0 | tvm-img > shows-with-posters.jsonl
              tvm-img 1 82 --path
              tvm-search girls | tvm-img --size original --path | xargs feh
              tvm-fetch show 1 --embed cast --jq '._embedded.cast[]' | tvm-img --character --preview
              tvm-fav list | tvm-img -j 8 --jq '{name, poster: ._tvm.image}'
              tvm-img cache info
              tvm-img cache prune --max-size 200M

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current,
        subcommands: [CacheCommand.self]
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

    @OptionGroup var network: NetworkOptions
    @OptionGroup var output: OutputOptions

    /// The `--size` values.
    enum SizeOption: String, ExpressibleByArgument, CaseIterable {
        case medium, original

        var imageSize: ImageSize { self == .medium ? .medium : .original }
    }

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("-j/--jobs must be between 1 and 64, got \(jobs)") }
        guard ids.allSatisfy({ $0 > 0 }) else { throw ValidationError("show ids are positive integers") }
        let formatted = output.jq != nil || output.format != .auto
        if path && (preview || formatted) {
            throw ValidationError("--path prints bare paths: it cannot be combined with --preview, --jq or --format")
        }
        if preview {
            guard !formatted else { throw ValidationError("--preview draws images: it cannot be combined with --jq or --format") }
            guard isatty(1) == 1 else {
                throw ValidationError(
                    "--preview draws on a terminal, but stdout is not one; use --path or the JSON Lines output in pipes")
            }
        }
    }

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-img", output: output)
        try await runtime.run {
            let cache = ImageCache(directory: runtime.directories.cache + "/images")
            try cache.prepare()
            let client = try runtime.makeClient(network, maxConnectionsPerHost: jobs, retryDialog: false)
            let mode: PosterOutput.Mode
            if path {
                mode = .paths
            } else if preview {
                mode = .preview
            } else {
                mode = .records(try await runtime.makeOutput(view: nil))
            }
            let job = PosterJob(
                fetcher: ImageFetcher(cache: cache, client: client), size: size.imageSize, preferCharacter: character,
                preview: preview ? PreviewBox.current(terminal: runtime.terminal) : nil)
            let out = PosterOutput(mode: mode, runtime: runtime)
            let ids = self.ids
            let source = PosterSource(client: client, counter: out.counter)
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
            try out.finish()
        }
    }
}
