import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import TVMazeKit

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of a tool shares: streams, messages, the API client, the exit status so far.
///
/// Every command builds one in `run()`, does its work inside ``run(_:)``, and lets it turn errors into the
/// exit-code table. Used from the command's task only.
public final class ToolRuntime {
    /// The tool's name, e.g. `tvm-fetch`.
    public let tool: String
    /// The terminals and environment.
    public let terminal: Terminal
    /// Messages on stderr.
    public let diagnostics: Diagnostics
    /// The XDG folders.
    public let directories: XDGDirectories
    /// The output options.
    public let outputOptions: OutputOptions
    /// The most serious status met so far; the process exits with it.
    public private(set) var status: ExitStatus = .ok
    private var transport: AsyncHTTPTransport?
    private var engine: JQEngine?
    private var outputs: [RecordOutput] = []
    /// Set once the user has seen the retry dialog and chosen Cancel: the error is then not repeated in full.
    private let dialogCancelled = NIOLockedValueBox(false)
    /// Notices held back while an interface owns the terminal (see `makeClient(_:drawsOnTerminal:)`).
    private let heldEvents = NIOLockedValueBox<[APIEvent]>([])

    /// Sets up a run.
    ///
    /// - Parameters:
    ///   - tool: The tool name used in messages.
    ///   - output: The shared output options.
    public init(tool: String, output: OutputOptions) {
        signal(SIGPIPE, SIG_IGN)
        self.tool = tool
        self.terminal = Terminal.current()
        self.outputOptions = output
        self.diagnostics = Diagnostics(
            tool: tool,
            color: terminal.stderrColor(noColorFlag: output.noColor),
            quiet: output.quiet
        )
        self.directories = XDGDirectories(environment: terminal.environment)
    }

    /// Raises the exit status to `status` if that is more serious than the current one.
    ///
    /// - Parameter status: A status earned by part of the work.
    public func raise(_ status: ExitStatus) {
        self.status = max(self.status, status)
    }

    /// Makes the API client for the network options, wired to the retry dialog and to stderr notices.
    ///
    /// - Parameters:
    ///   - network: The network options.
    ///   - maxConnectionsPerHost: Connections kept per host (1 for the API).
    ///   - retryDialog: Whether a request that failed every retry may ask the seeds' Retry/Cancel question
    ///     (only ever on a terminal). Tools that download concurrently and pass failures on turn it off, so
    ///     that several failures never ask at once.
    ///   - drawsOnTerminal: Whether the caller draws its own interface on the terminal (`tvm-search -i`): then
    ///     the retry dialog is never asked (failures reach the caller, which offers its own retry), and instead
    ///     of interrupting the interface, notices about the data (stale copies, a reset cache) are held and
    ///     written to stderr when ``run(_:)`` ends; retry and pacing notices are dropped.
    /// - Returns: The client.
    /// - Throws: ``APIError/invalidURL(_:)`` for a bad `--api-url`.
    public func makeClient(
        _ network: NetworkOptions, maxConnectionsPerHost: Int = 1, retryDialog: Bool = true,
        drawsOnTerminal: Bool = false
    ) throws -> APIClient {
        let transport = AsyncHTTPTransport(
            timeout: network.timeout,
            userAgent: Version.userAgent(tool: tool),
            maxConnectionsPerHost: maxConnectionsPerHost,
            environment: terminal.environment
        )
        self.transport = transport
        let baseURL = network.baseURL(environment: terminal.environment)
        let host = URL(string: baseURL)?.host ?? "api"
        let port = URL(string: baseURL)?.port.map { "_\($0)" } ?? ""
        var stateFile: String?
        if (try? XDGDirectories.ensure(directories.cache)) != nil {
            stateFile = directories.cache + "/ratelimit-\(host)\(port)"
        }
        let diagnostics = self.diagnostics
        let interactive = retryDialog && !drawsOnTerminal && terminal.stdinIsTTY && terminal.stderrIsTTY
        let reporter = EventReporter(diagnostics: diagnostics)
        let report: @Sendable (APIEvent) -> Void = { [heldEvents] event in
            guard drawsOnTerminal else { return reporter.report(event) }
            switch event {
            case .servedStale, .cacheReset: heldEvents.withLockedValue { $0.append(event) }
            case .retrying, .pacing: break
            }
        }
        return try APIClient(
            baseURL: baseURL,
            transport: transport,
            limiter: RateLimiter(limit: 20, window: 10, stateFile: stateFile),
            policy: RetryPolicy(retries: network.retries),
            onEvent: report,
            onExhausted: { [dialogCancelled] error in
                guard interactive else { return false }
                let retry = Prompt.retryDialog(cause: error.localizedDescription, diagnostics: diagnostics)
                if !retry { dialogCancelled.withLockedValue { $0 = true } }
                return retry
            },
            cache: HTTPCache(path: httpCachePath, maxBytes: network.cacheMax.bytes, onEvent: report),
            cacheMode: network.cacheMode
        )
    }

