import Foundation
import TVMRecords

extension APIClient {
    /// Sends a request of any method past the response cache, paced by the rate window and retried by the retry
    /// rules, and returns whatever the server finally answered.
    ///
    /// For the account API, whose answers belong to one user and must be current: nothing is read from or written
    /// to the HTTP cache, whatever the answer's `Cache-Control`. A 5xx, a timeout or a lost connection is retried
    /// like any request; a 429 too, unless `retriesRateLimit` is false (the pairing poll, which backs off itself).
    /// Every other status is returned to the caller, 4xx included. Redirects are followed here (at most five) within
    /// the API's own scheme, host and port, a 303 as a GET without body: an answer from elsewhere is not the
    /// account's, and is refused before anything is sent there.
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
                    guard let from = URL(string: current.url),
                        let to = URL(string: location, relativeTo: from)?.absoluteURL
                    else { throw APIError.invalidURL("\(location) (the redirect from \(current.url))") }
                    guard Self.isSameOrigin(from, to) else {
                        throw APIError.refused(
                            url: to.absoluteString, redirectedFrom: current.url,
                            reason: .otherOrigin(Self.origin(of: from)))
                    }
                    current.url = to.absoluteString
                    if response.status == 303 {
                        current.method = "GET"
                        current.body = []
                    }
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
}
