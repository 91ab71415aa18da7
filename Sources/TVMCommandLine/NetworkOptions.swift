import ArgumentParser
import TVMRecords
import TVMazeAPI

/// The options of every tool that talks to the API: `--api-url`, `--timeout`, `--retries`.
package struct NetworkOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "The TVMaze API base URL, without a query or fragment (default: $TVM_API_URL, else "
                + "https://api.tvmaze.com). A user name and password in it (http://user:pw@host) go to the API as "
                + "basic authentication, never into messages or the cache.",
            valueName: "url")
    )
    package var apiURL: String?

    @Option(
        help: ArgumentHelp(
            "Connect and idle timeout, in seconds; each API request must also be answered whole within twice that.",
            valueName: "seconds"))
    package var timeout: Double = 30

    @Option(help: ArgumentHelp("Retries after a 429, a 5xx, a timeout or a lost connection.", valueName: "n"))
    package var retries: Int = 3

    @Flag(help: "Never touch the network: answer from the local cache, fresh or stale; a miss exits 69.")
    package var offline = false

    @Flag(
        name: [.customShort("v"), .long],
        help: "Add the network libraries' own descriptions to failure messages (for a bug report).")
    package var verbose = false

    @Flag(help: "Ask the network even for fresh cache entries (the cached copy still serves if the network fails).")
    package var refresh = false

    @Option(
        name: .customLong("cache-max"),
        help: ArgumentHelp(
            "Size cap of the HTTP cache's stored responses; least recently used entries go first, and a response "
                + "larger than the cap is not kept (it is still printed).",
            valueName: "size")
    )
    package var cacheMax = ByteSize(bytes: 256 << 20)

    /// Creates the options with their defaults.
    package init() {}

    /// Checks ranges.
    package func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError(
                "--timeout must be more than 0 and at most 3600 seconds, not \(String(format: "%g", timeout))")
        }
        guard (0...20).contains(retries) else { throw ValidationError("--retries must be between 0 and 20") }
        guard !(offline && refresh) else { throw ValidationError("--offline and --refresh cannot be used together") }
        if let apiURL, let problem = Self.problem(withBaseURL: apiURL, from: "--api-url") {
            throw ValidationError(problem)
        }
    }

    /// The API base URL from the flag, then `TVM_API_URL`, then the public API.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: The base URL to use.
    /// - Throws: ``APIError/invalidURL(_:)`` (a usage error, exit status 64) when the URL has a query or a
    ///   fragment: the endpoints' paths are appended to the base URL, so a `#` would turn every path into part
    ///   of the fragment and every request would go to the base URL itself.
    package func baseURL(environment: [String: String]) throws(APIError) -> String {
        if let apiURL, !apiURL.isEmpty {
            if let problem = Self.problem(withBaseURL: apiURL, from: "--api-url") { throw .invalidURL(problem) }
            return apiURL
        }
        if let value = environment["TVM_API_URL"], !value.isEmpty {
            if let problem = Self.problem(withBaseURL: value, from: "TVM_API_URL") { throw .invalidURL(problem) }
            return value
        }
        return "https://api.tvmaze.com"
    }

    /// The port a URL's authority names, as written (`8080`), or `nil` when it names none.
    static func port(in url: String) -> Substring? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let afterHost = hostAndPort.hasPrefix("[") ? hostAndPort.drop { $0 != "]" }.dropFirst() : hostAndPort
        guard let colon = afterHost.firstIndex(of: ":") else { return nil }
        return afterHost[afterHost.index(after: colon)...]
    }

    /// The URL with any user name and password in it replaced by `***`, for messages.
    static func redacted(_ url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound,
            let at = url[start...].prefix(while: { $0 != "/" }).lastIndex(of: "@")
        else { return url }
        return String(url[..<start]) + "***" + String(url[at...])
    }

    /// What is wrong with a base URL whose port is not a number from 0 to 65535, or that has a query (`?…`) or a
    /// fragment (`#…`); `nil` when it has none of these. Messages quote the URL without its user name and password.
    ///
    /// Neither `?` nor `#` can stand unencoded in a URL's scheme, host or path, so finding one is enough.
    static func problem(withBaseURL url: String, from source: String) -> String? {
        let shown = redacted(url)
        let named = source.hasPrefix("-") ? "\(source) \(shown)" : "\(source)=\(shown)"
        if let port = port(in: url), port.isEmpty || UInt16(port) == nil {
            return "\(named) names port '\(port)', which is not a port (0 to 65535); give the API's base URL, such "
                + "as https://api.tvmaze.com or http://127.0.0.1:8080"
        }
        let part: String
        if let start = url.firstIndex(of: "#") {
            part = "a fragment (\(url[start...]))"
        } else if let start = url.firstIndex(of: "?") {
            part = "a query (\(url[start...]))"
        } else {
            return nil
        }
        return "\(named) has \(part); give the API's base URL alone, scheme, host, optional port and "
            + "path, such as https://api.tvmaze.com or http://127.0.0.1:8080/api"
    }
}
