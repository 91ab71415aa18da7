import TVMRecords

extension APIClient {
    /// The largest array answer (its compact elements) the HTTP cache keeps: 4 MiB, the record cap. Real index pages
    /// are 0.35-0.53 MB; a larger page is answered but not cached, so that it is never held whole (the cache
    /// stores one body).
    public static let maxCachedArrayBytes = maxRecordBytes

    /// Fetches an answer that is a JSON array (an index page), with the cache, pacing and retries of
    /// ``fetch(_:)``, reading it element by element as it arrives: the body is never held whole, and an element
    /// over ``maxRecordBytes`` is left out and named in the answer, never held whole either.
    ///
    /// The elements kept are spooled (``SpooledElements``: in memory up to 4 MiB, past it in an unlinked
    /// temporary file) and handed back once the attempt is accepted, so a retried attempt hands back nothing. An
    /// answer with an element left out, or whose compact elements exceed ``maxCachedArrayBytes``, is not cached:
    /// the next run asks again.
    /// - Parameter endpoint: The request.
    /// - Returns: The compact elements kept, and those left out.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the end of the show index); `.tooLarge` for an answer over
    ///   ``maxAnswerBytes``.
    public func fetchArray(_ endpoint: Endpoint) async throws(APIError) -> ArrayAnswer {
        let url = url(for: endpoint)
        let fromCache = { (body: [UInt8]) throws(APIError) -> ArrayAnswer in try Self.arrayAnswer(body, url: url) }
        return try await cachedFetch(url: url, fromCache: fromCache) {
            () async throws -> Attempt<Fetched<ArrayAnswer>> in
            let spool = SpooledElements(directory: spoolDirectory)
            var leftOut: [OversizedRecord] = []
            var position = 0
            var compactBytes = 1
            let read = try await spooling(url) {
                try await streamArray(url) { piece throws(SpooledElements.Failure) in
                    position += 1
                    switch piece {
                    case .element(let text):
                        let compact: [UInt8]
                        do {
                            compact = try RawJSON.compact(text)
                        } catch {
                            return UnusableBody(String(describing: error))
                        }
                        compactBytes += compact.count + 1
                        try spool.append(.element(compact))
                    case .tooLarge(let bytes, let start):
                        leftOut.append(OversizedRecord(position: position, start: start, bytes: bytes))
                    }
                    return nil
                }
            }
            switch read {
            case .accepted(let maxAge):
                let answer = ArrayAnswer(elements: spool, leftOut: leftOut)
                // A page with a record left out is asked for again; one too large to cache is not held whole.
                guard leftOut.isEmpty, compactBytes <= Self.maxCachedArrayBytes else {
                    return .accepted(Fetched(value: answer, cachedBody: nil, maxAge: 0))
                }
                let body = try await spooling(url) { try Self.body(of: spool) }
                return .accepted(
                    Fetched(
                        value: answer, cachedBody: body,
                        maxAge: maxAge ?? (endpoint.isIndexPage ? 86_400 : 3_600)))
            case .unusable(let problem): return .unusable(problem)
            case .answered(let response): return .answered(response)
            }
        }
    }

