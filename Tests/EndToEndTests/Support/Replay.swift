import Foundation
import ReplayServer

/// Starts a replay server on the recorded fixtures and a sandbox pointed at it.
func startReplay(
    rateLimit: RateLimit? = nil,
    syntheticPages: Int? = nil,
    faults: [FaultRule] = []
) async throws -> (ReplayServer, Sandbox) {
    let server = try await ReplayServer.start(
        ReplayConfiguration(
            fixturesDirectory: Fixtures.root,
            rateLimit: rateLimit,
            syntheticShowPages: syntheticPages,
            faults: faults
        )
    )
    return (server, try Sandbox(apiURL: server.baseURL))
}

/// Runs `body` with a replay server on the recorded fixtures and a sandbox pointed at it, and stops the server
/// when `body` ends, however it ends.
func withReplay<Result>(
    rateLimit: RateLimit? = nil,
    syntheticPages: Int? = nil,
    faults: [FaultRule] = [],
    _ body: (ReplayServer, Sandbox) async throws -> Result
) async throws -> Result {
    let (server, sandbox) = try await startReplay(rateLimit: rateLimit, syntheticPages: syntheticPages, faults: faults)
    do {
        let result = try await body(server, sandbox)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
