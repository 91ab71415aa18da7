import Foundation
import TVMRecords

extension APIClient {
    /// Sends a request of any method past the response cache, paced by the rate window and retried by the retry
    /// rules, and returns whatever the server finally answered.
    ///
    /// For the account API, whose answers belong to one user and must be current: nothing is read from or written
    /// to the HTTP cache, whatever the answer's `Cache-Control`. A 5xx, a timeout or a lost connection is retried
    /// like any request; a 429 too, unless `retriesRateLimit` is false (the pairing poll, which backs off itself).
    /// Every other status is returned to the caller, 4xx included. Redirects are followed here (at most five):
    /// a redirect to another scheme, host or port drops the `Authorization` header, and a 303 turns into a GET
    /// without body.
    /// - Parameters:
    ///   - request: The request.
    ///   - retriesRateLimit: Whether a 429 is retried here, or returned.
    /// - Returns: The final response.
    /// - Throws: ``APIError`` when no usable answer came after the retries.
    package func exchange(_ request: HTTPRequest, retriesRateLimit: Bool = true) async throws(APIError)
        -> HTTPResponse
    {
        let transport = self.transport
        return try await send(url: request.url, paced: true, askWhenExhausted: false) {
            () async throws -> Attempt<HTTPResponse> in
            var current = request
            for _ in 0...5 {
                let response = try await transport.send(current)
                if [301, 302, 303, 307, 308].contains(response.status), let location = response.header("location") {
                    guard let next = Self.following(current, to: location, status: response.status) else {
                        throw APIError.invalidURL("\(location) (the redirect from \(current.url))")
                    }
                    current = next
                    continue
                }
                if response.status >= 500 || (response.status == 429 && retriesRateLimit) {
                    return .answered(response)
                }
                return .accepted(response)
            }
            throw APIError.rejected(url: request.url, status: 310, message: "more than 5 redirects")
        }
    }

    /// The request a redirect leads to: the new URL, `Authorization` dropped when the origin changes, and a 303
    /// answered with a GET without body. `nil` when `location` is not a URL.
    static func following(_ request: HTTPRequest, to location: String, status: Int) -> HTTPRequest? {
        guard let from = URL(string: request.url), let to = URL(string: location, relativeTo: from)?.absoluteURL
        else { return nil }
        var next = request
        next.url = to.absoluteString
        if !isSameOrigin(from, to) {
            next.headers.removeAll { $0.name.lowercased() == "authorization" }
        }
        if status == 303 {
            next.method = "GET"
            next.body = []
        }
        return next
    }
}
