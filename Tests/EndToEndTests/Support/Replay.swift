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
