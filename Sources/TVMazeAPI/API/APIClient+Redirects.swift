import Foundation
import TVMRecords

extension APIClient {
    /// GETs an API URL, following redirects (at most five) only within its own scheme, host and port: an answer
    /// from elsewhere, or over plain http after https, is never read as TVMaze's.
    ///
    /// - Parameters:
    ///   - url: The absolute URL.
    ///   - maxBytes: The most body bytes read from any answer.
    /// - Returns: The first answer that is not a redirect.
    /// - Throws: ``APIError/refused(url:redirectedFrom:reason:)`` for a redirect to another origin;
    ///   ``APIError/invalidURL(_:)`` for a `Location` that is not a URL; ``TransportFailure`` from the transport,
    ///   ``TransportFailure/tooLarge(maxBytes:)`` for a body over `maxBytes`.
    func getWithinOrigin(_ url: String, maxBytes: Int) async throws -> HTTPResponse {
        try await withinOrigin(
            url, status: \.status, location: { $0.header("location") },
            request: { [credentials] in try await transport.get($0, headers: credentials, maxBytes: maxBytes) })
    }

    /// ``getWithinOrigin(_:maxBytes:)`` that returns at the head of the answer, its body to be read as it arrives
    /// (``HTTPTransport/streamAnswer(_:headers:maxBytes:)``, within the same overall deadline).
    func streamWithinOrigin(_ url: String, maxBytes: Int) async throws -> HTTPStreamingResponse {
        try await withinOrigin(
            url, status: \.status, location: { $0.header("location") },
            request: { [credentials] in try await transport.streamAnswer($0, headers: credentials, maxBytes: maxBytes) }
        )
    }

    /// Sends `request` to `url`, then to each redirect's target within the same origin (at most five).
    func withinOrigin<Answer>(
        _ url: String, status: (Answer) -> Int, location: (Answer) -> String?,
        request: (String) async throws -> Answer
    ) async throws -> Answer {
        var current = url
        var redirects = 0
        while true {
            let response = try await request(current)
            guard [301, 302, 303, 307, 308].contains(status(response)), let location = location(response)
            else { return response }
            guard let from = URL(string: current), let to = URL(string: location, relativeTo: from)?.absoluteURL
            else {
                throw APIError.invalidURL("\(location) (the redirect from \(URLRefusal.redacted(current)))")
            }
            guard Self.isSameOrigin(from, to) else {
                throw APIError.refused(
                    url: to.absoluteString, redirectedFrom: current, reason: .otherOrigin(Self.origin(of: from)))
            }
            guard redirects < 5 else {
                throw APIError.refused(url: to.absoluteString, redirectedFrom: current, reason: .tooManyRedirects(5))
            }
            (current, redirects) = (to.absoluteString, redirects + 1)
        }
    }

    /// Whether two URLs share their scheme, host and port (a missing port is the scheme's default).
    static func isSameOrigin(_ from: URL, _ to: URL) -> Bool {
        origin(of: from) == origin(of: to)
    }

    /// `scheme://host:port`, lower-cased, with the scheme's default port spelled out.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// The most bytes one record (a show, an episode) may have (``RecordSize/max``). A larger one is refused as
    /// invalid data before it is parsed, cached or saved.
    public static let maxRecordBytes = RecordSize.max

    /// The most bytes any other API answer (an index page, a list, a schedule) may have: an index page of 250 shows
    /// is about 0.5 MB, the full updates list about 2.5 MB, the episode list of a show with 15,000 episodes about
    /// 12 MB. A larger answer is refused (``APIError/tooLarge(url:maxBytes:)``) without reading past it.
    public static let maxAnswerBytes = 32 * 1024 * 1024

    /// The most bytes read from the answer to `url`: ``maxRecordBytes`` for one record, else ``maxAnswerBytes``.
    static func maxBytes(recordID: Int?) -> Int {
        recordID == nil ? maxAnswerBytes : maxRecordBytes
    }

    /// Throws unless `body` is a JSON object whose `id` is `expected`: a redirect or a proxy must not store one
    /// show under another's id. A body over ``maxRecordBytes`` is ``APIError/tooLarge(url:maxBytes:)``.
    static func check(_ body: [UInt8], carries expected: Int, url: String) throws(APIError) {
        guard body.count <= maxRecordBytes else { throw .tooLarge(url: url, maxBytes: maxRecordBytes) }
        let raw = (try? RawJSON.value(forKey: "id", in: body)) ?? nil
        let found = raw.flatMap { RawJSON.integer($0) }
        guard found == expected else { throw .wrongRecord(url: url, expected: expected, found: found) }
    }
}
