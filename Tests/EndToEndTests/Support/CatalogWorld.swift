import Foundation
import ReplayServer

/// A small TVMaze for catalogue syncs, in a temporary fixtures folder: the recorded index pages (ids 1 to ~750),
/// every show alone at `/shows/{id}`, and `/updates/shows` in full and for a day, a week and a month.
///
/// A test changes shows, adds or removes some, then calls ``write()`` and the server's `reloadFixtures()`, and
/// the next sync sees the changed TVMaze. Records stay the compact text of the recordings; a change rewrites only
/// the `name` and `updated` members.
final class CatalogWorld: @unchecked Sendable {
    let root: URL
    /// Every show's record, by id.
    private(set) var records: [Int: String] = [:]
    /// What an index page holds for a show when it differs from the show alone (a page stale at the edge).
    private var pageCopies: [Int: String] = [:]
    /// Element text that replaces a show's record on its page (invalid JSON, say).
    private var pageElements: [Int: String] = [:]
    /// Shows no index page holds yet.
    private var offPage: Set<Int> = []

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-world-\(UUID().uuidString)")
        var page = 0
        while FileManager.default.fileExists(
            atPath: Fixtures.root.appendingPathComponent("shows/page-\(page).json").path)
        {
            let text = String(decoding: Fixtures.compact(try Fixtures.data("shows/page-\(page).json")), as: UTF8.self)
            for record in EpisodeFixtures.split(array: Substring(text)) { records[FavSupport.showID(record)] = record }
            page += 1
        }
        try write()
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// The ids, in order.
    var ids: [Int] { records.keys.sorted() }

    /// The ids on index page `page`.
    func ids(onPage page: Int) -> [Int] { ids.filter { $0 / 250 == page } }

    /// The name of show `id`.
    func name(of id: Int) -> String {
        let record = records[id] ?? ""
        guard let start = record.range(of: "\"name\":\"") else { return "" }
        return String(record[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Gives show `id` a new name and `updated` time, in the page and alone; with `staleOnPage`, its page keeps
    /// the old copy (as TVMaze's edge may serve an index page a day old).
    func change(_ id: Int, name: String, updated: Int, staleOnPage: Bool = false) {
        guard let old = records[id] else { return }
        if staleOnPage { pageCopies[id] = old }
        records[id] = Self.replacing(in: old, name: name, updated: updated)
    }

    /// Adds a show with a new id, a copy of show `template` renamed; with `onPage: false`, it is served alone and
    /// listed in the updates, but no index page holds it yet (TVMaze's edge serves a new page later).
    func add(_ id: Int, copying template: Int, name: String, updated: Int, onPage: Bool = true) {
        guard let old = records[template], let end = old.range(of: ",") else { return }
        records[id] = Self.replacing(in: "{\"id\":\(id)" + old[end.lowerBound...], name: name, updated: updated)
        if !onPage { offPage.insert(id) }
    }

    /// Removes a show from TVMaze: from its page, `/shows/{id}` and the updates lists.
    func remove(_ id: Int) {
        records[id] = nil
        pageCopies[id] = nil
    }

    /// Replaces show `id`'s element on its page with `text` (the show alone keeps its record).
    func replaceOnPage(_ id: Int, with text: String) {
        pageElements[id] = text
    }

    /// Writes every file.
    func write() throws {
        let manager = FileManager.default
        try? manager.removeItem(at: root)
        for folder in ["shows", "updates/shows"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let pages = Dictionary(grouping: ids.filter { !offPage.contains($0) }) { $0 / 250 }
        for (page, ids) in pages {
            let elements = ids.map { pageElements[$0] ?? pageCopies[$0] ?? records[$0]! }
            try save("[" + elements.joined(separator: ",") + "]", "shows/page-\(page).json")
        }
        for (id, record) in records { try save(record, "shows/\(id).json") }
        let now = Int(Date().timeIntervalSince1970)
        let windows: [(String?, Int)] = [(nil, 0), ("day", 86_400), ("week", 7 * 86_400), ("month", 30 * 86_400)]
        for (name, seconds) in windows {
            let listed = ids.compactMap { id -> String? in
                let time = Self.updated(records[id]!)
                return name == nil || time >= now - seconds ? "\"\(id)\":\(time)" : nil
            }
            let body = "{" + listed.joined(separator: ",") + "}"
            try save(body, name.map { "updates/shows/since=\($0).json" } ?? "updates/shows.json")
        }
    }

    private func save(_ text: String, _ path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    static func updated(_ record: String) -> Int {
        guard let start = record.range(of: "\"updated\":") else { return 0 }
        return Int(record[start.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    private static func replacing(in record: String, name: String, updated: Int) -> String {
        var text = record
        if let start = text.range(of: "\"name\":\""),
            let end = text[start.upperBound...].firstIndex(of: "\"")
        {
            text.replaceSubrange(start.upperBound..<end, with: name)
        }
        if let start = text.range(of: "\"updated\":") {
            let digits = text[start.upperBound...].prefix { $0.isNumber }
            text.replaceSubrange(start.upperBound..<digits.endIndex, with: String(updated))
        }
        return text
    }
}

extension Sandbox {
    /// The catalogue file of the sandbox.
    var catalog: URL { dataHome.appendingPathComponent("tvm/catalog.sqlite") }

    /// `tvm-fetch catalog info` as JSON.
    func catalogInfo() async throws -> [String: Any] {
        let info = try await run("tvm-fetch", ["catalog", "info"])
        return (try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]) ?? [:]
    }
}

/// Starts a replay server on a catalogue world.
func startCatalogReplay(_ world: CatalogWorld, latency: Duration = .zero) async throws -> (ReplayServer, Sandbox) {
    let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: world.root, latency: latency))
    return (server, try Sandbox(apiURL: server.baseURL))
}
