extension APIClient {
    /// Fetches an endpoint past the response cache, and lets `accept` read the body of a 2xx answer.
    ///
    /// For a sync of the whole catalogue: its pages must be current (the cache would answer a fresh copy of an
    /// hour ago) and would only fill the cache. Pacing and retries are those of ``fetch(_:)``; a body that
    /// `accept` calls unusable (a page cut short) is retried like a 5xx. The original app specification's retry dialog is never asked:
    /// the caller reports the failure and goes on.
    /// - Parameters:
    ///   - endpoint: The request.
    ///   - accept: Reads the body; returns the value, or why the body is unusable.
    /// - Returns: What `accept` returned for the first usable body.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the end of the show index); `.wrongRecord` when `/shows/{id}`
    ///   or `/episodes/{id}` answers another record.
    public func fetchUncached<Value>(
        _ endpoint: Endpoint, accept: ([UInt8]) -> Result<Value, UnusableBody>
    ) async throws(APIError) -> Value {
        let url = url(for: endpoint)
        return try await send(url: url, paced: true, askWhenExhausted: false) {
            () async throws -> Attempt<Value> in
            let response = try await getWithinOrigin(url, maxBytes: Self.maxBytes(recordID: endpoint.recordID))
            guard (200..<300).contains(response.status) else { return .answered(response) }
            // A body cut short or garbled is unusable (retried, then a fetch failure); a whole one must carry the id.
            switch accept(response.body) {
            case .success(let value):
                if let expectedID = endpoint.recordID { try Self.check(response.body, carries: expectedID, url: url) }
                return .accepted(value)
            case .failure(let problem): return .unusable(problem.reason)
            }
        }
    }
}

/// Why a response body cannot be used, as ``APIClient/fetchUncached(_:accept:)``'s reader says it.
public struct UnusableBody: Error, Sendable, Equatable {
    /// What is wrong, e.g. `the page ends before its closing bracket`.
    public var reason: String

    /// Creates a reason.
    ///
    /// - Parameter reason: What is wrong.
    public init(_ reason: String) {
        self.reason = reason
    }
}