    /// Fetches an answer that is a JSON array (an index page) past the response cache, reading it element by
    /// element as it arrives, and lets `accept` read the elements of a 2xx answer.
    ///
    /// The elements are spooled as they arrive (``SpooledElements``: in memory up to 4 MiB, past it in an
    /// unlinked temporary file) and handed to `accept` once the answer is whole, so an attempt that is retried
    /// hands it nothing; `accept` reads them one at a time and may keep the spool. An element over
    /// ``maxRecordBytes`` is handed over as its size and first bytes (``JSONArraySplitter/Piece/tooLarge(bytes:start:)``),
    /// never whole, and the body is never held whole. Pacing and retries are those of ``fetchUncached(_:accept:)``;
    /// an answer that is not one array, or is cut short, is unusable and retried.
    /// - Parameters:
    ///   - endpoint: The request.
    ///   - accept: Reads the elements; returns the value, or why they are unusable.
    /// - Returns: What `accept` returned for the first usable answer.
    /// - Throws: ``APIError``; `.notFound` for a 404 (the end of the show index); `.tooLarge` for an answer over
    ///   ``maxAnswerBytes``.
    public func fetchUncachedArray<Value>(
        _ endpoint: Endpoint, accept: (SpooledElements) -> Result<Value, UnusableBody>
    ) async throws(APIError) -> Value {
        let url = url(for: endpoint)
        return try await send(url: url, paced: true, askWhenExhausted: false) {
            () async throws -> Attempt<Value> in
            let spool = SpooledElements(directory: spoolDirectory)
            let read = try await spooling(url) {
                try await streamArray(url) { piece throws(SpooledElements.Failure) in
                    try spool.append(piece)
                    return nil
                }
            }
            switch read {
            case .accepted:
                switch accept(spool) {
                case .success(let value): return .accepted(value)
                case .failure(let problem): return .unusable(problem.reason)
                }
            case .unusable(let problem): return .unusable(problem)
            case .answered(let response): return .answered(response)
            }
        }
    }

    /// One attempt at an array answer: hands each element to `each` as it arrives (over ``maxRecordBytes``, its size
    /// and start), up to ``maxAnswerBytes`` in all, and returns its `Cache-Control: max-age`. `each` says why an
    /// element makes the answer unusable, or `nil`.
    private func streamArray(
        _ url: String, each: (JSONArraySplitter.Piece) throws(SpooledElements.Failure) -> UnusableBody?
    ) async throws -> Attempt<Double?> {
        let response = try await streamWithinOrigin(url, maxBytes: Self.maxAnswerBytes)
        guard (200..<300).contains(response.status) else {
            // Enough of an error body for its message; the rest is not read.
            let body = try await response.body.prefix(64 * 1024)
            return .answered(HTTPResponse(status: response.status, headers: response.headers, body: body))
        }
        var splitter = JSONArraySplitter(maxElementBytes: Self.maxRecordBytes)
        while let chunk = try await response.body.next() {
            let pieces: [JSONArraySplitter.Piece]
            do throws(JSONArraySplitter.Problem) {
                pieces = try splitter.feed(chunk)
            } catch {
                return .unusable(error.reason)
            }
            for piece in pieces {
                if let problem = try each(piece) { return .unusable(problem.reason) }
            }
        }
        do throws(JSONArraySplitter.Problem) {
            try splitter.finish()
        } catch {
            return .unusable(error.reason)
        }
        return .accepted(CacheControl.maxAge(response.header("cache-control")))
    }

    /// Runs `body`, turning a spool that cannot be written or read into ``APIError/cannotSpool(url:reason:)``: a
    /// local failure, not retried like the network's.
    private func spooling<Value>(_ url: String, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let failure as SpooledElements.Failure {
            throw APIError.cannotSpool(url: url, reason: failure.reason)
        }
    }

    /// The compact array of a spool's elements (one small enough to cache).
    private static func body(of spool: SpooledElements) throws(SpooledElements.Failure) -> [UInt8] {
        var body: [UInt8] = [UInt8(ascii: "[")]
        var reader = spool.reader()
        while let piece = try reader.next() {
            guard case .element(let element) = piece else { continue }
            if body.count > 1 { body.append(UInt8(ascii: ",")) }
            body += element
        }
        body.append(UInt8(ascii: "]"))
        return body
    }

    /// A cached array answer as elements.
    private static func arrayAnswer(_ body: [UInt8], url: String) throws(APIError) -> ArrayAnswer {
        let spool = SpooledElements()
        do {
            for element in try RawJSON.elements(ofArray: body) { try spool.append(.element(element)) }
        } catch {
            throw .invalidResponse(url: url, attempts: 0, detail: "the cached copy: \(error)")
        }
        return ArrayAnswer(elements: spool, leftOut: [])
    }
}

/// An array answer read by ``APIClient/fetchArray(_:)``.
public struct ArrayAnswer: Sendable {
    /// The compact elements kept, in order (``JSONArraySplitter/Piece/element(_:)`` only), read one at a time.
    public var elements: SpooledElements
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
