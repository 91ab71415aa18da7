import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Images made local: cache first, one download per URL, bodies checked")
struct ImageFetcherTests {
    /// A transport that answers from a closure and counts requests per URL.
    final class FakeTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]
        let delay: Duration
        let answer: @Sendable (String) -> HTTPResponse

        init(delay: Duration = .zero, answer: @escaping @Sendable (String) -> HTTPResponse) {
            self.delay = delay
            self.answer = answer
        }

        func requests(_ url: String) -> Int { lock.withLock { counts[url, default: 0] } }

        func get(_ url: String, headers: [(name: String, value: String)]) async throws(TransportFailure)
            -> HTTPResponse
        {
            lock.withLock { counts[url, default: 0] += 1 }
            if delay > .zero { try? await Task.sleep(for: delay) }
            return answer(url)
        }

        func shutdown() async {}
    }

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 1, 2, 3, 4, 5, 6, 7, 8]

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-fetcher-\(UUID().uuidString)").path

    func fetcher(_ transport: FakeTransport) throws -> ImageFetcher {
        let cache = ImageCache(directory: root)
        try cache.prepare()
        let client = try APIClient(
            baseURL: "http://api.invalid", transport: transport, policy: RetryPolicy(retries: 1, baseDelay: 0.001))
        return ImageFetcher(cache: cache, client: client)
    }

    @Test("the first call downloads and stores; the next is served from the cache without a request")
    func downloadsOnce() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Self.jpeg)
        }
        let fetcher = try fetcher(transport)
        let url = "http://img.invalid/a.jpg"
        let first = try await fetcher.localFile(for: url)
        #expect(first.downloaded)
        #expect(FileManager.default.contents(atPath: first.path).map(Array.init) == Self.jpeg)
        let second = try await fetcher.localFile(for: url)
        #expect(second == ImageFetcher.LocalFile(path: first.path, downloaded: false))
        #expect(transport.requests(url) == 1)
    }

    @Test("callers asking for the same URL at once share one download")
    func coalesces() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport(delay: .milliseconds(100)) { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Self.jpeg)
        }
        let fetcher = try fetcher(transport)
        let url = "http://img.invalid/same.jpg"
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await fetcher.localFile(for: url).path } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(paths.count == 1)
        #expect(transport.requests(url) == 1)
    }

    @Test("a body that is not an image is retried, reported and never stored")
    func refusesNonImages() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8))
        }
        let fetcher = try fetcher(transport)
        let url = "http://img.invalid/portal.jpg"
        await #expect(
            throws: ImageFetchError.notAnImage(url: url, attempts: 2, detail: #"content type "text/html", not image/*"#)
        ) {
            try await fetcher.localFile(for: url)
        }
        #expect(transport.requests(url) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }

    @Test("a 404 is a download error; a URL that is not http(s) is refused without a request")
    func failures() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport { _ in HTTPResponse(status: 404, body: Array("{}".utf8)) }
        let fetcher = try fetcher(transport)
        await #expect(throws: ImageFetchError.download(.notFound(url: "http://img.invalid/gone.jpg"))) {
            try await fetcher.localFile(for: "http://img.invalid/gone.jpg")
        }
        await #expect(throws: ImageFetchError.invalidURL("file:///etc/passwd")) {
            try await fetcher.localFile(for: "file:///etc/passwd")
        }
        #expect(transport.requests("file:///etc/passwd") == 0)
    }
}
