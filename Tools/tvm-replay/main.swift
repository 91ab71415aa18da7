import ArgumentParser
import Dispatch
import Foundation
import ReplayServer

/// `tvm-replay`: serve recorded TVMaze responses on 127.0.0.1 for benchmarks and shell tests.
struct TVMReplay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-replay",
        abstract: "Replay recorded TVMaze API responses on 127.0.0.1, with rate limiting and injected faults.",
        discussion: """
            Prints its base URL (http://127.0.0.1:PORT) as the first line of stdout once listening, \
            then serves until SIGTERM or SIGINT. On exit it writes a JSON summary (requestCount, \
            apiRequestCount, maxRequestsIn10Seconds, tooManyRequestsCount) to stdout, or to the --log file.

            FAULTS (--fault SPEC, repeatable; the first matching rule with uses left applies):

            \(FaultRule.specSyntax)

            EXAMPLES:
              tvm-replay --fixtures Tests/Fixtures/tvmaze --rate-limit 20/10 \\
                --synthetic-pages 60
              tvm-replay --fixtures Tests/Fixtures/tvmaze --fault '503@=/shows/1#2' \\
                --fault 'delay:500@/search/'
            """
    )

    @Option(help: "The folder of recorded responses (file path = API path), with its routes.json.")
    var fixtures: String

    @Option(help: "The loopback port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Refuse API requests beyond LIMIT/SECONDS with 429, e.g. 20/10 (TVMaze's limit).")
    var rateLimit: String?

    @Option(help: "Retry-After on rate-limit refusals: none, auto (seconds until a slot frees) or SECONDS.")
    var retryAfter: String = "none"

    @Option(help: "Serve /shows?page=N for N below K from the recorded pages with shifted ids; 404 from K on.")
    var syntheticPages: Int?

    @Option(help: "Delay every response by this many milliseconds.")
    var latencyMs: Int = 0

    @Option(help: "Inject a fault (see FAULTS below). Repeat for several rules.")
    var fault: [String] = []

    @Option(help: "Write the JSON summary to this file instead of stdout.")
    var log: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
        guard latencyMs >= 0 else { throw ValidationError("--latency-ms must be >= 0, got \(latencyMs)") }
        if let syntheticPages, syntheticPages < 0 {
            throw ValidationError("--synthetic-pages must be >= 0, got \(syntheticPages)")
        }
    }

    func run() async throws {
        var configuration = ReplayConfiguration(
            fixturesDirectory: URL(fileURLWithPath: fixtures), port: port, syntheticShowPages: syntheticPages,
            latency: .milliseconds(latencyMs))
        do {
            configuration.faults = try fault.map(FaultRule.init(spec:))
            if let rateLimit {
                configuration.rateLimit = try RateLimit(spec: rateLimit, retryAfter: try parsedRetryAfter())
            }
        } catch let error as ReplayServerError {
            throw ValidationError(error.localizedDescription)
        }
        let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
        // A closed stdout must not kill the server; writes report EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        let server = try await ReplayServer.start(configuration)
        try FileHandle.standardOutput.write(contentsOf: Data((server.baseURL + "\n").utf8))
        await signals.wait()
        await server.stop()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let summary = try encoder.encode(server.log.summary()) + Data("\n".utf8)
        if let log {
            try summary.write(to: URL(fileURLWithPath: log))
        } else {
            // Nobody left to read the summary (closed pipe): exit quietly.
            try? FileHandle.standardOutput.write(contentsOf: summary)
        }
    }

    private func parsedRetryAfter() throws -> RateLimit.RetryAfter {
        switch retryAfter {
        case "none": return .omitted
        case "auto": return .untilSlotFrees
        default:
            guard let seconds = Int(retryAfter), seconds >= 0 else {
                throw ValidationError("--retry-after must be none, auto or a number of seconds, got '\(retryAfter)'")
            }
            return .seconds(seconds)
        }
    }
}

/// Turns SIGINT/SIGTERM into an awaitable event (the default handlers are disabled while it exists).
final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]
    private let stream: AsyncStream<Void>

    init(signals: [Int32]) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let queue = DispatchQueue(label: "tvm-replay.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        self.stream = stream
    }

    /// Returns when the first of the signals arrives.
    func wait() async {
        for await _ in stream {
            return
        }
    }
}

/// Runs the command; inside an async function the async `main` of `AsyncParsableCommand` is chosen.
func runCommand() async {
    await TVMReplay.main(nil)
}

await runCommand()
