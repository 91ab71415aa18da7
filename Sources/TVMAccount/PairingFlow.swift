import Foundation

/// The pairing flow: start, then poll no faster than every `interval` until confirmed or `limit` passes.
///
/// The waits go through `sleep`, so tests run it without waiting; the commands use `Task.sleep`. Events tell the
/// caller what to show: the start, a countdown to the next poll once a second, a back-off.
public struct PairingFlow: Sendable {
    /// What the flow reports while it runs.
    public enum Event: Sendable, Equatable {
        /// The request was made; TVMaze e-mailed the link, or `confirmURL` is to be opened.
        case started(confirmURL: String)
        /// `seconds` until the next poll, `remaining` seconds until the flow gives up.
        case countdown(seconds: Int, remaining: Int)
        /// TVMaze said to slow down (429); the next attempt is in `seconds`.
        case backingOff(seconds: Int)
    }

    /// The shortest time between polls: 10 s, as TVMaze asks.
    public var interval: Duration
    /// How long to wait for the confirmation: 10 minutes.
    public var limit: Duration
    /// Waits; throws `CancellationError` when the task is cancelled (Ctrl-C).
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a flow.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between polls.
    ///   - limit: How long to wait in all.
    ///   - sleep: How to wait.
    public init(
        interval: Duration = .seconds(10), limit: Duration = .seconds(600),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.interval = interval
        self.limit = limit
        self.sleep = sleep
    }

    /// Runs the flow to its end.
    ///
    /// - Parameters:
    ///   - client: A client without credentials.
    ///   - email: The account's e-mail address.
    ///   - sendsEmail: Whether TVMaze e-mails the link (else the confirmation URL is reported).
    ///   - onEvent: Receives the events.
    /// - Returns: The credentials TVMaze gave.
    /// - Throws: ``AccountError/pairingTimedOut(minutes:)``, ``AccountError/pairingGone``, the errors of the
    ///   calls, `CancellationError`.
    public func run(
        client: AccountClient, email: String, sendsEmail: Bool, onEvent: (Event) -> Void
    ) async throws -> Credentials {
        var elapsed = Duration.zero
        var backoff = interval
        var token: String?
        while token == nil {
            switch try await client.startPairing(email: email, sendsEmail: sendsEmail) {
            case .started(let started, let confirmURL):
                token = started
                onEvent(.started(confirmURL: confirmURL))
            case .tooMany(let retryAfter):
                let pause = retryAfter.map { Duration.seconds($0) } ?? backoff
                backoff = min(backoff * 2, .seconds(120))
                try await wait(pause, &elapsed, countdown: false, onEvent: onEvent)
            }
        }
        guard let token else { throw AccountError.pairingGone }
        backoff = interval
        while true {
            try await wait(interval, &elapsed, countdown: true, onEvent: onEvent)
            switch try await client.poll(token: token) {
            case .waiting:
                backoff = interval
            case .confirmed(let credentials):
                return credentials
            case .gone:
                throw AccountError.pairingGone
            case .tooFast(let retryAfter):
                backoff = min(backoff * 2, .seconds(120))
                let extra = max(retryAfter.map { Duration.seconds($0) } ?? .zero, backoff - interval)
                try await wait(extra, &elapsed, countdown: false, onEvent: onEvent)
            }
        }
    }

    /// Waits `duration` a second at a time (counting down when asked), and gives up past the limit.
    private func wait(
        _ duration: Duration, _ elapsed: inout Duration, countdown: Bool, onEvent: (Event) -> Void
    ) async throws {
        if !countdown, duration > .zero { onEvent(.backingOff(seconds: Self.seconds(duration))) }
        var left = duration
        while left > .zero {
            guard elapsed < limit else {
                throw AccountError.pairingTimedOut(minutes: max(1, Self.seconds(limit) / 60))
            }
            if countdown {
                onEvent(.countdown(seconds: Self.seconds(left), remaining: Self.seconds(limit - elapsed)))
            }
            let step = min(left, .seconds(1), limit - elapsed)
            try await sleep(step)
            left -= step
            elapsed += step
        }
        guard elapsed <= limit else { throw AccountError.pairingTimedOut(minutes: max(1, Self.seconds(limit) / 60)) }
    }

    /// Whole seconds, rounded up.
    static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
