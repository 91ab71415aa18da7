import TVMRecords

/// Something worth telling the user while a request is under way.
///
/// The library never prints: the client hands these to the handler its caller supplies.
public enum APIEvent: Sendable, Equatable {
    /// A request failed transiently and will be tried again after `delay` seconds.
    case retrying(url: String, attempt: Int, of: Int, delay: Double, reason: String)
    /// The local rate window is full; the next request waits `delay` seconds.
    case pacing(delay: Double)
    /// The network failed, so a stale cached copy fetched `age` seconds ago is being served.
    case servedStale(url: String, age: Double)
    /// The cache file could not be used and was set aside; `detail` says why.
    case cacheReset(detail: String)
    /// A request to `host` failed at the network level on every attempt (`cause`), so another request was not
    /// sent, nor will any more be in this run. Sent once, at the first request skipped. Only with
    /// `skipsUnreachableHosts`.
    case hostSkipped(host: String, cause: APIError)
}
