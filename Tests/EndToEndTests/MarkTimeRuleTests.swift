import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: `--at 1800-01-01` was accepted, and imported marks could say a future time `--at` refused.
@Suite("regressions: one rule for the time a mark says, --at and import alike")
struct MarkTimeRuleTests {
    @Test("`--at 1800-01-01` was accepted: --at before 1900 or past the clock (beyond 5 minutes) is a usage error")
    func atOutOfRange() async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            // TVM_NOW is 2019-01-16T00:00:00Z.
            let refused: [(String, String)] = [
                ("1800-01-01", "--at 1800-01-01 is before 1900-01-01, earlier than any television"),
                ("1899-12-31T23:59:59Z", "--at 1899-12-31T23:59:59Z is before 1900-01-01, earlier than any television"),
                ("2019-01-16T00:05:01Z", "--at 2019-01-16T00:05:01Z is in the future"),
            ]
            for (at, message) in refused {
                let result = try await sandbox.runInProcess("tvm-fav", ["watch", "1", "--at", at])
                #expect(result.status == 64, "\(at): \(result.stderr)")
                #expect(
                    result.stderr.contains(message + "; a mark says when an episode was watched"), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            #expect(try await WatchCommandTests().count("SELECT count(*) FROM watched", sandbox) == "0")
            // Regression: --at dropped its milliseconds, which import keeps for the same text.
            for (episode, at) in [
                ("1", "1900-01-01"), ("2", "2019-01-16T00:04:00Z"), ("3", "2018-06-01T10:00:00.750z"),
            ] {
                let result = try await sandbox.runInProcess("tvm-fav", ["watch", episode, "--at", at, "--jq", ".id"])
                #expect(result.status == 0, "\(at): \(result.stderr)")
            }
            #expect(
                try await WatchCommandTests().count("SELECT watched_at FROM watched ORDER BY episode_id", sandbox)
                    == "1900-01-01 00:00:00.000\n2019-01-16 00:04:00.000\n2018-06-01 10:00:00.750")
        }
    }

    @Test(
        "imported marks with a future watched_at were kept: a row before 1900 or in the future is skipped and named, the rest imported"
    )
    func importOutOfRange() async throws {
        try await withImportReplay { _, sandbox in
            let csv = """
                tvmaze_id,season,episode,watched_at
                43,1,1,2018-06-04T00:00:00Z
                43,1,2,2999-01-01T00:00:00Z
                43,1,3,1800-01-01
                43,1,4,
                """
            let result = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-"], stdin: csv + "\n",
                environment: ["TVM_NOW": "2019-01-16T00:00:00Z"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("line 3: impossible time: watched_at 2999-01-01T00:00:00Z is in the future"),
                "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "line 4: impossible time: watched_at 1800-01-01T00:00:00Z is before 1900-01-01, earlier than any television"
                ))
            #expect(result.stderr.contains("2 rows skipped: 2 impossible times"), "\(result.stderr)")
            let marks = try await sandbox.run("tvm-fav", ["watched", "--jq", ".watched_at"])
            #expect(marks.lines.sorted() == ["2018-06-04T00:00:00.000Z", "null"], "\(marks.lines)")
        }
    }

    // Regression: watch's stdin refused a date-only watched_at that --at and import accept.
    @Test("watch reads a day alone on stdin as its start in UTC, and keeps a time's milliseconds")
    func stdinDayAndFraction() async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            let stdin = """
                {"episode":1,"show":1,"watched_at":"2018-06-04"}
                {"episode":2,"show":1,"watched_at":"2018-06-04T20:00:00.25Z"}

                """
            let result = try await sandbox.runInProcess("tvm-fav", ["watch"], stdin: stdin)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                try await WatchCommandTests().count("SELECT watched_at FROM watched ORDER BY episode_id", sandbox)
                    == "2018-06-04 00:00:00.000\n2018-06-04 20:00:00.250")
        }
    }

    @Test(
        "marks read by watch from stdin skipped the time rule: a mark before 1900 or in the future is named and skipped, the rest saved"
    )
    func stdinMarksOutOfRange() async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            // TVM_NOW is 2019-01-16T00:00:00Z; episodes 1 to 4 are Under the Dome's first four (show 1).
            let stdin = """
                {"episode":1,"show":1,"watched_at":"2018-06-04T20:00:00.000Z"}
                {"episode":2,"show":1,"watched_at":"1800-01-01T00:00:00Z"}
                {"episode":3,"show":1,"watched_at":"2999-01-01T00:00:00Z"}
                {"episode":4,"show":1,"watched_at":"2019-01-15T21:00:00.000Z"}
                """
            let result = try await sandbox.runInProcess("tvm-fav", ["watch", "--jq", ".id"], stdin: stdin + "\n")
            #expect(result.status == 65, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "stdin line 2: impossible time: watched_at 1800-01-01T00:00:00Z is before 1900-01-01, "
                        + "earlier than any television"),
                "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "stdin line 3: impossible time: watched_at 2999-01-01T00:00:00Z is in the future"),
                "\(result.stderr)")
            #expect(
                result.stderr.contains("2 marks skipped for an impossible time; the others go on"), "\(result.stderr)")
            #expect(result.lines == ["1", "4"], "\(result.stdout)")
            #expect(
                try await WatchCommandTests().count(
                    "SELECT episode_id || ' ' || watched_at FROM watched ORDER BY episode_id", sandbox)
                    == "1 2018-06-04 20:00:00.000\n4 2019-01-15 21:00:00.000")
        }
    }
}
