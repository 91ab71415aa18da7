import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// The client's use of its response cache, over a scripted transport and an in-memory cache.
@Suite("APIClient with a cache")
struct APIClientCacheTests {
    static let show = Endpoint.show(id: 1)
    static let url = ClientFactory.baseURL + "/shows/1"
    static let key = CacheKey.normalise(url)
    static let cachedBody = Array(#"{"id":1,"name":"cached"}"#.utf8)
    static let networkBody = Array(#"{"id":1,"name":"network"}"#.utf8)

    static var now: Double { Date().timeIntervalSince1970 }

    /// A cache holding the show, fetched `age` seconds ago with a max-age of an hour.
    static func cache(age: Double, status: Int = 200) -> MemoryResponseCache {
        let body = status == 200 ? cachedBody : []
        return MemoryResponseCache([
            key: CachedResponse(status: status, body: body, fetchedAt: now - age, maxAge: 3_600)
        ])
    }

    static func fetch(_ client: APIClient, _ endpoint: Endpoint = show) async -> Result<[UInt8], APIError> {
        do {
            return .success(try await client.fetch(endpoint))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Normal mode

    @Test("a fresh entry answers without a request")
    func freshHit() async throws {
        let transport = ScriptedTransport([.json(#"{"id":1,"name":"network"}"#)])
        let cache = Self.cache(age: 60)
        let client = try ClientFactory.client(transport, cache: cache)
        #expect(try await client.fetch(Self.show) == Self.cachedBody)
        #expect(transport.callCount == 0)
        #expect(cache.lookups == [Self.key])
        #expect(cache.stores.isEmpty)
    }

    @Test("a stale entry is fetched again and replaced")
    func staleRefetched() async throws {
        let transport = ScriptedTransport([.json(#"{ "id": 1, "name": "network" }"#)])
        let cache = Self.cache(age: 7_200)
        let before = Self.now
        let client = try ClientFactory.client(transport, cache: cache)
        #expect(try await client.fetch(Self.show) == Self.networkBody)
        #expect(transport.callCount == 1)
        let stored = try #require(cache.entries[Self.key])
        #expect(stored.body == Self.networkBody)
        #expect(stored.status == 200)
        #expect(stored.fetchedAt >= before)
        #expect(stored.maxAge == 3_600)
    }

    @Test("a miss is fetched and stored under the normalised URL, compacted")
    func missStored() async throws {
        let transport = ScriptedTransport([.json(#"[ 1, 2 ]"#)])
        let cache = MemoryResponseCache()
        let client = try APIClient(baseURL: "HTTP://API.test:80/", transport: transport, cache: cache)
        #expect(try await client.fetch(.search(query: "girls")) == Array("[1,2]".utf8))
        #expect(cache.stores == ["http://api.test/search/shows?q=girls"])
        #expect(cache.entries["http://api.test/search/shows?q=girls"]?.body == Array("[1,2]".utf8))
    }

    @Test("when the network fails, a stale entry is served with a servedStale event, without asking the dialog")
    func staleServedOnFailure() async throws {
        let transport = ScriptedTransport([.fail(.unreachable("connection refused"))])
        let cache = Self.cache(age: 7_200)
        let events = EventRecorder()
        let asked = LockedBox(0)
        let client = try ClientFactory.client(transport, events: events, cache: cache) { _ in
            asked.withLock { $0 += 1 }
            return true
        }
        let fetchedAt = try #require(cache.entries[Self.key]).fetchedAt
        #expect(try await client.fetch(Self.show) == Self.cachedBody)
        let after = Self.now
        #expect(asked.snapshot == 0)
        #expect(transport.callCount == 3)
        let stale = try #require(events.servedStale.first)
        #expect(events.servedStale.count == 1)
        #expect(stale.url == Self.url)
        #expect(stale.age >= 7_200 && fetchedAt + stale.age <= after)
        #expect(cache.entries[Self.key]?.body == Self.cachedBody)
    }

    @Test("every kind of fetch failure falls back to the stale entry")
    func staleServedForEveryFetchFailure() async throws {
        for step: ScriptedTransport.Step in [.status(429), .status(503), .fail(.timeout("slow")), .json("{")] {
            let events = EventRecorder()
            let client = try ClientFactory.client(
                ScriptedTransport([step]), events: events, cache: Self.cache(age: 7_200))
            #expect(try await client.fetch(Self.show) == Self.cachedBody)
            #expect(events.servedStale.count == 1)
        }
    }

    @Test("without a stale entry, a failure asks the dialog")
    func missAsksDialog() async throws {
        let transport = ScriptedTransport([.status(503)])
        let asked = LockedBox(0)
        let client = try ClientFactory.client(transport, cache: MemoryResponseCache()) { _ in
            asked.withLock { $0 += 1 }
            return false
        }
        guard case .failure(.unavailable) = await Self.fetch(client) else {
            Issue.record("expected unavailable")
            return
        }
        #expect(asked.snapshot == 1)
    }

    @Test("a rejection is not a network failure: the stale entry is not served")
    func rejectionNotServedStale() async throws {
        let transport = ScriptedTransport([.status(422, body: #"{"message":"bad"}"#)])
        let events = EventRecorder()
        let client = try ClientFactory.client(transport, events: events, cache: Self.cache(age: 7_200))
        guard case .failure(.rejected(_, 422, "bad")) = await Self.fetch(client) else {
            Issue.record("expected the rejection")
            return
        }
        #expect(events.servedStale.isEmpty)
    }

    // MARK: 404s

    @Test("a 404 is remembered for notFoundMaxAge and answers the next fetch without a request")
    func notFoundRemembered() async throws {
        let transport = ScriptedTransport([.status(404)])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        #expect(await Self.fetch(client) == .failure(.notFound(url: Self.url)))
        let stored = try #require(cache.entries[Self.key])
        #expect(stored.status == 404)
        #expect(stored.body.isEmpty)
        #expect(stored.maxAge == APIClient.notFoundMaxAge)
        #expect(await Self.fetch(client) == .failure(.notFound(url: Self.url)))
        #expect(transport.callCount == 1)
    }

    @Test("a stale remembered 404 is asked again, and a show that came back replaces it")
    func staleNotFoundRefetched() async throws {
        let transport = ScriptedTransport([.json(#"{"id":1,"name":"network"}"#)])
        let cache = Self.cache(age: 7_200, status: 404)
        let client = try ClientFactory.client(transport, cache: cache)
        #expect(try await client.fetch(Self.show) == Self.networkBody)
        #expect(cache.entries[Self.key]?.status == 200)
    }

    // MARK: Offline and refresh

    @Test("offline serves any cached entry, fresh or stale, without a request")
    func offlineHit() async throws {
        for age in [60.0, 7_200, 10_000_000] {
            let transport = ScriptedTransport([.json("{}")])
            let client = try ClientFactory.client(transport, cache: Self.cache(age: age), cacheMode: .offline)
            #expect(try await client.fetch(Self.show) == Self.cachedBody)
            #expect(transport.callCount == 0)
        }
    }

    @Test("offline, a miss is notCached and a remembered 404 is notFound, without a request")
    func offlineMiss() async throws {
        let transport = ScriptedTransport([.json("{}")])
        let miss = try ClientFactory.client(transport, cache: MemoryResponseCache(), cacheMode: .offline)
        #expect(await Self.fetch(miss) == .failure(.notCached(url: Self.url)))
        let none = try ClientFactory.client(transport, cache: nil, cacheMode: .offline)
        #expect(await Self.fetch(none) == .failure(.notCached(url: Self.url)))
        let gone = try ClientFactory.client(transport, cache: Self.cache(age: 60, status: 404), cacheMode: .offline)
        #expect(await Self.fetch(gone) == .failure(.notFound(url: Self.url)))
        #expect(transport.callCount == 0)
    }

    @Test("refresh asks the network even for a fresh entry, and stores the answer")
    func refreshSkipsFresh() async throws {
        let transport = ScriptedTransport([.json(#"{"id":1,"name":"network"}"#)])
        let cache = Self.cache(age: 1)
        let client = try ClientFactory.client(transport, cache: cache, cacheMode: .refresh)
        #expect(try await client.fetch(Self.show) == Self.networkBody)
        #expect(transport.callCount == 1)
        #expect(cache.entries[Self.key]?.body == Self.networkBody)
    }

    @Test("refresh still falls back to the cached entry when the network fails")
    func refreshFallsBack() async throws {
        let events = EventRecorder()
        let client = try ClientFactory.client(
            ScriptedTransport([.status(500)]), events: events, cache: Self.cache(age: 1), cacheMode: .refresh)
        #expect(try await client.fetch(Self.show) == Self.cachedBody)
        #expect(events.servedStale.count == 1)
    }

    // MARK: Cache-Control

    @Test("Cache-Control: no-store or no-cache keeps the answer out of the cache", arguments: ["no-store", "no-cache"])
    func noStore(directive: String) async throws {
        let transport = ScriptedTransport([.json(#"{"id":1}"#, headers: [("Cache-Control", directive)])])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        _ = try await client.fetch(Self.show)
        _ = try await client.fetch(Self.show)
        #expect(cache.stores.isEmpty)
        #expect(transport.callCount == 2)
    }

    @Test("Cache-Control: max-age sets how long the answer stays fresh")
    func maxAgeHonoured() async throws {
        let transport = ScriptedTransport([.json(#"{"id":1}"#, headers: [("Cache-Control", "public, max-age=120")])])
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(transport, cache: cache)
        _ = try await client.fetch(Self.show)
        #expect(cache.entries[Self.key]?.maxAge == 120)
    }

    @Test("without max-age, index pages stay fresh a day and everything else an hour")
    func defaultMaxAges() async throws {
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(ScriptedTransport([.json("[]")]), cache: cache)
        _ = try await client.fetch(.showIndex(page: 0))
        _ = try await client.fetch(.search(query: "girls"))
        _ = try await client.fetchJSON(url: ClientFactory.baseURL + "/custom", defaultMaxAge: 42)
        let ages = cache.entries.mapValues(\.maxAge)
        #expect(ages[ClientFactory.baseURL + "/shows?page=0"] == 86_400)
        #expect(ages[ClientFactory.baseURL + "/search/shows?q=girls"] == 3_600)
        #expect(ages[ClientFactory.baseURL + "/custom"] == 42)
    }

    @Test("an answer that is not JSON is never stored")
    func invalidNotStored() async throws {
        let cache = MemoryResponseCache()
        let client = try ClientFactory.client(ScriptedTransport([.json("<html>")]), cache: cache)
        guard case .failure(.invalidResponse) = await Self.fetch(client) else {
            Issue.record("expected invalidResponse")
            return
        }
        #expect(cache.stores.isEmpty)
    }
}
