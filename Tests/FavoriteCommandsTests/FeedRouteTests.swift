import Foundation
import NIOHTTP1
import Testing

@testable import FavoriteCommands

/// What `tvm-fav serve` answers a request line with, before any database is read.
@Suite("tvm-fav serve's routes and refusals")
struct FeedRouteTests {
    func route(_ target: String, method: String = "GET", headers: Int = 3, token: String? = nil) -> FeedRoute {
        FeedRoute(method: method, target: target, headerCount: headers, token: token)
    }

    @Test("the three feeds, with or without a query, by GET or HEAD")
    func feeds() {
        #expect(route("/calendar.ics") == .calendar)
        #expect(route("/calendar.ics?x=1", method: "HEAD") == .calendar)
        #expect(route("/next.json") == .next)
        #expect(route("/changes.json") == .changes)
        #expect(route("/") == .refused(status: 404, reason: "no such feed"))
        #expect(route("/calendar.ics/") == .refused(status: 404, reason: "no such feed"))
    }

    @Test("other methods 405, long targets 414, many headers 431, traversal and encodings 400")
    func refusals() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "get"] {
            #expect(
                route("/calendar.ics", method: method)
                    == .refused(status: 405, reason: "method not allowed (GET and HEAD only)"))
        }
        #expect(route("/" + String(repeating: "a", count: 1_024)) == .refused(status: 414, reason: "URI too long"))
        #expect(route("/calendar.ics", headers: 65) == .refused(status: 431, reason: "too many header fields"))
        for target in [
            "/../etc/passwd", "/./calendar.ics", "/%2e%2e/x", "//calendar.ics", "/a\\b", "calendar.ics", "*",
        ] {
            #expect(route(target) == .refused(status: 400, reason: "bad path"), "\(target)")
        }
    }

    @Test("with a token, only /TOKEN/feed answers; anything else is 404 and the log never shows what was tried")
    func token() {
        let secret = "0123456789abcdef0123456789abcdef"
        #expect(route("/\(secret)/calendar.ics", token: secret) == .calendar)
        #expect(route("/calendar.ics", token: secret) == .refused(status: 404, reason: "wrong or missing token"))
        #expect(route("/\(secret.dropLast())/calendar.ics", token: secret).logged == "(wrong or missing token)")
        #expect(
            route("/\(secret)x/next.json", token: secret) == .refused(status: 404, reason: "wrong or missing token"))
        #expect(route("/\(secret)/nothing", token: secret) == .refused(status: 404, reason: "no such feed"))
        #expect(FeedRoute.same(secret, secret) && !FeedRoute.same("", secret) && !FeedRoute.same(secret + "0", secret))
    }

    @Test("HTTP dates read back what they write; the validator changes with the bytes")
    func validators() throws {
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(FeedResponse.httpDate(date) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(FeedResponse.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT") == date)
        #expect(FeedResponse.parseHTTPDate("yesterday") == nil)
        #expect(FeedResponse.digest(Array("a".utf8)) != FeedResponse.digest(Array("b".utf8)))
        #expect(FeedResponse.digest([]) == FeedResponse.digest([]))
    }

    // Regression: a tag a proxy had weakened (W/"…") was not matched, so the poller got the whole feed again.
    @Test("If-None-Match compares tags weakly (RFC 9110 13.1.2), in a list or alone; a different tag gets 200")
    func weakTags() {
        let feed = FeedResponse.feed(Array("x".utf8), contentType: "text/plain", modified: nil)
        let tag = feed.headers.first(name: "ETag")!
        for header in [tag, "W/\(tag)", "\"other\", W/\(tag)", "*"] {
            var response = feed
            response.applyConditions(of: HTTPHeaders([("If-None-Match", header)]))
            #expect(response.status == 304, "\(header)")
            #expect(response.body.isEmpty)
        }
        var changed = feed
        changed.applyConditions(of: HTTPHeaders([("If-None-Match", "W/\"other\"")]))
        #expect(changed.status == 200 && changed.body == Array("x".utf8))
    }
}
