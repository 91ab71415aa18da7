import Foundation

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// An ``HTTPTransport`` without sockets: answers each request with the next scripted step and records the calls.
///
/// When the script runs out, the last step is repeated (or, with an empty script, the connection is refused).
final class ScriptedTransport: HTTPTransport {
    /// One scripted answer.
    enum Step: Sendable {
        case respond(HTTPResponse)
        case fail(TransportFailure)

        /// A 200 (or other) response with a JSON body.
        static func json(_ body: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Step {
            .respond(HTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
        }

        /// A response with a status, optional headers and an optional body.
        static func status(_ status: Int, headers: [(name: String, value: String)] = [], body: String = "") -> Step {
            .respond(HTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
        }
    }

    /// One recorded request.
    struct Call: Sendable {
        var url: String
        var headers: [(name: String, value: String)]
        var method = "GET"
        var body: [UInt8] = []
    }

    private let state: LockedBox<(steps: [Step], calls: [Call], shutdowns: Int)>

    init(_ steps: [Step]) {
        state = LockedBox((steps, [], 0))
    }

    /// Every request made so far.
    var calls: [Call] { state.snapshot.calls }

    /// How many requests were made.
    var callCount: Int { state.snapshot.calls.count }

    /// Adds steps after the remaining ones.
    func append(_ steps: [Step]) {
        state.withLock { $0.steps += steps }
    }

    func get(_ url: String, headers: [(name: String, value: String)]) async throws(TransportFailure) -> HTTPResponse {
        try await answer(Call(url: url, headers: headers))
    }

    func send(_ request: HTTPRequest) async throws(TransportFailure) -> HTTPResponse {
        try await answer(Call(url: request.url, headers: request.headers, method: request.method, body: request.body))
    }

    private func answer(_ call: Call) async throws(TransportFailure) -> HTTPResponse {
        let step = state.withLock { state -> Step in
            state.calls.append(call)
            guard let first = state.steps.first else { return .fail(.unreachable("connection refused")) }
            if state.steps.count > 1 { state.steps.removeFirst() }
            return first
        }
        switch step {
        case .respond(let response): return response
        case .fail(let failure): throw failure
        }
    }

    func shutdown() async {
        state.withLock { $0.shutdowns += 1 }
    }
}
