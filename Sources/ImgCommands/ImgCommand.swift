import ArgumentParser
import TVMCommandLine
import TVMRecords

/// `tvm-img`: posters (and episode stills, portraits) of records, downloaded once and kept in a local cache.
///
/// The work is done by the default subcommand, ``PostersCommand``, so that `tvm-img 1 82` and
/// `tvm-img cache info` both read naturally.
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
            200 with an image/* content type, a JPEG, PNG or WebP signature, and the end its format requires \
            (JPEG's end marker, PNG's IEND chunk, WebP's RIFF length), so that a body cut short is never \
            stored, even without a Content-Length; anything else is retried, then reported and never stored. \
            When an image cannot be had (no network, say), the error is reported, the record passes on with \
            "_tvm.image": null, and the exit status says so at the end (69). Once a host refuses, or cannot be \
            reached, on every attempt, the other images it serves are not tried in that run (each is still \
            reported), so that an offline run ends in seconds, with the cached ones.

            URLs in records are data, not instructions: images are fetched only from static.tvmaze.com and the \
            API's own host and port (--api-url, $TVM_API_URL), and redirects are followed only within those. \
            --allow-host HOST (any port) or HOST:PORT, repeatable, and $TVM_IMAGE_HOSTS (comma-separated) add \
            hosts. A URL with a user name or password is never fetched. A refused URL is reported with the \
            option that would allow it, its record passes on with "_tvm.image": null, and nothing is sent to it \
            (exit status 65). An image larger than --max-size (default 20M) is stopped while it downloads, \
            announced or not, and not retried (65); downloads go straight to a temporary file, never whole into \
            memory.

            Examples:
              tvm-fetch shows --page 0 | tvm-img > shows-with-posters.jsonl
              tvm-img 1 82 --path
              tvm-search girls | tvm-img --size original --path | xargs feh
              tvm-fetch show 1 --embed cast --jq '._embedded.cast[]' | tvm-img --preview
              tvm-fav list | tvm-img -j 8 --jq '{name, poster: ._tvm.image}'
              tvm-img --allow-host images.example.com --max-size 50M < mirror-records.jsonl
              tvm-img cache info
              tvm-img cache prune --max-size 200M

            Data: TVmaze (https://www.tvmaze.com), CC BY-SA 4.0.

            \(ExitStatus.table)
            """,
        version: Version.current,
        subcommands: [PostersCommand.self, CacheCommand.self],
        defaultSubcommand: PostersCommand.self
    )
}
