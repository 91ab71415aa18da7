import Foundation
import ReplayServer

/// Shared helpers: the recorded fixtures, scratch fixture folders, and servers on them.
enum TestSupport {
    /// `Tests/Fixtures/tvmaze`, found from this file's path.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tvmaze")

    /// Runs `body` with a server on the fixtures (the recorded ones by default), then stops the server.
    ///
    /// The server's clock is a manual one by default: arrivals are stamped with an instant that moves only when a
    /// test advances it, so rate limits and window counts never depend on how fast a loaded machine sends the
    /// requests.
    @discardableResult
    static func withServer<Result>(
        fixtures: URL = fixtures, rateLimit: RateLimit? = nil, syntheticShowPages: Int? = nil,
        latency: Duration = .zero, faults: [FaultRule] = [], clock: ReplayClock = .manual(),
        _ body: (ReplayServer) async throws -> Result
    ) async throws -> Result {
        let server = try await ReplayServer.start(
            ReplayConfiguration(
                fixturesDirectory: fixtures, rateLimit: rateLimit, syntheticShowPages: syntheticShowPages,
                latency: latency, faults: faults, clock: clock))
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// The bytes of a recorded fixture file.
    static func fixture(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(relativePath)))
    }

    /// A fresh folder under the temporary directory holding the given files (relative path to contents).
    static func scratchFixtures(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("replay-tests-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    /// The show ids of a show-index page body.
    static func showIDs(_ body: [UInt8]) throws -> [Int] {
        let shows = try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]] ?? []
        return shows.compactMap { $0["id"] as? Int }
    }
}
