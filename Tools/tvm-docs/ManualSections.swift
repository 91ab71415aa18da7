/// The manual sections that ArgumentParser's declarations cannot express: ENVIRONMENT, FILES, SEE ALSO and the
/// data credit. Kept here, in one place, for the five section-1 pages and the tvm(7) overview.
///
/// EXIT STATUS is not kept here: it is rendered from `ExitStatus`, the table the tools themselves use.
enum ManualSections {
    /// The tools of the kit, in the order their pages refer to each other.
    static let tools = ["tvm-fetch", "tvm-search", "tvm-fav", "tvm-episodes", "tvm-img"]

    /// One environment variable or file, and which tools read it (`nil`: every tool).
    struct Entry {
        var name: String
        var text: String
        var tools: Set<String>?

        func applies(to tool: String) -> Bool { tools?.contains(tool) ?? true }
    }

    /// Environment variables the tools read.
    static let environment: [Entry] = [
        Entry(
            name: "TVM_API_URL",
            text: "The TVMaze API base URL, when --api-url is not given (default https://api.tvmaze.com). "
                + "Like --api-url, it takes no query (?…) and no fragment (#…): either is a usage error.",
            tools: nil
        ),
        Entry(
            name: "TVM_DB",
            text: "The favorites database, when --db is not given (default $XDG_DATA_HOME/tvm/tvm.sqlite); "
                + "tvm-episodes reads its watched marks and kept episodes.",
            tools: ["tvm-fav", "tvm-episodes"]
        ),
        Entry(
            name: "TVM_NOW",
            text: "A testing aid: an ISO 8601 time (2019-01-16T12:00:00Z, or a day) that every \"now\" of the "
                + "tools uses instead of the system clock: what has aired, what is upcoming, the default of "
                + "tvm-fav watch --at, the times saved in the favorites database and the search history, a "
                + "calendar's DTSTAMP, the catalogue's age in tvm-fetch catalog info. Rate limits, retries and "
                + "cache ages keep the real clock. A malformed value "
                + "is a usage error.",
            tools: nil
        ),
        Entry(
            name: "TZ",
            text: "The time zone air times are shown in on a terminal (tvm-episodes, tvm-fav next), computed "
                + "from each episode's airstamp; JSON output keeps TVMaze's fields.",
            tools: ["tvm-fav", "tvm-episodes"]
        ),
        Entry(
            name: "TVM_CATALOG",
            text: "The show catalogue, when --catalog is not given (default $XDG_DATA_HOME/tvm/catalog.sqlite).",
            tools: ["tvm-fetch", "tvm-search"]
        ),
        Entry(
            name: "TVM_IMAGE_HOSTS",
            text: "More hosts tvm-img may fetch images from, comma-separated, each HOST (any port) or HOST:PORT, "
                + "as --allow-host takes them; static.tvmaze.com and the API's host and port are always allowed.",
            tools: ["tvm-img"]
        ),
        Entry(
            name: "XDG_DATA_HOME",
            text: "Where the favorites database and the show catalogue live, in a tvm folder (default ~/.local/share).",
            tools: ["tvm-fav", "tvm-episodes", "tvm-fetch", "tvm-search"]
        ),
        Entry(
            name: "XDG_CACHE_HOME",
            text: "Where the HTTP cache, the shared rate window and the posters live, in a tvm folder "
                + "(default ~/.cache).",
            tools: nil
        ),
        Entry(
            name: "XDG_STATE_HOME",
            text: "Where the search history lives, in a tvm folder (default ~/.local/state).",
            tools: ["tvm-search"]
        ),
        Entry(
            name: "HOME",
            text: "The base of the default folders above. The XDG variables are used only when they hold "
                + "absolute paths.",
            tools: nil
        ),
        Entry(
            name: "TVM_LIBJQ",
            text: "The libjq shared library that --jq opens on first use (default libjq.so.1, found as the "
                + "dynamic loader finds libraries). jq 1.6 or later.",
            tools: nil
        ),
        Entry(
            name: "NO_COLOR",
            text: "When set and not empty, no colour is used (as with --no-color).",
            tools: nil
        ),
        Entry(
            name: "TERM",
            text: "When dumb, no colour is used.",
            tools: nil
        ),
        Entry(
            name: "COLUMNS",
            text: "The width of tables and wrapped text when the terminal does not report one (default 80).",
            tools: nil
        ),
        Entry(
            name: "BROWSER",
            text:
                "The program that opens pages (tvm-fetch show --open); %s in it stands for the URL. Default: xdg-open.",
            tools: ["tvm-fetch"]
        ),
        Entry(
            name: "SSL_CERT_FILE",
            text: "A PEM file of the certificates to trust instead of the system's, as with curl and OpenSSL "
                + "(a company's own certificate authority, for example).",
            tools: nil
        ),
        Entry(
            name: "SSL_CERT_DIR",
            text: "Folders of PEM certificates to trust instead of the system's, separated by colons.",
            tools: nil
        ),
        Entry(
            name: "HTTPS_PROXY",
            text: "The proxy for HTTPS requests, as http://[user:password@]host:port (https_proxy is read first).",
            tools: nil
        ),
        Entry(
            name: "HTTP_PROXY",
            text: "The proxy for plain HTTP requests, such as to a local --api-url (http_proxy is read first).",
            tools: nil
        ),
        Entry(
            name: "NO_PROXY",
            text: "Comma-separated host names or domain suffixes reached without the proxy; * for all "
                + "(no_proxy is read first).",
            tools: nil
        ),
    ]

