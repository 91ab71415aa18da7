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

extension Fixtures {
    /// The show ids, in order, of the index pages 0..<`pages` a replay server started with `syntheticPages` serves:
    /// page N is recorded page N % R (of R recorded pages) with every show id moved up by 250 * (N - N % R), so
    /// page N holds ids from 250N on, like the real index.
    static func syntheticShowIDs(pages: Int) throws -> [Int] {
        var recorded: [[Int]] = []
        while FileManager.default.fileExists(
            atPath: root.appendingPathComponent("shows/page-\(recorded.count).json").path)
        {
            let shows = try elements("shows/page-\(recorded.count).json", baseURL: "http://127.0.0.1:9")
            recorded.append(shows.map(FavSupport.showID))
        }
        guard !recorded.isEmpty else { throw CocoaError(.fileNoSuchFile) }
        var ids: [Int] = []
        for page in 0..<pages {
            let source = page % recorded.count
            ids += recorded[source].map { $0 + 250 * (page - source) }
        }
        return ids
    }
}
