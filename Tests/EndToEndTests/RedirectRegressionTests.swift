import Foundation
import ReplayServer
import Testing

/// A redirect can no longer store the wrong show (issue 30 #4): API requests follow redirects only within the
/// API's origin, and `/shows/{id}` must answer show `id`.
@Suite("regressions: redirects stay on the API's origin and never store the wrong show")
struct RedirectRegressionTests {
    private func apiTargets(_ server: ReplayServer) -> [String] {
        server.log.requests.filter(\.isAPI).map(\.target)
    }

    // Regression: `tvm-fetch show 1`, redirected to /shows/2, printed and cached show 2 as show 1, and `tvm-fav
    // add` saved it as favorite 1.
    @Test("a redirect can store the wrong show: show 1 answered by show 139 is invalid data (65), not cached or saved")
    func wrongShow() async throws {
        try await withReplay(faults: [FaultRule(.redirect(to: "/shows/139"), matching: .exact("/shows/1"), times: 2)]) {
            server, sandbox in
            let fetched = try await sandbox.run("tvm-fetch", ["show", "1"])
            #expect(fetched.status == 65, "\(fetched.stderr)")
            #expect(fetched.stdout.isEmpty)
            #expect(
                fetched.stderr.contains("is the record of id 139, not 1; it was not cached or saved"),
                "\(fetched.stderr)"
            )

            let added = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: "1\n")
            #expect(added.status == 65, "\(added.stderr)")
            #expect(try await sandbox.favoriteIDs().isEmpty)

            // The fault is spent: show 1 is asked again (nothing was cached) and is show 1.
            server.log.removeAll()
            let again = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.lines == ["1"])
            #expect(apiTargets(server) == ["/shows/1"])
        }
    }

    @Test("a redirect to another port of the same host is refused (65), and nothing is asked there")
    func otherPort() async throws {
        try await withReplay { other, _ in
            let elsewhere = other.baseURL + "/shows/1"
            try await withReplay(faults: [FaultRule(.redirect(to: elsewhere), matching: .exact("/shows/1"))]) {
                server, sandbox in
                let fetched = try await sandbox.run("tvm-fetch", ["show", "1"])
                #expect(fetched.status == 65, "\(fetched.stderr)")
                #expect(
                    fetched.stderr.contains(
                        "refused to follow the redirect from \(server.baseURL)/shows/1 to \(elsewhere)"),
                    "\(fetched.stderr)")
                #expect(fetched.stderr.contains("an API request follows redirects only within"), "\(fetched.stderr)")
                #expect(other.log.count == 0)
            }
        }
    }

    // Regression: a redirect loop exited 64, the usage error, with an "HTTP 310" the server never sent.
    @Test("a redirect loop is refused after five redirects (65); the other shows still come")
    func redirectLoop() async throws {
        try await withReplay(faults: [FaultRule(.redirect(to: "/shows/1"), matching: .exact("/shows/1"))]) {
            server, sandbox in
            let fetched = try await sandbox.run("tvm-fetch", ["show", "1", "43", "--jq", ".id"])
            #expect(fetched.status == 65, "\(fetched.stderr)")
            #expect(fetched.lines == ["43"])
            #expect(
                fetched.stderr.contains(
                    "refused to follow the redirect from \(server.baseURL)/shows/1 to \(server.baseURL)/shows/1: it "
                        + "would be redirect number 6, and at most 5 are followed (a redirect loop?)"),
                "\(fetched.stderr)")
            #expect(!fetched.stderr.contains("HTTP 310"))
        }
    }

    @Test("a redirect within the API's host is followed: /shows/1 moved to /shows/1?x answers show 1")
    func sameOrigin() async throws {
        try await withReplay(faults: [FaultRule(.redirect(to: "/shows/1?embed=cast"), matching: .exact("/shows/1"))]) {
            server, sandbox in
            let fetched = try await sandbox.run("tvm-fetch", ["show", "1", "--jq", ".id"])
            #expect(fetched.status == 0, "\(fetched.stderr)")
            #expect(fetched.lines == ["1"])
            #expect(apiTargets(server) == ["/shows/1", "/shows/1?embed=cast"])
        }
    }
}
