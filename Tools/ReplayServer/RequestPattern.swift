/// Which requests a fault rule or a log query applies to.
///
/// A pattern is compared with the request target (path and query) both as received on the wire and in its
/// normalised form, where the query is percent-decoded, `+` means a space, `embed[]` is written `embed`, and
/// everything but letters, digits and `-._~` is re-encoded. So `.exact("/search/shows?q=squid%20game")` matches
/// `/search/shows?q=squid+game` too.
///
/// ```swift
/// server.addFault(.serverError(status: 503), matching: .prefix("/shows/1/"), times: 2)
/// #expect(server.log.count(matching: .exact("/shows?page=0")) == 1)
/// ```
public enum RequestPattern: Sendable, Hashable, CustomStringConvertible {
    /// Every request, including image requests under `/uploads/images/`.
    case any
    /// Requests whose target equals the string (path plus `?query`, if any).
    case exact(String)
    /// Requests whose target starts with the string.
    case prefix(String)

    /// Whether a request target, as received on the wire, matches this pattern.
    ///
    /// - Parameter target: The request target, e.g. `/shows?page=1`.
    /// - Returns: True when the raw or the normalised target matches.
    public func matches(_ target: String) -> Bool {
        switch self {
        case .any:
            return true
        case .exact(let expected):
            return target == expected || RequestTarget(target).normalized == RequestTarget(expected).normalized
        case .prefix(let start):
            if target.hasPrefix(start) {
                return true
            }
            // Keep a trailing separator that normalisation would drop, so "/shows?" does not match "/shows/1".
            let separator = start.last.map { $0 == "?" || $0 == "&" ? String($0) : "" } ?? ""
            return RequestTarget(target).normalized.hasPrefix(RequestTarget(start).normalized + separator)
        }
    }

    /// The pattern as written in a fault spec: `*`, `=TARGET` or `TARGET`.
    public var description: String {
        switch self {
        case .any: return "*"
        case .exact(let target): return "=" + target
        case .prefix(let start): return start
        }
    }
}
