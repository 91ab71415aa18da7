import Foundation
import NIOConcurrencyHelpers
import TVMRecords
import TVMazeAPI

extension ToolRuntime {
    /// Makes the API client for the network options, wired to the retry dialog and to stderr notices.
    ///
    /// - Parameters:
    ///   - network: The network options.
    ///   - maxConnectionsPerHost: Connections kept per host (1 for the API).
    ///   - retryDialog: Whether a request that failed every retry may ask the original app specification's Retry/Cancel question
    ///     (only ever on a terminal). Tools that download concurrently and pass failures on turn it off, so
    ///     that several failures never ask at once.
    ///   - drawsOnTerminal: Whether the caller draws its own interface on the terminal (`tvm-search -i`): then
    ///     the retry dialog is never asked (failures reach the caller, which offers its own retry), and instead
    ///     of interrupting the interface, notices about the data (stale copies, a reset cache) are held and
    ///     written to stderr when ``run(_:)`` ends; retry and pacing notices are dropped.
    ///   - skipsUnreachableHosts: Whether, once a host refuses or cannot be reached on every attempt, the other
    ///     requests to it fail at once instead of each waiting out its retries (see `APIClient`).
    ///   - cached: Whether the client keeps answers in the HTTP cache; the account API's client does not.
    /// - Returns: The client.
    /// - Throws: ``APIError/invalidURL(_:)`` for a bad `--api-url` or `TVM_API_URL` (exit status 64).
    package func makeClient(
        _ network: NetworkOptions, maxConnectionsPerHost: Int = 1, retryDialog: Bool = true,
        drawsOnTerminal: Bool = false, skipsUnreachableHosts: Bool = false, cached: Bool = true
    ) throws -> APIClient {
        let baseURL = try network.baseURL(environment: terminal.environment)
        let session = networkSession
        let transport =
            context.transport?()
            ?? AsyncHTTPTransport(
                timeout: network.timeout,
                userAgent: Version.userAgent(tool: tool),
                maxConnectionsPerHost: maxConnectionsPerHost,
                environment: terminal.environment,
                verbose: network.verbose
            )
        session.transports.append(transport)
        let host = URL(string: baseURL)?.host ?? "api"
        let port = URL(string: baseURL)?.port.map { "_\($0)" } ?? ""
        var stateFile: String?
        if (try? XDGDirectories.ensure(directories.cache)) != nil {
            stateFile = directories.cache + "/ratelimit-\(host)\(port)"
        }
        let diagnostics = self.diagnostics
        let interactive = retryDialog && !drawsOnTerminal && terminal.stderrIsTTY
        let reporter = EventReporter(diagnostics: diagnostics)
        let heldEvents = session.heldEvents
        let report: @Sendable (APIEvent) -> Void = { event in
            guard drawsOnTerminal else { return reporter.report(event) }
            switch event {
            case .servedStale, .cacheReset, .hostSkipped: heldEvents.withLockedValue { $0.append(event) }
            case .retrying, .pacing: break
            }
        }
        let dialogCancelled = session.dialogCancelled
        return try APIClient(
            baseURL: baseURL,
            transport: transport,
            limiter: RateLimiter(
                limit: 20, window: 10, stateFile: stateFile, onUnshared: { diagnostics.warning($0) },
                clock: context.clock),
            policy: RetryPolicy(retries: network.retries),
            onEvent: report,
            onExhausted: { error in
                guard interactive else { return false }
                let retry = Prompt.retryDialog(cause: error.localizedDescription, diagnostics: diagnostics)
                if !retry { dialogCancelled.withLockedValue { $0 = true } }
                return retry
            },
            cache: cached ? HTTPCache(path: httpCachePath, maxBytes: network.cacheMax.bytes, onEvent: report) : nil,
            cacheMode: network.cacheMode,
            skipsUnreachableHosts: skipsUnreachableHosts,
            clock: context.clock
        )
    }

    /// The HTTP cache file, `$XDG_CACHE_HOME/tvm/http.sqlite`.
    package var httpCachePath: String { directories.cache + "/http.sqlite" }

    /// Reports an API error in the original app specification's words when it is a failed fetch.
    package func report(_ error: APIError) {
        if error.isFetchFailure && networkSession.dialogCancelled.withLockedValue({ $0 }) {
            diagnostics.error(error.localizedDescription)
        } else if error.isFetchFailure {
            // No one answered a question (no terminal, or the dialog was not shown): the original app specification's words without it.
            diagnostics.error("\(Prompt.fetchErrorTitle): \(Prompt.fetchErrorStatement)")
            diagnostics.error("cause: \(error.localizedDescription)")
            diagnostics.error("what to do: \(offersOffline ? Prompt.fetchErrorAdvice : Prompt.onlineFetchErrorAdvice)")
        } else {
            diagnostics.error(error.localizedDescription)
        }
        raise(ExitStatus.of(error))
    }

    /// The run's network state, made on first use.
    private var networkSession: NetworkSession {
        if let network { return network }
        let session = NetworkSession(diagnostics: diagnostics)
        network = session
        return session
    }
}

/// What the API clients of one run share: their connections, the retry dialog's answer, held notices.
final class NetworkSession {
    /// The clients' connection pools, shut down when the run ends.
    var transports: [any HTTPTransport] = []
    /// Set once the user has seen the retry dialog and chosen Cancel: the error is then not repeated in full.
    let dialogCancelled = NIOLockedValueBox(false)
    /// Notices held back while an interface owns the terminal (see `makeClient(_:drawsOnTerminal:)`).
    let heldEvents = NIOLockedValueBox<[APIEvent]>([])
    private let diagnostics: Diagnostics

    init(diagnostics: Diagnostics) {
        self.diagnostics = diagnostics
    }

    /// Shuts the connections down and writes the held notices, when the run ends.
    func finish() async {
        for transport in transports { await transport.shutdown() }
        transports.removeAll()
        let held = heldEvents.withLockedValue { events in
            defer { events.removeAll() }
            return events
        }
        let reporter = EventReporter(diagnostics: diagnostics)
        for event in held { reporter.report(event) }
    }
}

extension APIError: ReportedError {
    /// Reports the error in the original app specification's words when it is a failed fetch (``ToolRuntime/report(_:)``).
    package func report(to runtime: ToolRuntime) {
        runtime.report(self)
    }
}
