import TVMRecords

/// What a download may do: which hosts it may reach, through how many redirects, and how many bytes it may take.
///
/// Used by ``APIClient/download(url:policy:receive:)``: every URL of a download, the first and each one a
/// redirect leads to, is checked against ``allowedHosts`` before anything is sent to it, and the body is
/// stopped at ``maxBytes`` while it streams, whether or not the server announced its length.
public struct DownloadPolicy: Sendable, Equatable {
    /// The hosts a download may reach, or `nil` for any host.
    public var allowedHosts: HostAllowList?
    /// The most body bytes a download may have.
    public var maxBytes: Int
    /// The most redirects followed for one download.
    public var maxRedirects: Int

    /// Creates a policy.
    public init(allowedHosts: HostAllowList?, maxBytes: Int, maxRedirects: Int = 5) {
        self.allowedHosts = allowedHosts
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
    }
}

/// What the receiver of a download made of one attempt's 2xx response (see
/// ``APIClient/download(url:policy:receive:)``).
public enum DownloadVerdict<Value> {
    /// The download is done: `Value` is returned, nothing is retried.
    case accepted(Value)
    /// The response cannot be used (not an image, cut short); the reason is retried like a 5xx and, after the
    /// last attempt, reported as ``APIError/invalidResponse(url:attempts:detail:)``.
    case unusable(String)
}
