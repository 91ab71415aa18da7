import Foundation
import TVMRecords

/// The proxy decision for one URL, from `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`.
///
/// Follows curl's reading of the variables: lower-case names win over upper-case ones (except that
/// `HTTP_PROXY` upper-case is honoured too), `NO_PROXY` is a comma-separated list of host names or domain
/// suffixes (`.example.com` or `example.com` both match `api.example.com`), and `*` disables proxying.
public struct ProxySettings: Sendable, Equatable {
    /// A proxy server to connect through.
    public struct Server: Sendable, Equatable, Hashable {
        /// The proxy host.
        public var host: String
        /// The proxy port.
        public var port: Int
        /// `user:password` for basic authentication, when the proxy URL carries it.
        public var credentials: String?

        /// The user name: `credentials` up to the first colon, or `nil` without credentials.
        public var username: String? {
            credentials.map { String($0.prefix { $0 != ":" }) }
        }

        /// The password: `credentials` after the first colon (empty when there is none), or `nil` without
        /// credentials.
        public var password: String? {
            credentials.map { credentials in
                credentials.firstIndex(of: ":").map { String(credentials[credentials.index(after: $0)...]) } ?? ""
            }
        }
    }

    private let environment: [String: String]

    /// Creates settings from an environment.
    ///
    /// - Parameter environment: Usually `ProcessInfo.processInfo.environment`.
    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The proxy to use for a URL, or `nil` to connect directly.
    ///
    /// - Parameters:
    ///   - scheme: `http` or `https`.
    ///   - host: The target host.
    /// - Returns: The proxy server, or `nil`.
    public func proxy(scheme: String, host: String) -> Server? {
        let names = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy", "HTTP_PROXY"]
        guard let value = names.lazy.compactMap({ self.environment[$0] }).first(where: { !$0.isEmpty }),
            !bypasses(host: host)
        else { return nil }
        return Self.parse(value)
    }

    /// Whether `NO_PROXY` exempts a host.
    ///
    /// - Parameter host: The target host.
    /// - Returns: `true` when the host must be reached directly.
    public func bypasses(host: String) -> Bool {
        let list = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        let target = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for raw in list.split(separator: ",") {
            var entry = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if entry == "*" { return true }
            if entry.hasPrefix("[") {
                // An IPv6 address in brackets, with or without a port: `[::1]`, `[::1]:8080`.
                guard let close = entry.firstIndex(of: "]") else { continue }
                entry = String(entry[entry.index(after: entry.startIndex)..<close])
            } else if let colon = entry.firstIndex(of: ":"), entry.filter({ $0 == ":" }).count == 1 {
                entry = String(entry[..<colon])
            }
            if entry.hasPrefix(".") { entry.removeFirst() }
            guard !entry.isEmpty else { continue }
            if target == entry || target.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// Parses `http://user:pass@host:port`, `host:port` or `host`.
    static func parse(_ value: String) -> Server? {
        var rest = Substring(value.trimmingCharacters(in: .whitespaces))
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var credentials: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            credentials = userInfo.isEmpty ? nil : String(userInfo).removingPercentEncoding
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest)
        var port = 1080
        if value.lowercased().hasPrefix("http://") { port = 80 }
        if value.lowercased().hasPrefix("https://") { port = 443 }
        if let colon = rest.lastIndex(of: ":"), let number = Int(rest[rest.index(after: colon)...]) {
            host = String(rest[..<colon])
            port = number
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        return Server(host: host, port: port, credentials: credentials)
    }
}
