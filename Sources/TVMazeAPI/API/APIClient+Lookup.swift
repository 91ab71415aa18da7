import Foundation
import TVMRecords

extension APIClient {
    /// The TVMaze show id for another service's id, read from the `Location` of the lookup's 301 without
    /// following it: one request, paced and retried like ``fetch(_:)``, past the response cache.
    ///
    /// - Parameter lookup: TheTVDB, IMDb or TVRage id.
    /// - Returns: The show id; `nil` when TVMaze knows no show for it (404).
    /// - Throws: ``APIError`` when TVMaze cannot answer, or answers a redirect to something else than a show, or
    ///   to another origin.
    public func lookupShowID(_ lookup: Endpoint.Lookup) async throws(APIError) -> Int? {
        let url = url(for: .lookup(lookup))
        let (transport, credentials) = (self.transport, self.credentials)
        do {
            return try await send(url: url, paced: true, askWhenExhausted: false) {
                () async throws -> Attempt<Int> in
                let response = try await transport.stream(url, headers: credentials, maxBytes: 1_048_576)
                if (300..<400).contains(response.status) {
                    guard let location = response.header("location"), let from = URL(string: url),
                        let to = URL(string: location, relativeTo: from)?.absoluteURL,
                        let id = Self.showID(in: to.absoluteString)
                    else {
                        return .unusable("a redirect to \(response.header("location") ?? "nowhere"), not to a show")
                    }
                    // The one redirect an API answer may carry: to /shows/{id} on the API's own origin.
                    guard Self.isSameOrigin(from, to) else {
                        throw APIError.refused(
                            url: to.absoluteString, redirectedFrom: url, reason: .otherOrigin(Self.origin(of: from)))
                    }
                    return .accepted(id)
                }
                let body = try await response.body.prefix(1_048_576)
                guard (200..<300).contains(response.status) else {
                    return .answered(HTTPResponse(status: response.status, headers: response.headers, body: body))
                }
                // A transport that followed the redirect: the show itself.
                guard let raw = (try? RawJSON.value(forKey: "id", in: body)) ?? nil, let id = RawJSON.integer(raw)
                else {
                    return .unusable("the lookup's answer is not a show")
                }
                return .accepted(id)
            }
        } catch .notFound {
            return nil
        }
    }

    /// `…/shows/82` → 82.
    static func showID(in location: String) -> Int? {
        let path = URL(string: location)?.path ?? location
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "shows", let id = Int(parts[parts.count - 1]), id > 0 else {
            return nil
        }
        return id
    }
}
