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

    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 1, 2, 3, 4, 5, 6, 7, 8, 0xFF, 0xD9]

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-fetcher-\(UUID().uuidString)").path

    /// Any host allowed, 1 MiB at most.
    static let anyHost = DownloadPolicy(allowedHosts: nil, maxBytes: 1 << 20)

    func fetcher(_ transport: FakeTransport, policy: DownloadPolicy = anyHost) throws -> ImageFetcher {
        let cache = ImageCache(directory: root)
        try cache.prepare()
        let client = try APIClient(
            baseURL: "http://api.invalid", transport: transport, policy: RetryPolicy(retries: 1, baseDelay: 0.001))
        return ImageFetcher(cache: cache, client: client, policy: policy)
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

extension ImageFetcherTests {
    @Test("a host the policy does not allow is neither asked nor served from the cache")
    func refusesHostsNotAllowed() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Self.jpeg)
        }
        let allowed = DownloadPolicy(
            allowedHosts: HostAllowList([HostAllowList.Entry(host: "img.invalid")]), maxBytes: 1 << 20)
        let fetcher = try fetcher(transport, policy: allowed)
        let url = "http://169.254.169.254/latest/meta-data/a.jpg"
        // Even an image cached by an earlier run that allowed the host is not served.
        _ = try fetcher.cache.store(Self.jpeg, for: url)
        await #expect(
            throws: ImageFetchError.refused(url: url, redirectedFrom: nil, reason: .hostNotAllowed("169.254.169.254"))
        ) {
            try await fetcher.localFile(for: url)
        }
        #expect(transport.requests(url) == 0)
        #expect(try await fetcher.localFile(for: "http://img.invalid/ok.jpg").downloaded)
    }

    @Test("an image over the size limit is stopped, not retried, and nothing is stored")
    func capsSize() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let big = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 2_000) + [0xFF, 0xD9]
        let transport = FakeTransport { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: big)
        }
        let fetcher = try fetcher(transport, policy: DownloadPolicy(allowedHosts: nil, maxBytes: 1_000))
        let url = "http://img.invalid/huge.jpg"
        await #expect(throws: ImageFetchError.tooLarge(url: url, maxBytes: 1_000)) {
            try await fetcher.localFile(for: url)
        }
        #expect(transport.requests(url) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
        #expect(
            ImageFetchError.tooLarge(url: url, maxBytes: 20 << 20).localizedDescription
                == "the image at \(url) is larger than the 20.0 MiB --max-size; not stored")
    }

    @Test("a body cut short is retried, reported as not an image, and never stored")
    func refusesCutBodies() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let transport = FakeTransport { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Array(Self.jpeg.dropLast(2)))
        }
        let fetcher = try fetcher(transport)
        let url = "http://img.invalid/cut.jpg"
        await #expect(
            throws: ImageFetchError.notAnImage(
                url: url, attempts: 2, detail: "the body ends without the JPEG end marker (FF D9): it was cut short")
        ) {
            try await fetcher.localFile(for: url)
        }
        #expect(transport.requests(url) == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }
}