    /// Files the tools read and write.
    static let files: [Entry] = [
        Entry(
            name: "$XDG_DATA_HOME/tvm/tvm.sqlite",
            text: "The favorites (SQLite, WAL mode): each show's whole TVMaze record with its id, name and the "
                + "time it was added.",
            tools: ["tvm-fav"]
        ),
        Entry(
            name: "$XDG_DATA_HOME/tvm/catalog.sqlite",
            text: "The show catalogue (SQLite, WAL mode) that tvm-fetch catalog sync fills and tvm-search --local "
                + "reads: every show's TVMaze record, a full-text index, and where syncing stands. "
                + "catalog.sqlite.lock beside it keeps two syncs from writing at once.",
            tools: ["tvm-fetch", "tvm-search"]
        ),
        Entry(
            name: "$XDG_CACHE_HOME/tvm/http.sqlite",
            text: "The HTTP response cache (SQLite, with its WAL http.sqlite-wal) that answers --offline and "
                + "spares requests, its stored responses kept under --cache-max; tvm-fetch cache shows it, and "
                + "clears it, giving the space back.",
            tools: nil
        ),
        Entry(
            name: "$XDG_CACHE_HOME/tvm/ratelimit-HOST_PORT",
            text: "The send times of the last 20 requests to the API at HOST and PORT, shared under flock(2) by "
                + "every tvm process so that a whole pipeline keeps to TVMaze's limit of 20 calls in 10 seconds. "
                + "HOST and PORT are those the API URL names (ratelimit-127.0.0.1_8080); for a URL without a "
                + "port the name is ratelimit-HOST alone, ratelimit-api.tvmaze.com for the default API.",
            tools: nil
        ),
        Entry(
            name: "$XDG_CACHE_HOME/tvm/images/",
            text: "Downloaded posters, each named by a hash of its URL.",
            tools: ["tvm-img"]
        ),
        Entry(
            name: "$XDG_STATE_HOME/tvm/search-history.jsonl",
            text: "The last 10 successful searches, most recent first.",
            tools: ["tvm-search"]
        ),
    ]

    /// The TVmaze credit every page carries.
    static let credit =
        "TV data comes from TVmaze (https://www.tvmaze.com) through its public API, licensed CC BY-SA 4.0 "
        + "(https://creativecommons.org/licenses/by-sa/4.0/). Every record keeps its url back to TVmaze."

    /// The pages a tool's page refers to: tvm(7), the other tools, jq(1).
    static func seeAlso(for tool: String) -> [(name: String, section: Int)] {
        [("tvm", 7)] + tools.filter { $0 != tool }.map { ($0, 1) } + [("jq", 1)]
    }
}
