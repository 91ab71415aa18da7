import Foundation

/// The recorded responses under a fixtures root, found by the conventions of `MANIFEST.md`.
///
/// `/shows?page=N` is `shows/page-N.json`; a path without query is `PATH.json`; a path with a query is
/// `PATH/QUERY.json` or `PATH&QUERY.json`, where QUERY is tried canonically encoded (`q=squid%20game`,
/// `q=Pok%C3%A9mon`), minimally encoded, and with non-ASCII kept (`q=Pokémon`). Bodies are read once and
/// cached with their TVMaze URLs already rewritten.
final class FixtureStore: Sendable {
    /// The fixtures root.
    let root: URL
    /// The special answers from `routes.json`.
    let routes: RouteTable
    /// How many consecutive show pages, from page 0, were recorded.
    let recordedShowPages: Int
    private let cache = Locked<[String: [UInt8]]>([:])
    private let rewriter: URLRewriter

    /// Opens a fixtures root and loads its `routes.json`.
    ///
    /// - Throws: ``ReplayServerError/fixturesNotFound(path:)`` or ``ReplayServerError/invalidRoutes(path:reason:)``.
    init(root: URL, port: Int) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReplayServerError.fixturesNotFound(path: root.path)
        }
        self.root = root
        routes = try RouteTable(fixturesRoot: root)
        rewriter = URLRewriter(port: port)
        var pages = 0
        while FileManager.default.fileExists(atPath: root.appendingPathComponent("shows/page-\(pages).json").path) {
            pages += 1
        }
        recordedShowPages = pages
    }

    /// The relative paths that may hold the answer for a target, most specific first.
    static func candidateFiles(for target: RequestTarget) -> [String] {
        let path = String(target.path.dropFirst())
        guard target.isSafePath, !path.isEmpty, !path.hasSuffix("/") else { return [] }
        guard target.hasQuery else { return [path + ".json"] }
        var candidates: [String] = []
        if let page = target.soleParameter(named: "page"), !page.isEmpty, page.allSatisfy(\.isASCIIDigit) {
            candidates.append("\(path)/page-\(page).json")
        }
        let spellings = target.querySpellings
        candidates += spellings.map { "\(path)/\($0).json" }
        candidates += spellings.map { "\(path)&\($0).json" }
        return candidates
    }

    /// The first candidate file for a target that exists, as a relative path.
    func existingFile(for target: RequestTarget) -> String? {
        Self.candidateFiles(for: target).first { relative in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(relative).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }
    }

    /// The body of a file relative to the root with TVMaze URLs rewritten, or nil when it cannot be read.
    func body(ofFile relative: String) -> [UInt8]? {
        if let cached = cache.withLock({ $0[relative] }) {
            return cached
        }
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else {
            return nil
        }
        let body = rewriter.rewrite([UInt8](data))
        cache.withLock { $0[relative] = body }
        return body
    }

    /// Forgets every body read so far: the next request for a file reads it again from disk.
    func forgetBodies() {
        cache.withLock { $0.removeAll() }
    }

    /// A literal body or header value with TVMaze URLs rewritten.
    func rewritten(_ text: String) -> String {
        rewriter.rewrite(text)
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0-9.
    fileprivate var isASCIIDigit: Bool {
        isASCII && isNumber
    }
}
