import TVMRecords

/// A stored API response, as the cache hands it back.
public struct CachedResponse: Sendable, Equatable {
    /// The HTTP status that was cached: 200, or 404 for an answer that was "not found".
    public var status: Int
    /// The compact JSON body (empty for a 404).
    public var body: [UInt8]
    /// When it was fetched, in seconds since 1970.
    public var fetchedAt: Double
    /// How long it stays fresh, in seconds.
    public var maxAge: Double

    /// Creates a cached response.
    public init(status: Int, body: [UInt8], fetchedAt: Double, maxAge: Double) {
        self.status = status
        self.body = body
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
    }

    /// Whether it is still fresh at `now`.
    ///
    /// - Parameter now: Seconds since 1970.
    /// - Returns: `true` while younger than its max-age.
    public func isFresh(at now: Double) -> Bool { now - fetchedAt < maxAge }
}

/// How the client uses its response cache.
public enum CacheMode: Sendable, Equatable {
    /// Fresh entries answer without a request; stale ones are fetched again, and served if that fails.
    case normal
    /// Never touch the network: serve any cached copy, fresh or stale; a miss is an error.
    case offline
    /// Ask the network first even for fresh entries; still fall back to the stale copy if that fails.
    case refresh
}

/// Where the API client keeps successful responses: the seam between the client and SQLite.
public protocol ResponseCache: Sendable {
    /// The entry for a key, if any; marks it as recently used.
    ///
    /// - Parameter key: The normalised URL.
    /// - Returns: The entry, or `nil` on a miss (or when the cache cannot be read).
    func lookup(_ key: String) -> CachedResponse?

    /// Stores (or replaces) an entry, then evicts least-recently-used entries while over the size cap.
    ///
    /// - Parameters:
    ///   - key: The normalised URL.
    func store(_ response: CachedResponse, for key: String)
}
