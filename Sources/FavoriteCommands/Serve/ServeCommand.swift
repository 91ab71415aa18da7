import ArgumentParser
import Foundation
import NIOCore
import TVMCommandLine
import TVMRecords
import TVMStore

#if canImport(Glibc)
    import Glibc
#endif

/// `tvm-fav serve`: the favorites' calendar, up next and changes over HTTP, for a phone or a calendar app.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the favorites' calendar (/calendar.ics), up next and changes over HTTP, read-only.",
        discussion: """
            Serves three feeds, read from the favorites database at each request: /calendar.ics (the episodes \
            airing in the next --days days, the same calendar as tvm-fav list | tvm-episodes --upcoming --format \
            ics, with REFRESH-INTERVAL and X-PUBLISHED-TTL of an hour), /next.json (tvm-fav next, as one JSON \
            array) and /changes.json (the change events of the last 30 days). Only GET and HEAD; each answer has \
            an ETag and a Last-Modified, so a client that polls gets 304 Not Modified until something changed. \
            Each request is logged on stderr (--quiet: none); the line saying where it serves is always \
            written, as --port 0 needs it.

            It listens on 127.0.0.1:8730. Any other address (--bind 0.0.0.0, for a phone on the same network) \
            needs --token: the paths then start with a secret, http://HOST:8730/SECRET/calendar.ics, kept in \
            $XDG_CONFIG_HOME/tvm/serve-token (mode 0600; made the first time; never printed). A wrong or \
            missing secret answers 404, and the log does not show what was tried. Long URLs (414), many \
            headers (431), other methods (405) and paths with .. or % (400) are refused; a client silent for \
            10 seconds, or sending a request for longer, is disconnected; at most --max-connections are open. \
            SIGTERM or SIGINT stops it: the requests being answered are finished, and the exit status is 0.

            Examples:
              tvm-fav serve
              tvm-fav serve --bind 0.0.0.0 --token
              curl -s http://127.0.0.1:8730/calendar.ics
            """
    )

    @Option(help: ArgumentHelp("The IP address to listen on, or localhost.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free port, said on stderr).", valueName: "port"))
    var port = 8730

    @Flag(help: "Require the secret saved in $XDG_CONFIG_HOME/tvm/serve-token (made the first time) in every path.")
    var token = false

    @Option(help: ArgumentHelp("How many days ahead /calendar.ics covers.", valueName: "n"))
    var days = 7

    @Option(help: ArgumentHelp("The most connections open at once.", valueName: "n"))
    var maxConnections = 64

    @OptionGroup var store: StoreOptions
    @OptionGroup var messages: MessageOptions

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError(
                "--port '\(port)' is not a port; give 1 to 65535, such as 8730, or 0 for any free port")
        }
        guard (1...366).contains(days) else { throw ValidationError("--days '\(days)' must be 1 to 366") }
        guard (1...10_000).contains(maxConnections) else {
            throw ValidationError("--max-connections '\(maxConnections)' must be 1 to 10000")
        }
        guard Self.isAddress(bind) else {
            throw ValidationError(
                "--bind '\(bind)' is not an IP address: give one such as 127.0.0.1, 0.0.0.0 (every IPv4 address), "
                    + ":: (every address) or localhost")
        }
        if !token && !Self.isLoopback(bind) {
            throw ValidationError(
                "--bind \(bind) lets other machines in: add --token, so that the paths need a secret "
                    + "(e.g. tvm-fav serve --bind \(bind) --token)")
        }
    }

    /// Whether the text is an IPv4 or IPv6 address, or localhost: a host name is not looked up to listen on.
    static func isAddress(_ text: String) -> Bool {
        var buffer = in6_addr()
        return text == "localhost" || inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// Whether an address only this machine reaches: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: messages.output) { access in
            let runtime = access.runtime
            let secret: String?
            if token {
                do {
                    let loaded = try ServeToken.load(configFolder: runtime.directories.config)
                    secret = loaded.token
                    if loaded.made {
                        runtime.diagnostics.note(
                            "made a secret for the paths: \(ServeToken.path(configFolder: runtime.directories.config))")
                    }
                } catch {
                    runtime.diagnostics.error(error.localizedDescription)
                    throw ExitCode(ExitStatus.ioError.rawValue)
                }
            } else {
                secret = nil
            }
            try await serve(access: access, secret: secret)
        }
    }

    private func serve(access: FavoritesAccess, secret: String?) async throws {
        let runtime = access.runtime
        let feeds = FeedCache(path: access.path, lockTimeout: store.lockTimeout, bodies: FeedBodies(days: days))
        let environment = runtime.terminal.environment
        _ = try runtime.now()
        let clock = { @Sendable () -> Date in (try? ToolClock.now(environment: environment)) ?? Date() }
        let quiet = messages.quiet
        let stderr = runtime.context.stderr
        let server = FeedServer(
            host: bind, port: port, token: secret, maximumConnections: maxConnections, readTimeout: .seconds(10),
            respond: { route in
                if case .refused(let status, let reason) = route { return .refusal(status, reason) }
                do {
                    let feed = try await feeds.feed(route, now: clock())
                    return .feed(feed.body, contentType: feed.contentType, modified: feed.modified, digest: feed.digest)
                } catch {
                    stderr("tvm-fav: error: \(error.localizedDescription)\n")
                    return .refusal(503, "the favorites database cannot be read now")
                }
            },
            log: { line in if !quiet { stderr("tvm-fav: " + line + "\n") } })
        let host = bind
        let task = Task {
            try await server.run { port in
                let prefix = secret == nil ? "" : "/SECRET"
                stderr(
                    "tvm-fav: serving http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(prefix)/calendar.ics\n"
                )
            }
        }
        let signals = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        do {
            try await task.value
        } catch {
            runtime.diagnostics.error("cannot serve on \(bind):\(port): \(Self.describe(error))")
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
    }

    /// NIO's socket error as a sentence: its errno's text, and what to do when the port is taken.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        let text = String(cString: strerror(error.errnoCode)).lowercased()
        guard error.errnoCode == EADDRINUSE else { return text }
        return text + " (another tvm-fav serve?); stop it or give another --port"
    }
}
