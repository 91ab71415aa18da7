/// What `tvm-fav serve` makes of a request line: a feed to answer with, or the status that refuses it.
enum FeedRoute: Hashable, Sendable {
    /// `/calendar.ics`: the favorites' upcoming episodes.
    case calendar
    /// `/next.json`: up next.
    case next
    /// `/changes.json`: the recent changes.
    case changes
    /// Refused with this status and reason; `logged` is the path to log (never the token).
    case refused(status: Int, reason: String)

    /// The longest request target answered; longer ones get 414.
    static let maximumTargetLength = 1_024
    /// The most header lines answered; more get 431.
    static let maximumHeaderCount = 64

    /// Reads a request.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - target: The request target (path and query).
    ///   - headerCount: How many header lines it has.
    ///   - token: The secret the path must start with, or `nil` when none is required.
    init(method: String, target: String, headerCount: Int, token: String?) {
        guard target.utf8.count <= Self.maximumTargetLength else {
            self = .refused(status: 414, reason: "URI too long")
            return
        }
        guard headerCount <= Self.maximumHeaderCount else {
            self = .refused(status: 431, reason: "too many header fields")
            return
        }
        guard method == "GET" || method == "HEAD" else {
            self = .refused(status: 405, reason: "method not allowed (GET and HEAD only)")
            return
        }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard path.hasPrefix("/"), !path.contains("\\"), !path.contains("%"), !path.contains("//") else {
            self = .refused(status: 400, reason: "bad path")
            return
        }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            self = .refused(status: 400, reason: "bad path")
            return
        }
        if let token {
            guard let first = segments.first, Self.same(String(first), token) else {
                self = .refused(status: 404, reason: "wrong or missing token")
                return
            }
            segments = segments.dropFirst()
        }
        switch segments.joined(separator: "/") {
        case "calendar.ics": self = .calendar
        case "next.json": self = .next
        case "changes.json": self = .changes
        default: self = .refused(status: 404, reason: "no such feed")
        }
    }

    /// The path to log: the feed's name, never what stood where the token goes.
    var logged: String {
        switch self {
        case .calendar: return "calendar.ics"
        case .next: return "next.json"
        case .changes: return "changes.json"
        case .refused(_, let reason): return "(\(reason))"
        }
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func same(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8)
        let rhs = Array(expected.utf8)
        var difference = UInt8(lhs.count == rhs.count ? 0 : 1)
        for index in 0..<rhs.count { difference |= (index < lhs.count ? lhs[index] : 0) ^ rhs[index] }
        return difference == 0
    }
}
