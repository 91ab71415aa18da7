import Foundation
import ReplayServer
import Testing

@Suite("Synthetic show pages")
struct SyntheticPageTests {
    @Test("page N reuses recorded page N mod 3 with ids shifted into 250N..<250N+250")
    func shiftsIDs() async throws {
        try await TestSupport.withServer(syntheticShowPages: 6) { server async throws in
            for page in 0..<6 {
                let body = try await RawHTTP.response("/shows?page=\(page)", port: server.port).body
                let recorded = try await RawHTTP.response("/shows?page=\(page % 3)", port: server.port).body
                let ids = try TestSupport.showIDs(body)
                #expect(ids == (try TestSupport.showIDs(recorded)).map { $0 + 250 * (page - page % 3) })
                #expect(ids.allSatisfy { (250 * page..<250 * page + 250).contains($0) }, "page \(page)")
                #expect(ids == ids.sorted())
            }
        }
    }

    @Test("only the top-level ids change; nested ids and the layout are kept")
    func keepsEverythingElse() async throws {
        try await TestSupport.withServer(syntheticShowPages: 60) { server async throws in
            let synthetic = try await RawHTTP.response("/shows?page=4", port: server.port).body
            let recorded = try await RawHTTP.response("/shows?page=1", port: server.port).body
            #expect(String(decoding: synthetic, as: UTF8.self).hasPrefix("[\n"))
            let shifted = try JSONSerialization.jsonObject(with: Data(synthetic)) as? [[String: Any]] ?? []
            let original = try JSONSerialization.jsonObject(with: Data(recorded)) as? [[String: Any]] ?? []
            #expect(shifted.count == original.count)
            for (new, old) in zip(shifted, original) {
                var new = new
                var old = old
                #expect(
                    new.removeValue(forKey: "id") as? Int == (old.removeValue(forKey: "id") as? Int).map { $0 + 750 })
                #expect(NSDictionary(dictionary: new).isEqual(to: old))
            }
        }
    }

    @Test("page K and beyond are 404, ending the index")
    func endsAtPageCount() async throws {
        try await TestSupport.withServer(syntheticShowPages: 4) { server async throws in
            #expect(try await RawHTTP.response("/shows?page=3", port: server.port).status == 200)
            for page in [4, 5, 100] {
                let response = try await RawHTTP.response("/shows?page=\(page)", port: server.port)
                #expect(response.status == 404)
                #expect(response.body == (try TestSupport.fixture("errors/404.json")))
            }
        }
    }

    @Test("a page count below the recorded pages hides the later recordings")
    func pageCountIsAuthoritative() async throws {
        try await TestSupport.withServer(syntheticShowPages: 1) { server async throws in
            #expect(try await RawHTTP.response("/shows?page=0", port: server.port).status == 200)
            #expect(try await RawHTTP.response("/shows?page=1", port: server.port).status == 404)
        }
    }

    @Test("synthetic pages need recorded pages to start")
    func needsRecordedPages() async throws {
        let root = try TestSupport.scratchFixtures(["shows/1.json": "{}"])
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect(throws: ReplayServerError.noRecordedShowPages(path: root.path)) {
            try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: root, syntheticShowPages: 10))
        }
    }
}
