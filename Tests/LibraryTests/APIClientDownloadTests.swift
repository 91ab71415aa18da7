import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMazeAPI

@Suite("APIClient downloads: allowed hosts, redirects checked hop by hop, a size cap while streaming")
struct APIClientDownloadTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]

    static func image(_ body: [UInt8] = jpeg, headers: [(name: String, value: String)] = []) -> ScriptedTransport.Step {
        .respond(HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")] + headers, body: body))
    }

    static func redirect(to location: String, status: Int = 302) -> ScriptedTransport.Step {
        .status(status, headers: [("Location", location)])
    }

    static func policy(_ hosts: [String]?, maxBytes: Int = 1 << 20) -> DownloadPolicy {
        DownloadPolicy(
            allowedHosts: hosts.map { HostAllowList($0.compactMap(HostAllowList.Entry.init(parsing:))) },
            maxBytes: maxBytes)
    }

    @Test("a redirect within the allowed hosts is followed, relative or absolute, and the image returned")
    func followsAllowedRedirects() async throws {
        let transport = ScriptedTransport([
            Self.redirect(to: "/b.jpg"), Self.redirect(to: "http://cdn.test:8080/c.jpg", status: 301), Self.image(),
        ])
        let client = try ClientFactory.client(transport)
        let response = try await client.downloadBody(
            url: "http://images.test/a.jpg", policy: Self.policy(["images.test", "cdn.test:8080"]))
        #expect(response.body == Self.jpeg)
        #expect(
            transport.calls.map(\.url)
                == ["http://images.test/a.jpg", "http://images.test/b.jpg", "http://cdn.test:8080/c.jpg"])
    }

    @Test("a redirect to a host not allowed ends the download: nothing is sent there, nothing is retried")
    func refusesRedirectElsewhere() async throws {
        let transport = ScriptedTransport([Self.redirect(to: "http://169.254.169.254/latest/meta-data/")])
        let client = try ClientFactory.client(transport)
        await #expect(
            throws: APIError.refused(
                url: "http://169.254.169.254/latest/meta-data/", redirectedFrom: "http://images.test/a.jpg",
                reason: .hostNotAllowed("169.254.169.254"))
        ) {
            try await client.downloadBody(url: "http://images.test/a.jpg", policy: Self.policy(["images.test"]))
        }
        #expect(transport.calls.map(\.url) == ["http://images.test/a.jpg"])
    }

    @Test("a URL that is not allowed, or names a user, is refused before any request")
    func refusesBeforeSending() async throws {
        let transport = ScriptedTransport([Self.image()])
        let client = try ClientFactory.client(transport)
        let policy = Self.policy(["images.test"])
        for (url, reason) in [
            ("http://127.0.0.1:22/a.jpg", URLRefusal.hostNotAllowed("127.0.0.1:22")),
            ("http://user:pw@images.test/a.jpg", .userInfo),
        ] {
            await #expect(throws: APIError.refused(url: url, redirectedFrom: nil, reason: reason)) {
                try await client.downloadBody(url: url, policy: policy)
            }
        }
        #expect(transport.callCount == 0)
        // Without an allow-list any host goes, but never another scheme through a redirect.
        let anywhere = try ClientFactory.client(ScriptedTransport([Self.redirect(to: "file:///etc/passwd")]))
        await #expect(
            throws: APIError.refused(
                url: "file:///etc/passwd", redirectedFrom: "http://anywhere.test/a.jpg", reason: .scheme("file"))
        ) {
            try await anywhere.downloadBody(url: "http://anywhere.test/a.jpg", policy: Self.policy(nil))
        }
    }

    @Test("more redirects than the policy allows is an error, not a loop")
    func boundsRedirects() async throws {
        let transport = ScriptedTransport([Self.redirect(to: "/again.jpg")])
        let client = try ClientFactory.client(transport)
        var policy = Self.policy(["images.test"])
        policy.maxRedirects = 3
        await #expect(
            throws: APIError.refused(
                url: "http://images.test/again.jpg", redirectedFrom: "http://images.test/again.jpg",
                reason: .tooManyRedirects(3))
        ) {
            try await client.downloadBody(url: "http://images.test/a.jpg", policy: policy)
        }
        #expect(transport.callCount == 4)
    }

    @Test("a body over the limit ends the download at once, announced or not, and is not retried")
    func capsSize() async throws {
        let big = Self.jpeg + [UInt8](repeating: 0, count: 100)
        for step in [Self.image(big), Self.image(big, headers: [("Content-Length", "104")])] {
            let transport = ScriptedTransport([step])
            let client = try ClientFactory.client(transport)
            await #expect(throws: APIError.tooLarge(url: "http://images.test/a.jpg", maxBytes: 100)) {
                try await client.downloadBody(url: "http://images.test/a.jpg", policy: Self.policy(nil, maxBytes: 100))
            }
            #expect(transport.callCount == 1)
        }
        let exact = ScriptedTransport([Self.image(big)])
        let body = try await ClientFactory.client(exact).downloadBody(
            url: "http://images.test/a.jpg", policy: Self.policy(nil, maxBytes: 104))
        #expect(body.body.count == 104, "a body of exactly the limit is whole")
    }

    @Test("an error answer still maps to its error: 404 not found, 5xx retried")
    func errorAnswers() async throws {
        let transport = ScriptedTransport([.status(503), .status(404, body: "{}")])
        let client = try ClientFactory.client(transport)
        await #expect(throws: APIError.notFound(url: "http://images.test/a.jpg")) {
            try await client.downloadBody(url: "http://images.test/a.jpg")
        }
        #expect(transport.callCount == 2)
    }
}
