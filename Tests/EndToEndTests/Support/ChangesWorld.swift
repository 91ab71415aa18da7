import Foundation
import ReplayServer

/// A small TVMaze for change-feed tests, in a temporary fixtures folder: each show at `/shows/{id}`, with its
/// episodes at `/shows/{id}?embed=episodes` (regular ones, as TVMaze embeds them) and at
/// `/shows/{id}/episodes?specials=1`, and `/updates/shows?since=day|week|month`.
///
/// A test builds version A, serves it, changes shows and episodes into version B, calls ``write()`` and the
/// server's `reloadFixtures()`, and the next refresh sees version B.
final class ChangesWorld: @unchecked Sendable {
    let root: URL
    /// Show records by id (JSON objects).
    var shows: [Int: [String: Any]] = [:]
    /// Episode lists by show id, in TVMaze's order.
    var episodes: [Int: [[String: Any]]] = [:]
    /// What `/updates/shows?since=…` lists: show id → Unix time.
    var updates: [Int: Int] = [:]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-changes-\(UUID().uuidString)")
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The recorded Under the Dome (show 1) and its 39 recorded episodes (3 seasons, no specials).
    static func underTheDome() throws -> (show: [String: Any], episodes: [[String: Any]]) {
        let show = try JSONSerialization.jsonObject(with: Data(try Fixtures.data("shows/1.json"))) as? [String: Any]
        let list = try JSONSerialization.jsonObject(with: Data(try Fixtures.data("shows/1/episodes.json")))
        return (show ?? [:], list as? [[String: Any]] ?? [])
    }

    /// Writes every file.
    func write() throws {
        let manager = FileManager.default
        try? manager.removeItem(at: root)
        try manager.createDirectory(at: root.appendingPathComponent("updates/shows"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent("routes.json"))
        for (id, show) in shows {
            let folder = root.appendingPathComponent("shows/\(id)/episodes")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.json(show).write(to: root.appendingPathComponent("shows/\(id).json"))
            let list = episodes[id] ?? []
            try Self.json(list).write(to: folder.appendingPathComponent("specials=1.json"))
            var embedded = show
            let regular = list.filter { $0["number"] is Int }
            // TVMaze leaves an empty embed out.
            if !regular.isEmpty { embedded["_embedded"] = ["episodes": regular] }
            try Self.json(embedded).write(to: root.appendingPathComponent("shows/\(id)/embed=episodes.json"))
        }
        let times = Dictionary(uniqueKeysWithValues: updates.map { (String($0.key), $0.value) })
        for window in ["day", "week", "month"] {
            try Self.json(times).write(to: root.appendingPathComponent("updates/shows/since=\(window).json"))
        }
    }

    /// Runs `body` with a replay server on this world and a sandbox pointed at it.
    func serve<Result>(
        faults: [FaultRule] = [], _ body: (ReplayServer, Sandbox) async throws -> Result
    ) async throws -> Result {
        let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: root, faults: faults))
        do {
            let result = try await body(server, try Sandbox(apiURL: server.baseURL))
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func json(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}

extension ReplayServer {
    /// The targets of the requests served so far.
    var targets: [String] { log.requests.map(\.target) }
}