    /// The HTTP cache file, `$XDG_CACHE_HOME/tvm/http.sqlite`.
    public var httpCachePath: String { directories.cache + "/http.sqlite" }

    /// Makes the record writer for standard output, compiling `--jq` once.
    ///
    /// - Parameter view: How records look on a terminal, or `nil` for JSON Lines everywhere.
    /// - Returns: The writer.
    /// - Throws: `JQError` when the filter does not compile.
    public func makeOutput(view: (any TerminalView)?) async throws -> RecordOutput {
        if let program = outputOptions.jq {
            var arguments: [String: JQArgument] = [:]
            for binding in outputOptions.bindings {
                arguments[binding.name] = binding.isJSON ? .json(binding.value) : .string(binding.value)
            }
            engine = try await JQEngine(program: program, arguments: arguments)
        }
        let interactive = terminal.stdoutIsTTY
        let output = RecordOutput(
            format: outputOptions.format,
            view: view,
            jq: engine,
            sink: FileDescriptorSink(fileDescriptor: 1, flushesEveryLine: interactive),
            terminal: terminal,
            color: terminal.stdoutColor(noColorFlag: outputOptions.noColor),
            diagnostics: diagnostics
        )
        outputs.append(output)
        return output
    }

    /// Runs a command's work and ends the process with the exit-code table's status.
    ///
    /// - Parameter body: The work; it may throw any error, which is reported and mapped to a status.
    /// - Throws: `ExitCode` for ArgumentParser to end the process with.
    public func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            handle(error)
        }
        await transport?.shutdown()
        transport = nil
        let held = heldEvents.withLockedValue { events in
            defer { events.removeAll() }
            return events
        }
        let reporter = EventReporter(diagnostics: diagnostics)
        for event in held { reporter.report(event) }
        if outputs.contains(where: \.filterFailed) { raise(.usage) }
        if status != .ok { throw ExitCode(status.rawValue) }
    }

    /// Reports an error on stderr and raises the status it earns.
    ///
    /// - Parameter error: Any error a command met.
    public func handle(_ error: any Error) {
        switch error {
        case let error as APIError:
            report(error)
        case let error as JQError:
            diagnostics.error("--jq: \(error.localizedDescription)")
            raise(.usage)
        case let halt as FilterHalt:
            // Like jq: the halt's own status ends the run, even one outside the table.
            exit(halt.status)
        case JSONLinesError.brokenPipe:
            // The reader went away (`| head -1`): stop quietly, as ripgrep does.
            exit(status == .ok ? 0 : status.rawValue)
        case let error as JSONLinesError:
            diagnostics.error(error.localizedDescription)
            raise(.ioError)
        case let error as ExitCode:
            raise(ExitStatus(rawValue: error.rawValue) ?? .usage)
        default:
            diagnostics.error(error.localizedDescription)
            raise(.ioError)
        }
    }

    /// Reports an API error in the seeds' words when it is a failed fetch.
    ///
    /// - Parameter error: The error.
    public func report(_ error: APIError) {
        if error.isFetchFailure && dialogCancelled.withLockedValue({ $0 }) {
            diagnostics.error(error.localizedDescription)
        } else if error.isFetchFailure {
            diagnostics.error("\(Prompt.fetchErrorTitle): \(Prompt.fetchErrorMessage)")
            diagnostics.error("cause: \(error.localizedDescription)")
        } else {
            diagnostics.error(error.localizedDescription)
        }
        raise(ExitStatus.of(error))
    }
}
