import Foundation

/// A special answer configured in `routes.json` in the fixtures root.
///
/// The file is a JSON object keyed by request target (path and `?query`, compared in normalised form; a key
/// ending in `*` matches every target starting with the rest). Each value holds `status`, optionally `file`
/// (a path relative to the fixtures root) or `body` (a literal string), optionally `headers`, and optionally a
/// `comment` (ignored; say there when a body was constructed rather than recorded).
///
/// ```json
/// { "/lookup/shows?imdb=tt1553656": { "status": 301, "headers": { "Location": "/shows/1" }, "body": "null" } }
/// ```
struct Route: Sendable, Equatable, Decodable {
    /// The HTTP status to answer.
    var status: Int
    /// A body file relative to the fixtures root.
    var file: String?
    /// A literal body.
    var body: String?
    /// Extra or overriding response headers.
    var headers: [String: String]?
    /// Free text for maintainers; not served.
    var comment: String?
}

/// The routes of a fixtures root, looked up by normalised request target.
struct RouteTable: Sendable {
    private var exact: [String: Route] = [:]
    private var prefixes: [(prefix: String, route: Route)] = []

    /// A table without routes.
    init() {}

    /// Loads `routes.json` from the fixtures root; a missing file gives an empty table.
    ///
    /// - Throws: ``ReplayServerError/invalidRoutes(path:reason:)`` for unreadable JSON, a bad status, a route with
    ///   both `file` and `body`, or a `file` that does not exist.
    init(fixturesRoot: URL) throws {
        let url = fixturesRoot.appendingPathComponent("routes.json")
        guard let data = FileManager.default.contents(atPath: url.path) else { return }
        let decoded: [String: Route]
        do {
            decoded = try JSONDecoder().decode([String: Route].self, from: data)
        } catch {
            throw ReplayServerError.invalidRoutes(path: url.path, reason: "not a JSON object of routes (\(error))")
        }
        for (key, route) in decoded.sorted(by: { $0.key < $1.key }) {
            try Self.validate(route, key: key, fixturesRoot: fixturesRoot, routesPath: url.path)
            if key.hasSuffix("*") {
                prefixes.append((RequestTarget(String(key.dropLast())).normalized, route))
            } else {
                exact[RequestTarget(key).normalized] = route
            }
        }
        prefixes.sort { $0.prefix.count > $1.prefix.count }
    }

    /// The route for a request: an exact key first, else the longest matching prefix key.
    func route(for target: RequestTarget) -> Route? {
        let normalized = target.normalized
        return exact[normalized] ?? prefixes.first { normalized.hasPrefix($0.prefix) }?.route
    }

    private static func validate(_ route: Route, key: String, fixturesRoot: URL, routesPath: String) throws {
        guard key.hasPrefix("/") else {
            throw ReplayServerError.invalidRoutes(path: routesPath, reason: "key '\(key)' must start with /")
        }
        guard (100...599).contains(route.status) else {
            throw ReplayServerError.invalidRoutes(path: routesPath, reason: "'\(key)' has status \(route.status)")
        }
        guard route.file == nil || route.body == nil else {
            throw ReplayServerError.invalidRoutes(path: routesPath, reason: "'\(key)' has both file and body")
        }
        if let file = route.file {
            let isInside = !file.hasPrefix("/") && !file.split(separator: "/").contains("..")
            guard isInside, FileManager.default.fileExists(atPath: fixturesRoot.appendingPathComponent(file).path)
            else {
                throw ReplayServerError.invalidRoutes(path: routesPath, reason: "'\(key)' names missing file '\(file)'")
            }
        }
    }
}
