import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("CacheControl")
struct CacheControlTests {
    @Test(
        "max-age gives the freshness lifetime",
        arguments: [
            ("max-age=3600", 3600.0), ("public, max-age=60", 60), ("MAX-AGE=10", 10), (" max-age = 5 , public", 5),
            (#"max-age="30""#, 30), ("max-age=0", 0), ("max-age=-5", 0), ("max-age=1.5", 1.5),
        ]
    )
    func maxAge(header: String, seconds: Double) {
        #expect(CacheControl.maxAge(header) == seconds)
    }

    @Test(
        "no-store and no-cache mean nothing may be kept", arguments: ["no-store", "no-cache", "max-age=60, no-store"])
    func noStore(header: String) {
        #expect(CacheControl.maxAge(header) == 0)
    }

    @Test(
        "a header that says nothing about freshness gives nil",
        arguments: [nil, "", "public", "private, must-revalidate", "max-age", "max-age=soon", "s-maxage=60", ", ,"]
            as [String?]
    )
    func silent(header: String?) {
        #expect(CacheControl.maxAge(header) == nil)
    }

    // Regression: a directive that is only "=" split into no parts, and reading its name crashed the client.
    @Test("a directive with an empty name is ignored", arguments: ["=", "=5", "public, =, max-age=7"])
    func emptyDirectiveName(header: String) {
        #expect(CacheControl.maxAge(header) == (header.contains("max-age") ? 7 : nil))
    }
}
