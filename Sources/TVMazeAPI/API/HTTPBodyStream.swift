import TVMRecords

/// The body of an ``HTTPStreamingResponse``: chunks of bytes, read one at a time, at most a set number in all.
///
/// Reading is what pulls the body from the network: a chunk not asked for is not received, so a body that is
/// dropped half read costs no more memory than the chunk in hand (the transport then closes the connection).
/// Read from one task at a time.
public final class HTTPBodyStream {
    private let nextChunk: () async throws(TransportFailure) -> [UInt8]?
    private let maxBytes: Int
    /// How many body bytes have been read so far.
    public private(set) var count = 0

    /// Creates a stream over a source of chunks.
    public init(maxBytes: Int, next: @escaping () async throws(TransportFailure) -> [UInt8]?) {
        self.maxBytes = maxBytes
        self.nextChunk = next
    }

    /// Creates a stream that yields a body already in memory, as one chunk.
    ///
    /// - Parameters:
    ///   - bytes: The whole body.
    ///   - maxBytes: The most bytes the body may have.
    public convenience init(bytes: [UInt8], maxBytes: Int = .max) {
        var pending: [UInt8]? = bytes.isEmpty ? nil : bytes
        self.init(maxBytes: maxBytes) { () throws(TransportFailure) -> [UInt8]? in
            defer { pending = nil }
            return pending
        }
    }

    /// The next chunk of the body, or `nil` at its end.
    ///
    /// - Throws: ``TransportFailure``: the connection was lost or timed out, or
    ///   ``TransportFailure/tooLarge(maxBytes:)`` when this chunk takes the body past its limit (the chunk is
    ///   not returned).
    public func next() async throws(TransportFailure) -> [UInt8]? {
        guard let chunk = try await nextChunk() else { return nil }
        count += chunk.count
        guard count <= maxBytes else { throw .tooLarge(maxBytes: maxBytes) }
        return chunk
    }

    /// Reads the body until `limit` bytes are in hand or it ends, and returns them; the rest is left unread.
    ///
    /// For the small bodies of error answers, whose text may go into a message.
    /// - Parameter limit: The most bytes to return.
    /// - Returns: The first `limit` bytes of what was left.
    /// - Throws: ``TransportFailure``.
    public func prefix(_ limit: Int) async throws(TransportFailure) -> [UInt8] {
        var kept: [UInt8] = []
        while kept.count < limit, let chunk = try await next() {
            kept += chunk.prefix(limit - kept.count)
        }
        return kept
    }
}
