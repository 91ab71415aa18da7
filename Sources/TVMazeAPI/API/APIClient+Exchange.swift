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
            var previous: Int?
            let response = try await withinOrigin(
                request.url, status: \.status, location: { $0.header("location") },
                request: { url in
                    // A 303 is answered with a GET without body.
                    if previous == 303 {
                        current.method = "GET"
                        current.body = []
                    }
                    current.url = url
                    let response = try await transport.send(current)
                    previous = response.status
                    return response
                })
            if response.status >= 500 || (response.status == 429 && retriesRateLimit) {
                return .answered(response)
            }
            return .accepted(response)
        }
    }
}
