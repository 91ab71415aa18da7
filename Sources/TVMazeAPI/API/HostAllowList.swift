import Foundation
import TVMRecords

/// The hosts that downloads may reach: each entry a host on any port, or a host on one port.
///
/// URLs found in records are data, not instructions: a record piped in from anywhere must not make a tool send
/// requests to the cloud metadata address, to another service on localhost, or to a host that a redirect names.
/// A URL is allowed when its host (compared without case, brackets or a final dot) and its port (the one it
/// gives, else 80 for `http` and 443 for `https`) match an entry, and it has no user name or password. Any other
/// host is refused, however its address is spelled.
///
/// ```swift
/// var hosts = HostAllowList([HostAllowList.tvmazeImages])
/// hosts.entries.append(try #require(HostAllowList.Entry(parsing: "127.0.0.1:8080")))
/// hosts.refusal(for: URL(string: "http://169.254.169.254/latest")!)
/// // .hostNotAllowed("169.254.169.254")
/// ```
public struct HostAllowList: Sendable, Equatable {
    /// One allowed host, on one port or on every port.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The host name or address, lower-cased, without brackets or a final dot.
        public var host: String
        /// The only port allowed, or `nil` for every port.
        public var port: Int?

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - host: The host name or address (normalised here).
        ///   - port: The only port allowed, or `nil` for every port.
        public init(host: String, port: Int? = nil) {
            self.host = HostAllowList.normalise(host)
            self.port = port
        }

        /// Reads `HOST`, `HOST:PORT`, an IPv6 address, or `[IPv6]:PORT`, as `--allow-host` takes them.
        ///
        /// - Parameter text: The entry, e.g. `images.example.com` or `127.0.0.1:8080`.
        /// - Returns: `nil` when the text is not a host with an optional port (a URL, a path, an empty string).
        public init?(parsing text: String) {
            let text = text.trimmingCharacters(in: .whitespaces)
            var host = Substring(text)
            var port: Int?
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                host = text[text.index(after: text.startIndex)..<close]
                let rest = text[text.index(after: close)...]
                if !rest.isEmpty {
                    guard rest.hasPrefix(":"), let value = Int(rest.dropFirst()) else { return nil }
                    port = value
                }
                guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                    return nil
                }
            } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
                host = text[..<colon]
                guard let value = Int(text[text.index(after: colon)...]) else { return nil }
                port = value
            }
            let nameCharacters = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }
            let bareIPv6 = host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
            guard !host.isEmpty, nameCharacters || bareIPv6, port.map({ (1...65_535).contains($0) }) ?? true else {
                return nil
            }
            self.init(host: String(host), port: port)
        }

        /// `host`, `host:port`, or `[v6]:port`, as ``init(parsing:)`` reads it.
        public var description: String {
            guard let port else { return host }
            return (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
        }

        func matches(host: String, port: Int) -> Bool {
            self.host == host && (self.port == nil || self.port == port)
        }
    }

    /// TVMaze's image host, `static.tvmaze.com`, on any port.
    public static let tvmazeImages = Entry(host: "static.tvmaze.com")

    /// The allowed hosts.
    public var entries: [Entry]

    /// Creates an allow-list.
    ///
    /// - Parameter entries: The allowed hosts.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The entry that allows exactly the origin of a URL: its host on its port (explicit, or the scheme's
    /// default), e.g. `127.0.0.1:8080` for `http://127.0.0.1:8080/shows` and `api.tvmaze.com:443` for
    /// `https://api.tvmaze.com`.
    ///
    /// - Parameter url: An absolute http or https URL.
    /// - Returns: The entry, or `nil` when the URL has no host or a scheme without a default port.
    public static func origin(of url: String) -> Entry? {
        guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty,
            let port = parsed.port ?? defaultPort(of: parsed.scheme)
        else { return nil }
        return Entry(host: host, port: port)
    }

    /// Why the URL may not be fetched, or `nil` when it may.
    ///
    /// - Parameter url: An absolute URL.
    /// - Returns: ``URLRefusal/scheme(_:)`` for anything but http and https, ``URLRefusal/userInfo`` for a URL
    ///   with a user name or password, ``URLRefusal/hostNotAllowed(_:)`` for a host (or port) not on the list.
    public func refusal(for url: URL) -> URLRefusal? {
        let scheme = url.scheme?.lowercased() ?? ""
        guard let defaultPort = Self.defaultPort(of: scheme) else { return .scheme(scheme) }
        guard url.user == nil, url.password == nil else { return .userInfo }
        let host = Self.normalise(url.host ?? "")
        let port = url.port ?? defaultPort
        guard entries.contains(where: { $0.matches(host: host, port: port) }) else {
            let entry = Entry(host: host, port: url.port.flatMap { $0 == defaultPort ? nil : $0 })
            return .hostNotAllowed(entry.description)
        }
        return nil
    }

    /// 80 for `http`, 443 for `https`, `nil` for anything else.
    private static func defaultPort(of scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// Lower case, without IPv6 brackets or the final dot of a fully qualified name.
    fileprivate static func normalise(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
