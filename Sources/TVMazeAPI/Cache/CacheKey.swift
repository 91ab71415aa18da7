import TVMRecords

/// Normalises URLs into cache keys.
public enum CacheKey {
    /// The key for a URL: scheme and host lower-cased, default ports dropped, query items sorted by name
    /// (keeping the order of repeated names), fragment dropped.
    ///
    /// - Parameter url: An absolute URL as the client builds it.
    /// - Returns: The key.
    public static func normalise(_ url: String) -> String {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        guard let schemeEnd = rest.range(of: "://") else { return String(rest) }
        let scheme = rest[..<schemeEnd.lowerBound].lowercased()
        rest = rest[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        if scheme == "http", authority.hasSuffix(":80") { authority.removeLast(3) }
        if scheme == "https", authority.hasSuffix(":443") { authority.removeLast(4) }
        rest = rest[authorityEnd...]
        var path = rest
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            path = rest[..<mark]
            query = rest[rest.index(after: mark)...]
        }
        let items = query.split(separator: "&").enumerated().sorted { lhs, rhs in
            let left = lhs.element.split(separator: "=", maxSplits: 1).first ?? ""
            let right = rhs.element.split(separator: "=", maxSplits: 1).first ?? ""
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
        let normalisedPath = path.isEmpty ? "/" : String(path)
        return "\(scheme)://\(authority)\(normalisedPath)" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
