import Foundation
import Testing

@testable import TVMazeAPI

@Suite("Host allow-list: which URLs a download may reach")
struct HostAllowListTests {
    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test(
        "entries read as a host on any port, or a host on one port",
        arguments: [
            ("static.tvmaze.com", "static.tvmaze.com", nil),
            ("Images.Example.COM.", "images.example.com", nil),
            ("127.0.0.1:8080", "127.0.0.1", 8080),
            (" localhost:1 ", "localhost", 1),
            ("::1", "::1", nil),
            ("[::1]:8080", "::1", 8080),
            ("[fe80::1]", "fe80::1", nil),
        ] as [(String, String, Int?)])
    func parsesEntries(text: String, host: String, port: Int?) throws {
        let entry = try #require(HostAllowList.Entry(parsing: text))
        #expect(entry == HostAllowList.Entry(host: host, port: port))
        #expect(HostAllowList.Entry(parsing: entry.description) == entry, "the description reads back")
    }

    @Test(
        "anything but a host with an optional port is not an entry",
        arguments: [
            "", ":80", "http://example.com", "example.com/images", "user@example.com", "example.com:",
            "example.com:http", "example.com:0", "example.com:70000", "[::1", "[::1]x", "[example.com]:80", "a b",
            "*.example.com",
        ])
    func rejectsEntries(text: String) {
        #expect(HostAllowList.Entry(parsing: text) == nil)
    }

    @Test("a host entry allows every port; a host:port entry only its port, the scheme's default included")
    func matchesPorts() {
        let list = HostAllowList([
            HostAllowList.tvmazeImages, HostAllowList.Entry(host: "127.0.0.1", port: 8080),
            HostAllowList.Entry(host: "api.example.com", port: 443),
        ])
        for allowed in [
            "https://static.tvmaze.com/uploads/a.jpg", "http://STATIC.tvmaze.com:8443/a.jpg",
            "https://static.tvmaze.com./a.jpg", "http://127.0.0.1:8080/uploads/a.jpg",
            "https://api.example.com/a.jpg", "https://api.example.com:443/a.jpg",
        ] {
            #expect(list.refusal(for: Self.url(allowed)) == nil, "\(allowed)")
        }
        let refused: [(String, URLRefusal)] = [
            ("http://127.0.0.1:8081/uploads/a.jpg", .hostNotAllowed("127.0.0.1:8081")),
            ("http://127.0.0.1/uploads/a.jpg", .hostNotAllowed("127.0.0.1")),
            ("http://api.example.com/a.jpg", .hostNotAllowed("api.example.com")),
            ("http://169.254.169.254/latest/meta-data/", .hostNotAllowed("169.254.169.254")),
            // The same address spelled as one number is not on the list either.
            ("http://2852039166/latest/meta-data/", .hostNotAllowed("2852039166")),
            ("http://[::1]:8080/a.jpg", .hostNotAllowed("[::1]:8080")),
            ("http://static.tvmaze.com.evil.test/a.jpg", .hostNotAllowed("static.tvmaze.com.evil.test")),
            ("http://user:pw@static.tvmaze.com/a.jpg", .userInfo),
            ("http://static.tvmaze.com@169.254.169.254/a.jpg", .userInfo),
            ("file:///etc/passwd", .scheme("file")),
            ("ftp://static.tvmaze.com/a.jpg", .scheme("ftp")),
        ]
        for (url, reason) in refused {
            #expect(list.refusal(for: Self.url(url)) == reason, "\(url)")
        }
    }

    @Test("the origin of the API URL is its host on its port, explicit or the scheme's default")
    func origins() {
        #expect(HostAllowList.origin(of: "http://127.0.0.1:4567") == HostAllowList.Entry(host: "127.0.0.1", port: 4567))
        #expect(
            HostAllowList.origin(of: "https://api.tvmaze.com") == HostAllowList.Entry(host: "api.tvmaze.com", port: 443)
        )
        #expect(
            HostAllowList.origin(of: "http://mirror.test/api") == HostAllowList.Entry(host: "mirror.test", port: 80))
        #expect(HostAllowList.origin(of: "ftp://mirror.test") == nil)
        #expect(HostAllowList.origin(of: "/shows") == nil)
    }

    @Test("a refusal names what to allow; a password never reaches a message")
    func messages() {
        #expect(
            URLRefusal.hostNotAllowed("169.254.169.254").description
                == "host 169.254.169.254 is not allowed; allow it with --allow-host 169.254.169.254")
        #expect(URLRefusal.redacted("http://user:secret@host.test/a.jpg") == "http://user:***@host.test/a.jpg")
        #expect(URLRefusal.redacted("http://user@host.test/a.jpg") == "http://user@host.test/a.jpg")
        #expect(URLRefusal.redacted("http://host.test/a@b.jpg") == "http://host.test/a@b.jpg")
        // A URL that does not parse is hidden too (an API URL is quoted when it is refused).
        #expect(URLRefusal.redacted("http://me:secret@[::1") == "http://me:***@[::1")
        #expect(URLRefusal.redacted("http://me:secret@exa mple.com/x") == "http://me:***@exa mple.com/x")
        #expect(URLRefusal.redacted("http://a:b@c@host.test/") == "http://a:***@host.test/")
        let error = APIError.refused(url: "http://u:pw@x.test/a", redirectedFrom: nil, reason: .userInfo)
        #expect(
            error.localizedDescription
                == "refused to fetch http://u:***@x.test/a: URLs with a user name or password are never fetched")
    }
}
