import Foundation
import ReplayServer
import Testing

/// `tvm-fav changes --exec` (issue 28) and `--mark-seen` into a pipe (issue 30 #2): news is marked seen only when it
/// was delivered, and a notifier that fails loses nothing.
@Suite("Change delivery", .serialized)
struct ChangeDeliveryTests {
    /// Puts an executable script on a PATH of its own in the sandbox; returns that PATH.
    static func stub(_ name: String, _ script: String, in sandbox: Sandbox) throws -> String {
        let folder = sandbox.root.appendingPathComponent("stub-bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + script).utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return folder.path + ":/usr/bin:/bin"
    }

    /// A notifier that fails its first call, then appends each event it reads on stdin to `delivered.jsonl`.
    static let failsOnce = """
        if [ ! -e "$HOME/failed-once" ]; then : > "$HOME/failed-once"; echo "notifier: not now" >&2; exit 3; fi
        cat >> "$HOME/delivered.jsonl"
        echo "notified: $TVM_SHOW: $TVM_SUMMARY"

        """

    static func unseen(_ sandbox: Sandbox) async throws -> Int {
        Int(try await ChangeFeedTests.sql("SELECT count(*) FROM change_event WHERE seen_at IS NULL", sandbox)) ?? -1
    }

    @Test("a notifier that fails once, then works: over two runs every event is delivered exactly once")
    func failsOnceThenWorks() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let all = try await sandbox.run("tvm-fav", ["changes"])
            #expect(all.lines.count == 6)
            let path = try Self.stub("notifier", Self.failsOnce, in: sandbox)
            let arguments = ["changes", "--unseen", "--mark-seen", "--exec", "notifier"]
            let first = try await sandbox.run("tvm-fav", arguments, environment: ["PATH": path])
            // The run exits with the failed command's status and names the event that stays unseen.
            #expect(first.status == 3, "\(first.stderr)")
            #expect(first.stdout.isEmpty)
            #expect(first.stderr.contains("notifier: not now"))
            #expect(
                first.stderr.contains(
                    "--exec: 'notifier' exited with status 3 for the status_changed event of show 1 (\"Under the Dome\"); it stays unseen for the next run"
                ))
            // The command's own output goes to stderr.
            #expect(first.stderr.contains("notified: Under the Dome: Season 3 announced"))
            #expect(try await Self.unseen(sandbox) == 1)
            let second = try await sandbox.run("tvm-fav", arguments, environment: ["PATH": path])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr == "notified: Under the Dome: Status changed from Running to Ended.\n")
            let third = try await sandbox.run("tvm-fav", arguments, environment: ["PATH": path])
            #expect(third.status == 1)
            #expect(third.stderr.isEmpty)
            let delivered = try String(
                contentsOf: sandbox.root.appendingPathComponent("delivered.jsonl"), encoding: .utf8
            )
            .split(separator: "\n").map(String.init)
            #expect(delivered.count == 6)
            #expect(delivered.sorted() == all.lines.sorted())
            #expect(try await Self.unseen(sandbox) == 0)
        }
    }

    @Test("the event's parts reach the command in TVM_* variables, and a hostile name stays one plain word")
    func environmentParts() async throws {
        try await ChangeFeedTests.withBaseline { world, server, sandbox in
            world.shows[1]?["name"] = "Dome $(touch PWNED)\u{1B}[2J; `id`"
            try world.write()
            server.reloadFixtures()
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let result = try await sandbox.run(
                "tvm-fav",
                [
                    "changes", "--event", "airdate_changed", "--event", "renamed", "--exec",
                    #"printf '%s|%s|%s|%s|%s|%s\n' "$TVM_EVENT" "$TVM_SHOW" "$TVM_SHOW_ID" "$TVM_EPISODE" "$TVM_AT" "$TVM_SUMMARY""#,
                ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(
                Set(lines) == [
                    #"airdate_changed|Dome $(touch PWNED); `id`|1|S02E05|2014-09-02T12:00:00.000Z|S02E05 "Reconciliation" moved from 2014-07-29 03:00 UTC to 2014-08-05 03:00 UTC."#,
                    #"renamed|Dome $(touch PWNED); `id`|1||2014-09-02T12:00:00.000Z|Renamed from "Under the Dome" to "Dome $(touch PWNED); `id`"."#,
                ])
            #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("PWNED").path))
        }
    }

    @Test("a hung command is killed at --exec-timeout: the run exits 75 and nothing is marked")
    func hungCommand() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let start = Date()
            let result = try await sandbox.run(
                "tvm-fav",
                [
                    "changes", "--unseen", "--mark-seen", "--event", "status_changed", "--exec", "sleep 60",
                    "--exec-timeout", "0.5",
                ])
            #expect(result.status == 75, "\(result.stderr)")
            #expect(Date().timeIntervalSince(start) < 15)
            #expect(result.stderr.contains("--exec: 'sleep' ran longer than --exec-timeout and was killed"))
            #expect(try await Self.unseen(sandbox) == 6)
        }
    }

    @Test("--exec refuses shell syntax, --jq and a missing program with a usage message, before running anything")
    func badExec() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let piped = try await sandbox.run("tvm-fav", ["changes", "--exec", "notify-send x | cat"])
            #expect(piped.status == 64)
            #expect(piped.stderr.contains("needs a shell"))
            let jq = try await sandbox.run("tvm-fav", ["changes", "--exec", "true", "--jq", ".summary"])
            #expect(jq.status == 64)
            let timeout = try await sandbox.run("tvm-fav", ["changes", "--exec-timeout", "5"])
            #expect(timeout.status == 64)
            let missing = try await sandbox.run(
                "tvm-fav", ["changes", "--unseen", "--mark-seen", "--exec", "no-such-notifier"])
            #expect(missing.status == 127)
            #expect(missing.stderr.contains("'no-such-notifier' was not found on PATH"))
            #expect(try await Self.unseen(sandbox) == 6)
        }
    }

    @Test("--mark-seen into a pipe without --exec is refused with exit 64 and the --exec form; into a file it marks")
    func markSeenIntoPipe() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let piped = try await sandbox.run("tvm-fav", ["changes", "--unseen", "--mark-seen"])
            #expect(piped.status == 64)
            #expect(piped.stdout.isEmpty)
            #expect(piped.stderr.contains("tvm-fav changes --unseen --mark-seen --exec"))
            #expect(try await Self.unseen(sandbox) == 6)
            let filed = try await sandbox.runIntoFile("tvm-fav", ["changes", "--unseen", "--mark-seen"])
            #expect(filed.status == 0)
            #expect(filed.lines.count == 6)
            #expect(try await Self.unseen(sandbox) == 0)
        }
    }

    @Test("--mark-seen on a terminal shows the news and marks what it wrote")
    func markSeenOnTerminal() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let shown = try await runInTerminal(
                sandbox, "tvm-fav changes --unseen --mark-seen --no-color", environment: ["PAGER": "cat"])
            #expect(shown.status == 0, "\(shown.stdout)")
            // Every one of the six events is on the screen, by its episode's title or the status it changed to.
            for text in ["Ended", "Season 3", "\"Go Now\"", "Reconciliation", "Curtains"] {
                #expect(shown.stdout.contains(text), "\(text): \(shown.stdout)")
            }
            #expect(try await Self.unseen(sandbox) == 0)
        }
    }

    // Regression (issue 30 #2): `changes --unseen --mark-seen | head -1` marked every event, read or not.
    @Test("changes --unseen --mark-seen | head -1 marks none of the events head never read")
    func markSeenHeadOne() async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["refresh"])
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", "tvm-fav changes --unseen --mark-seen | head -1; echo \"status ${PIPESTATUS[0]}\""],
                stdin: nil, environment: sandbox.shellEnvironment, directory: sandbox.root, timeout: 60)
            #expect(result.stdout == "status 64\n")
            #expect(try await Self.unseen(sandbox) == 6)
        }
    }
}
