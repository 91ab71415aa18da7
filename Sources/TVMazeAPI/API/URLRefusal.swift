import Foundation
import TVMRecords

/// Why a download policy refuses to fetch a URL (see ``HostAllowList/refusal(for:)``).
public enum URLRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL's host (with its port, when not the scheme's default) is not on the allow-list; the value is the
    /// entry that would allow it, e.g. `169.254.169.254` or `127.0.0.1:8080`.
    case hostNotAllowed(String)
    /// The URL carries a user name or password (`http://user:pw@host/`).
    case userInfo
    /// The URL is not `http` or `https` (a redirect to `file:` or `ftp:`); the value is its scheme.
    case scheme(String)
    /// A redirect of an API request leads away from the API's own scheme, host and port; the value is that
    /// origin, e.g. `https://api.tvmaze.com`.
    case otherOrigin(String)
    /// The redirects go on past the limit (a loop, or a server misconfigured); the value is the limit.
    case tooManyRedirects(Int)

    /// Why, and what to do, e.g. `host 10.0.0.1 is not allowed; allow it with --allow-host 10.0.0.1`.
    public var description: String {
        switch self {
        case .hostNotAllowed(let host):
            return "host \(host) is not allowed; allow it with --allow-host \(host)"
        case .userInfo:
            return "URLs with a user name or password are never fetched"
        case .scheme(let scheme):
            return "only http and https URLs are fetched, not \(scheme.isEmpty ? "a relative URL" : scheme + ":")"
        case .otherOrigin(let origin):
            return "an API request follows redirects only within \(origin); check --api-url or TVM_API_URL"
        case .tooManyRedirects(let limit):
            return "it would be redirect number \(limit + 1), and at most \(limit) are followed (a redirect loop?)"
        }
    }

    /// A URL as it may be shown in a message: with its password, if any, replaced by `***`.
    ///
    /// - Parameter url: The URL, as text.
    /// - Returns: The same text, with the password of its userinfo hidden; read as text, so that a URL that does not
    ///   parse (`http://me:pw@[::1`) is hidden too.
    public static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authority = url[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return url
        }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
