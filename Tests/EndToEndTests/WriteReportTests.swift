import Foundation
import ReplayServer
import Testing

/// On a terminal, `tvm-fav watch`, `unwatch`, `add` and `rm` say what they changed in one line per show instead of
/// paging the records; a pipe, and a terminal given `--jq`, `--fields` or `--format`, still get the records.
@Suite("brief write reports on a terminal")
struct WriteReportTests {
    private let watch = WatchCommandTests()

    #if os(Linux)
        /// Runs a tvm-fav command line on a real terminal, with `cat` as the pager.
        private func onTerminal(_ arguments: String, _ sandbox: Sandbox) async throws -> TerminalScreen {
            try await sandbox.onTerminal("tvm-fav", arguments, environment: ["TVM_PAGER": "cat"])
        }

        @Test(
            "watch and unwatch on a terminal print one line per show; --jq still prints the records",
            Sandbox.scriptRequired
        )
        func watchOnATerminal() async throws {
            try await withReplay { _, sandbox in
                try await watch.tracking(sandbox)
                let marked = try await onTerminal("watch --show Outlander --through S1E12", sandbox)
                #expect(marked.status == 0)
                #expect(marked.lines == ["marked 12 episodes of Outlander, S1E1–S1E12"])
                #expect(
                    try await watch.count("SELECT count(*) FROM watched WHERE show_id = 43", sandbox) == "12",
                    "the marks were saved")
                let one = try await onTerminal("watch 2 3", sandbox)
                #expect(one.lines == ["marked 2 episodes of Under the Dome, S1E2, S1E3"])
                // Outlander's season 1 has 16 episodes; only the 12 marked are unmarked, and a note counts the rest.
                let unmarked = try await onTerminal("unwatch --show 43 --season 1", sandbox)
                #expect(unmarked.status == 0)
                #expect(
                    unmarked.lines == [
                        "tvm-fav: note: 4 episodes were not marked watched; left as they were",
                        "unmarked 12 episodes of Outlander, S1E1–S1E12",
                    ])
                let asked = try await onTerminal("watch --show 43 --through S1E2 --jq ._tvm.show.id", sandbox)
                #expect(asked.lines == ["43", "43"], "a user who asked for output gets the records")
            }
        }

        @Test(
            "add and rm on a terminal name the favorites they changed",
            Sandbox.scriptRequired
        )
        func addAndRemoveOnATerminal() async throws {
            try await withReplay { _, sandbox in
                let added = try await onTerminal("add --no-episodes 1 43", sandbox)
                #expect(added.status == 0)
                #expect(added.lines == ["added 2 favorites: Under the Dome, Outlander"])
                let again = try await onTerminal("add --no-episodes 43 139", sandbox)
                #expect(again.lines == ["added Girls", "updated Outlander"])
                let removed = try await onTerminal("rm --yes 1", sandbox)
                #expect(removed.status == 0)
                #expect(removed.lines == ["removed Under the Dome"])
                #expect(try await sandbox.favoriteIDs().sorted() == [43, 139])
                let several = try await onTerminal("rm --yes 43 139 --format csv", sandbox)
                #expect(several.lines.first == "id,name,status,premiered,genres,rating", "--format asks for records")
                #expect(try await sandbox.favoriteIDs().isEmpty)
            }
        }

        @Test("a name with escape codes reaches the report without them", Sandbox.scriptRequired)
        func hostileName() async throws {
            try await withReplay { server, sandbox in
                let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
                let dome = try #require(page.first { $0.hasPrefix("{\"id\":1,") })
                let hostile = dome.replacingOccurrences(
                    of: #""name":"Under the Dome""#, with: #""name":"Under\u001b]0;pwned\u0007 the Dome""#)
                #expect(hostile != dome)
                try Data((hostile + "\n").utf8).write(to: sandbox.root.appendingPathComponent("shows.jsonl"))
                let added = try await onTerminal("add --no-episodes < shows.jsonl", sandbox)
                #expect(added.status == 0)
                #expect(added.lines == ["added Under the Dome"])
                #expect(!added.text.contains("\u{1B}]") && !added.text.contains("pwned"))
            }
        }
    #endif

    @Test("piped, watch and rm still print their records")
    func pipedRecordsUnchanged() async throws {
        try await withReplay { _, sandbox in
            try await watch.tracking(sandbox)
            let marked = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "Outlander", "--through", "S1E12"])
            #expect(marked.status == 0, "\(marked.stderr)")
            #expect(marked.lines.count == 12)
            #expect(marked.lines.allSatisfy { $0.hasPrefix(#"{"id":"#) && $0.contains(#""watched":"2019-01-16"#) })
            let removed = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "1"])
            #expect(removed.lines.count == 1)
            #expect(removed.lines.first?.hasPrefix(#"{"id":1,"url":"#) == true, "\(removed.stdout)")
        }
    }
}
