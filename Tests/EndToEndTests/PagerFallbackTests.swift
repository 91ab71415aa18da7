import Foundation
import Testing

/// Issue 30, #14: a broken `$PAGER` printed nothing and exited 0.
@Suite("regressions: a pager that fails leaves the output on the terminal")
struct PagerFallbackTests {
    @Test(
        "a broken $PAGER printed nothing and exited 0: the output falls back to the terminal with a warning",
        arguments: ["missing", "false"])
    func brokenPager(_ kind: String) async throws {
        try await withReplay { _, sandbox in
            // A path in the sandbox: "/nonexistent" was once made by a run with --db /nonexistent/x.db.
            let pager = kind == "missing" ? sandbox.root.appendingPathComponent("no-such-pager").path : kind
            let environment = ["PAGER": pager, "LINES": "10", "COLUMNS": "100"]
            let result = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 20 --no-color", environment: environment)
            #expect(result.status == 0, "\(result.stdout)")
            let code = pager == "false" ? "exit status 1" : "exit status 127, not found"
            #expect(
                result.stdout.contains(
                    "tvm-fetch: warning: the pager '\(pager)' failed (\(code)); writing to the terminal instead"),
                "\(result.stdout)")
            // The whole table: its header and first and last of the 20 rows.
            #expect(result.stdout.contains("Under the Dome"))
            let piped = try await sandbox.run("tvm-fetch", ["shows", "--page", "0", "-n", "20", "--jq", ".name"])
            for name in [piped.lines.first, piped.lines.last] {
                let name = try #require(name)
                #expect(result.stdout.contains(String(name.prefix(20))), "\(name) in \(result.stdout)")
            }
        }
    }

    @Test("a pager that shows its input and exits 0 gets no warning, and nothing is written twice")
    func workingPager() async throws {
        try await withReplay { _, sandbox in
            let result = try await runInTerminal(
                sandbox, "tvm-fetch shows --page 0 -n 20 --no-color",
                environment: ["PAGER": "cat -", "LINES": "10", "COLUMNS": "100"])
            #expect(result.status == 0)
            #expect(!result.stdout.contains("warning"))
            #expect(result.stdout.components(separatedBy: "Under the Dome").count == 2, "\(result.stdout)")
        }
    }
}
