import ReplayServer
import Testing

@Suite("Fault specs")
struct FaultSpecTests {
    @Test(
        "specs parse into rules",
        arguments: [
            ("429", FaultRule(.tooManyRequests(retryAfter: nil))),
            ("429:2@/shows#3", FaultRule(.tooManyRequests(retryAfter: 2), matching: .prefix("/shows"), times: 3)),
            ("503@=/shows/1#1", FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 1)),
            ("500@*", FaultRule(.serverError(status: 500))),
            ("stall@/search/", FaultRule(.stall, matching: .prefix("/search/"))),
            ("delay:300@/shows/1/cast", FaultRule(.delay(.milliseconds(300)), matching: .prefix("/shows/1/cast"))),
            ("cut", FaultRule(.closeBeforeResponse)),
            ("cut-after-headers#2", FaultRule(.closeAfterHeaders, times: 2)),
            ("truncate", FaultRule(.truncatedBody(keepingBytes: nil))),
            ("truncate:10", FaultRule(.truncatedBody(keepingBytes: 10))),
            ("invalid-json@=/search/shows?q=a b", FaultRule(.invalidJSON, matching: .exact("/search/shows?q=a b"))),
            ("html", FaultRule(.htmlBody)),
            ("no-length@/uploads/", FaultRule(.unframedBody(keepingBytes: nil), matching: .prefix("/uploads/"))),
            ("no-length:40", FaultRule(.unframedBody(keepingBytes: 40))),
            ("huge:2147483648#1", FaultRule(.hugeImage(bytes: 2_147_483_648, announcesLength: false), times: 1)),
            ("huge-length:1000", FaultRule(.hugeImage(bytes: 1000, announcesLength: true))),
            (
                "redirect:http://127.0.0.1:9/uploads/a.jpg@=/uploads/b.jpg",
                FaultRule(.redirect(to: "http://127.0.0.1:9/uploads/a.jpg"), matching: .exact("/uploads/b.jpg"))
            ),
        ])
    func parsesSpecs(spec: String, expected: FaultRule) throws {
        #expect(try FaultRule(spec: spec) == expected)
    }

    @Test("a rule's description is a spec that parses back to it")
    func descriptionRoundTrips() throws {
        for spec in [
            "429:2@/shows#3", "503@=/shows/1#1", "delay:250", "truncate:7@/people", "html", "no-length",
            "no-length:3@/uploads/", "huge:5000#2", "huge-length:7", "redirect:/uploads/x.jpg@=/uploads/y.jpg",
        ] {
            let rule = try FaultRule(spec: spec)
            #expect(rule.description == spec)
            #expect(try FaultRule(spec: rule.description) == rule)
        }
    }

    @Test(
        "bad specs are rejected with the spec quoted",
        arguments: [
            "", "404", "429:x", "stall:5", "delay", "cut@shows", "500#0", "500#many", "teapot", "huge", "huge:x",
            "huge-length:-1", "no-length:x", "redirect", "redirect:",
        ])
    func rejectsBadSpecs(spec: String) {
        #expect {
            try FaultRule(spec: spec)
        } throws: { error in
            guard case .invalidFaultSpec(let quoted, _) = error as? ReplayServerError else { return false }
            return quoted == spec && (error as? ReplayServerError)?.errorDescription?.contains("'\(spec)'") == true
        }
    }

    @Test("rate limits parse from LIMIT/SECONDS")
    func parsesRateLimits() throws {
        #expect(try RateLimit(spec: "20/10") == RateLimit.tvmaze)
        #expect(
            try RateLimit(spec: "5/1", retryAfter: .seconds(3))
                == RateLimit(limit: 5, window: .seconds(1), retryAfter: .seconds(3)))
        for bad in ["20", "20/", "/10", "0/10", "20/0", "a/b", "20/10/1"] {
            #expect(throws: ReplayServerError.invalidRateLimit(spec: bad)) { try RateLimit(spec: bad) }
        }
    }
}
