import Foundation
import Testing

@testable import TVMCatalog
@testable import TVMRecords
@testable import TVMazeAPI

/// Redirects stay within the API's origin, and `/shows/{id}` must answer show `id` (issue 30 #4).
@Suite("APIClient follows redirects only within the API's origin and checks the record's id")
struct APIClientRedirectTests {
    static func fetchError(_ client: APIClient, _ endpoint: Endpoint) async -> APIError? {
        do {
            _ = try await client.fetch(endpoint)
            return nil
        } catch {
            return error
        }
    }

    // Regression: the transport followed any redirect, to any host or port, and from https to http.
    @Test(
        "a redirect can store the wrong show: one to another scheme, host or port is refused, not followed",
        arguments: [
            "http://api.test/shows/1", "https://elsewhere.test/shows/1", "https://api.test:8443/shows/1",
            "//evil.test/shows/1",
        ])
    func otherOrigin(location: String) async throws {
        let transport = ScriptedTransport([
            .status(302, headers: [("Location", location)]), .json(#"{"id":1,"name":"Evil"}"#),
        ])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache, baseURL: ClientFactory.secureBaseURL)
        let error = await Self.fetchError(client, .show(id: 1))
        guard case .refused(_, let origin?, .otherOrigin(let allowed))? = error else {
            Issue.record("\(location): \(String(describing: error))")
            return
        }
        #expect(origin == "https://api.test/shows/1")
        #expect(allowed == "https://api.test:443")
        #expect(error?.localizedDescription.contains("follows redirects only within https://api.test:443") == true)
        #expect(transport.callCount == 1, "the redirect was followed")
        #expect(cache.stores.isEmpty)
    }

    @Test("a redirect within the API's scheme, host and port is followed")
    func sameOrigin() async throws {
        let transport = ScriptedTransport([
            .status(301, headers: [("Location", "/shows/1?moved")]), .json(#"{"id":1,"name":"Under the Dome"}"#),
        ])
        let client = try ClientFactory.client(transport, baseURL: ClientFactory.secureBaseURL)
        let body = try await client.fetch(.show(id: 1))
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":1,"name":"Under the Dome"}"#)
        #expect(transport.calls.map(\.url) == ["https://api.test/shows/1", "https://api.test/shows/1?moved"])
    }

    // Regression: `tvm-fetch show 1`, redirected to `/shows/2`, printed and cached show 2 as show 1.
    @Test(
        "an answer to /shows/1 that is show 2, or not an object, is invalid data, never cached nor retried",
        arguments: [#"{"id":2,"name":"Not One"}"#, "[[[[1]]]]", #"{"name":"No id"}"#, #"{"id":"1"}"#])
    func wrongRecord(body: String) async throws {
        let transport = ScriptedTransport([.json(body)])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        let error = await Self.fetchError(client, .show(id: 1))
        guard case .wrongRecord(let url, 1, _)? = error else {
            Issue.record("\(body): \(String(describing: error))")
            return
        }
        #expect(url == ClientFactory.baseURL + "/shows/1")
        #expect(transport.callCount == 1)
        #expect(cache.stores.isEmpty)
        let uncached = await #expect(throws: APIError.self) {
            try await client.fetchUncached(.episode(id: 1)) { .success($0) }
        }
        guard case .wrongRecord? = uncached else {
            Issue.record("fetchUncached: \(String(describing: uncached))")
            return
        }
    }

    @Test("the lookup's redirect is read only when it stays on the API's origin")
    func lookupRedirect() async throws {
        let same = ScriptedTransport([.status(301, headers: [("Location", "https://api.test/shows/82")])])
        let found = try await ClientFactory.client(same, baseURL: ClientFactory.secureBaseURL)
            .lookupShowID(.imdb("tt0944947"))
        #expect(found == 82)
        let other = ScriptedTransport([.status(301, headers: [("Location", "http://api.test/shows/82")])])
        await #expect(throws: APIError.self) {
            _ = try await ClientFactory.client(other, baseURL: ClientFactory.secureBaseURL)
                .lookupShowID(.imdb("tt0944947"))
        }
    }
}

/// One record is capped far above any real one (issue 30 #9).
@Suite("APIClient and the catalogue refuse a record larger than any show")
struct RecordSizeCapTests {
    /// A show record padded to `bytes` with a long summary.
    static func hugeShow(id: Int, bytes: Int) -> String {
        #"{"id":\#(id),"name":"Huge","summary":""# + String(repeating: "x", count: bytes) + #""}"#
    }

