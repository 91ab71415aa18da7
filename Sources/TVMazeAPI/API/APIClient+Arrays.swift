import TVMRecords

extension APIClient {
    /// Fetches an answer that is a JSON array (an index page), with the cache, pacing and retries of
    /// ``fetch(_:)``, reading it element by element as it arrives: the body is never held whole, and an element
    /// over ``maxRecordBytes`` is left out and named in the answer, never held whole either.
    ///
    /// An answer with an element left out is not cached: the next run asks again, and reports it again.
    /// - Parameter endpoint: The request.
    /// - Returns: The compact array of the elements kept, and those left out.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the end of the show index); `.tooLarge` for an answer over
    ///   ``maxAnswerBytes``.
    public func fetchArray(_ endpoint: Endpoint) async throws(APIError) -> ArrayAnswer {
        let url = url(for: endpoint)
        var leftOut: [OversizedRecord] = []
        let body = try await cachedFetch(url: url) { () async throws -> Attempt<([UInt8], Double)> in
            leftOut = []
            let pieces: [JSONArraySplitter.Piece]
            let maxAge: Double
            switch try await streamArray(url) {
            case .accepted(let read):
                (pieces, maxAge) = (read.pieces, read.maxAge ?? (endpoint.isIndexPage ? 86_400 : 3_600))
            case .unusable(let problem): return .unusable(problem)
            case .answered(let response): return .answered(response)
            }
            var body: [UInt8] = [UInt8(ascii: "[")]
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .element(let text):
                    do {
                        let compact = try RawJSON.compact(text)
                        if body.count > 1 { body.append(UInt8(ascii: ",")) }
                        body += compact
                    } catch {
                        return .unusable(String(describing: error))
                    }
                case .tooLarge(let bytes, let start):
                    leftOut.append(OversizedRecord(position: index + 1, start: start, bytes: bytes))
                }
            }
            body.append(UInt8(ascii: "]"))
            // A max-age of 0 is not stored: an answer with a record left out is asked for again.
            return .accepted((body, leftOut.isEmpty ? maxAge : 0))
        }
        return ArrayAnswer(body: body, leftOut: leftOut)
    }

    /// Fetches an answer that is a JSON array (an index page) past the response cache, reading it element by
    /// element as it arrives, and lets `accept` read the elements of a 2xx answer.
    ///
    /// An element over ``maxRecordBytes`` is handed to `accept` as its size and first bytes
    /// (``JSONArraySplitter/Piece/tooLarge(bytes:start:)``), never whole, and the body is never held whole. Pacing
    /// and retries are those of ``fetchUncached(_:accept:)``; an answer that is not one array, or is cut short, is
    /// unusable and retried.
    /// - Parameters:
    ///   - endpoint: The request.
    ///   - accept: Reads the elements; returns the value, or why they are unusable.
    /// - Returns: What `accept` returned for the first usable answer.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the end of the show index); `.tooLarge` for an answer over
    ///   ``maxAnswerBytes``.
    public func fetchUncachedArray<Value>(
        _ endpoint: Endpoint, accept: ([JSONArraySplitter.Piece]) -> Result<Value, UnusableBody>
    ) async throws(APIError) -> Value {
        let url = url(for: endpoint)
        return try await send(url: url, paced: true, askWhenExhausted: false) {
            () async throws -> Attempt<Value> in
            switch try await streamArray(url) {
            case .accepted(let read):
                switch accept(read.pieces) {
                case .success(let value): return .accepted(value)
                case .failure(let problem): return .unusable(problem.reason)
                }
            case .unusable(let problem): return .unusable(problem)
            case .answered(let response): return .answered(response)
            }
        }
    }

    /// One attempt at an array answer: its elements as they arrive (over ``maxRecordBytes``, their size and
    /// start), up to ``maxAnswerBytes`` in all, and its `Cache-Control: max-age`.
    private func streamArray(_ url: String) async throws -> Attempt<
        (pieces: [JSONArraySplitter.Piece], maxAge: Double?)
    > {
        let response = try await streamWithinOrigin(url, maxBytes: Self.maxAnswerBytes)
        guard (200..<300).contains(response.status) else {
            // Enough of an error body for its message; the rest is not read.
            let body = try await response.body.prefix(64 * 1024)
            return .answered(HTTPResponse(status: response.status, headers: response.headers, body: body))
        }
        var splitter = JSONArraySplitter(maxElementBytes: Self.maxRecordBytes)
        var pieces: [JSONArraySplitter.Piece] = []
        while let chunk = try await response.body.next() {
            do throws(JSONArraySplitter.Problem) {
                pieces += try splitter.feed(chunk)
            } catch {
                return .unusable(error.reason)
            }
        }
        do throws(JSONArraySplitter.Problem) {
            try splitter.finish()
        } catch {
            return .unusable(error.reason)
        }
        return .accepted((pieces, CacheControl.maxAge(response.header("cache-control"))))
    }
}

/// An array answer read by ``APIClient/fetchArray(_:)``.
public struct ArrayAnswer: Sendable, Equatable {
    /// The compact array of the elements kept, in order.
    public var body: [UInt8]
    /// The elements left out for their size.
    public var leftOut: [OversizedRecord]
}

/// An element of an array answer over ``APIClient/maxRecordBytes``, left out without being held whole.
public struct OversizedRecord: Sendable, Equatable {
    /// Its position in the array, from 1.
    public var position: Int
    /// Its `id`, when its first bytes carry one.
    public var id: Int?
    /// Its size.
    public var bytes: Int

    /// Reads the id from the element's first bytes.
    ///
    /// - Parameters:
    ///   - position: The position in the array, from 1.
    ///   - start: The element's first bytes.
    ///   - bytes: Its size.
    public init(position: Int, start: [UInt8], bytes: Int) {
        self.position = position
        self.id = RawJSON.firstValue(forKey: "id", inStartOf: start).flatMap { RawJSON.integer($0) }
        self.bytes = bytes
    }

    /// `show 2 is 31.6 MiB, larger than the 4.0 MiB any show takes` (`a record is …` without an id).
    public var reason: String {
        "\(id.map { "show \($0)" } ?? "a record") is \(ByteSize(bytes: bytes)), larger than the "
            + "\(ByteSize(bytes: APIClient.maxRecordBytes)) any show takes"
    }
}