    // Regression: one 200 MB record, under the 256 MiB body cap, took 1.7 GB to sync and 2.1 GB to add.
    @Test("huge records cost 10× their size: a /shows/1 answer over 4 MiB is refused (tooLarge), never cached")
    func hugeAnswer() async throws {
        let transport = ScriptedTransport([.json(Self.hugeShow(id: 1, bytes: APIClient.maxRecordBytes))])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        let error = await APIClientRedirectTests.fetchError(client, .show(id: 1))
        #expect(error == .tooLarge(url: ClientFactory.baseURL + "/shows/1", maxBytes: APIClient.maxRecordBytes))
        #expect(cache.stores.isEmpty)
        #expect(transport.callCount == 1)
        let uncached = await #expect(throws: APIError.self) {
            try await client.fetchUncached(.show(id: 1)) { .success($0) }
        }
        #expect(uncached == .tooLarge(url: ClientFactory.baseURL + "/shows/1", maxBytes: APIClient.maxRecordBytes))
    }

    @Test("an index page keeps its other shows and reports the huge one as invalid, with its id")
    func hugeOnPage() throws {
        let one = String(decoding: CatalogStoreTests.record(id: 1, name: "One"), as: UTF8.self)
        let body = "[" + one + "," + Self.hugeShow(id: 2, bytes: 5 << 20) + "]"
        let page = try CatalogPage.read(Array(body.utf8), page: 0).get()
        #expect(page.ids == [1])
        #expect(page.invalid.count == 1)
        #expect(page.invalid.first?.position == 2)
        #expect(page.invalid.first?.reason.hasPrefix("show 2 is ") == true, "\(page.invalid)")
        #expect(page.invalid.first?.reason.contains("larger than the ") == true, "\(page.invalid)")
    }

    @Test(
        "tvm-fetch shows printed a huge record of a page: fetchArray leaves it out with its id, keeps the rest, caches nothing"
    )
    func hugeOnCachedPage() async throws {
        let one = String(decoding: CatalogStoreTests.record(id: 1, name: "One"), as: UTF8.self)
        let three = String(decoding: CatalogStoreTests.record(id: 3, name: "Three"), as: UTF8.self)
        let huge = "[ " + one + ", " + Self.hugeShow(id: 2, bytes: 5 << 20) + " , " + three + "]"
        let whole = "[" + one + ",\n " + three + "]"
        let transport = ScriptedTransport([.json(huge), .json(whole)])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        let answer = try await client.fetchArray(.showIndex(page: 0))
        #expect(try Self.elements(answer) == [one, three])
        #expect(answer.leftOut.map(\.position) == [2])
        #expect(answer.leftOut.first?.id == 2)
        #expect(answer.leftOut.first?.reason.hasPrefix("show 2 is 5.0 MiB, larger than the 4.0 MiB") == true)
        #expect(cache.stores.isEmpty)
        // Asked again (nothing cached); a page without a huge record is compacted and cached as fetch(_:) does.
        let again = try await client.fetchArray(.showIndex(page: 0))
        #expect(again.leftOut.isEmpty)
        #expect(try Self.elements(again) == [one, three])
        #expect(cache.stores.count == 1)
        #expect(transport.callCount == 2)
        #expect(try Self.elements(try await client.fetchArray(.showIndex(page: 0))) == [one, three])
        #expect(transport.callCount == 2)
    }

    /// The elements of an array answer, as text.
    static func elements(_ answer: ArrayAnswer) throws -> [String] {
        var reader = answer.elements.reader()
        var elements: [String] = []
        while let piece = try reader.next() {
            guard case .element(let bytes) = piece else { continue }
            elements.append(String(decoding: bytes, as: UTF8.self))
        }
        return elements
    }
}
