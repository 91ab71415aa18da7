import Foundation
import ReplayServer
import Testing

/// `tvm-fav import` of ZIPs, and what it never opens.
@Suite("tvm-fav import: ZIPs, and only the files it knows")
struct ImportArchiveTests {
    /// The TV Time sample as a ZIP in a folder, its credentials and personal data included.
    func tvtimeZip(in sandbox: Sandbox, extra: [(name: String, source: String?, text: String?, symlink: Bool)] = [])
        throws -> String
    {
        let path = sandbox.root.appendingPathComponent("tv-time-personal-data.zip").path
        let names = [
            "tracking-prod-records-v2.csv", "followed_tv_show.csv", "user_tv_show_data.csv", "seen_episode.csv",
            "access_token.csv", "account_info.csv",
        ]
        try ImportFixtures.zip(
            names.map { ("tv-time-personal-data/\($0)", ImportFixtures.path("tvtime/\($0)"), nil, false) } + extra,
            to: path)
        return path
    }

    @Test("a TV Time ZIP imports as its folder does")
    func zipLikeFolder() async throws {
        try await withImportReplay { _, sandbox in
            let zip = try tvtimeZip(in: sandbox)
            let result = try await sandbox.run("tvm-fav", ["import", zip])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "\(zip):tv-time-personal-data/tracking-prod-records-v2.csv line 11: no such episode"))
            #expect(result.stderr.contains("imported 4 files: 3 shows found (3 new), 1 not found; 9 episodes marked"))
            #expect(try await sandbox.favoriteIDs() == [1, 2, 43])
        }
    }

    @Test("a member whose path climbs out with .., or a symbolic link, is refused; the rest imports")
    func refusedMembers() async throws {
        try await withImportReplay { _, sandbox in
            let zip = try tvtimeZip(
                in: sandbox,
                extra: [
                    ("../watched-history.json", nil, "'[]'", false),
                    ("link/SimklBackup.json", nil, "/etc/passwd", true),
                ])
            let result = try await sandbox.run("tvm-fav", ["import", zip])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(zip): refused ../watched-history.json: its path leaves the archive"))
            #expect(result.stderr.contains("\(zip): refused link/SimklBackup.json: a symbolic link, not a file"))
            #expect(try await sandbox.favoriteIDs() == [1, 2, 43])
        }
    }

    @Test("macOS's ._ companions, in a ZIP or a folder, and a folder named like an export file are passed over")
    func macOSCompanionsAndFolders() async throws {
        try await withImportReplay { _, sandbox in
            let appleDouble = "b'\\x00\\x05\\x16\\x07\\x00\\x02\\x00\\x00Mac OS X'"
            let zip = try tvtimeZip(
                in: sandbox,
                extra: [
                    ("__MACOSX/tv-time-personal-data/._tracking-prod-records-v2.csv", nil, appleDouble, false),
                    ("__MACOSX/tv-time-personal-data/._followed_tv_show.csv", nil, appleDouble, false),
                ])
            let zipped = try await sandbox.run("tvm-fav", ["import", zip, "--dry-run"])
            #expect(!zipped.stderr.contains("MACOSX"), "\(zipped.stderr)")
            #expect(zipped.stderr.contains("4 files:"), "\(zipped.stderr)")

            let folder = sandbox.root.appendingPathComponent("export")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("seen_episode.csv"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: ImportFixtures.path("tvtime/tracking-prod-records-v2.csv"),
                toPath: folder.appendingPathComponent("tracking-prod-records-v2.csv").path)
            try Data([0, 5, 22, 7, 0, 2, 0, 0]).write(to: folder.appendingPathComponent("._followed_tv_show.csv"))
            let result = try await sandbox.run("tvm-fav", ["import", folder.path])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(!result.stderr.contains("seen_episode") && !result.stderr.contains("._"), "\(result.stderr)")
            #expect(result.stderr.contains("imported 1 file:"), "\(result.stderr)")
            #expect(try await sandbox.favoriteIDs() == [1, 2, 43])
        }
    }

    @Test("an encrypted ZIP (exit 65) says how to extract it; a truncated one (65) says to download it again")
    func encryptedAndTruncated() async throws {
        try await withImportReplay { server, sandbox in
            let zip = try tvtimeZip(in: sandbox)
            // Set the "encrypted" flag of every member, in the local headers and the central directory.
            let encrypted = sandbox.root.appendingPathComponent("encrypted.zip").path
            try ImportFixtures.python(
                """
                import sys
                b=bytearray(open(sys.argv[1],'rb').read())
                for sig,off in ((b'PK\\x03\\x04',6),(b'PK\\x01\\x02',8)):
                    i=b.find(sig)
                    while i>=0:
                        b[i+off]|=1; i=b.find(sig,i+4)
                open(sys.argv[2],'wb').write(b)
                """, arguments: [zip, encrypted])
            let locked = try await sandbox.run("tvm-fav", ["import", encrypted])
            #expect(locked.status == 65)
            #expect(
                locked.stderr.contains(
                    "is encrypted (a password-protected export): extract it with `unzip \(encrypted)`"))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
            let truncated = sandbox.root.appendingPathComponent("truncated.zip")
            try bytes.prefix(bytes.count / 2).write(to: truncated)
            let cut = try await sandbox.run("tvm-fav", ["import", truncated.path])
            #expect(cut.status == 65)
            #expect(cut.stderr.contains("not a ZIP, or a ZIP cut short"))
            #expect(server.log.requests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
        }
    }

    @Test("a zip bomb stops at --max-size with a message, having read no more")
    func zipBomb() async throws {
        try await withImportReplay { server, sandbox in
            let zip = sandbox.root.appendingPathComponent("bomb.zip").path
            try ImportFixtures.zip([("watched-history.json", nil, "'[' + ' ' * 50_000_000 + ']'", false)], to: zip)
            let result = try await sandbox.run("tvm-fav", ["import", zip, "--max-size", "10M"])
            #expect(result.status == 65)
            #expect(
                result.stderr.contains(
                    "watched-history.json inflates past the 10.0 MiB --max-size, more than any export holds"))
            #expect(server.log.requests.isEmpty)
        }
    }

    // Regression: export left out the marks of former favorites and of specials without a word, so a move to
    // another database lost them unseen.
    @Test("export counts the marks it has no row for: former favorites, specials")
    func exportNamesWhatItLeavesOut() async throws {
        try await withImportReplay { _, sandbox in
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "43"]).status == 0)
            #expect(try await sandbox.run("tvm-fav", ["watch", "1", "2", "--at", "2018-01-01T00:00:00Z"]).status == 0)
            let special = try await sandbox.run(
                "tvm-fav", ["watch", "--specials", "9900001", "--at", "2018-01-01T00:00:00Z"])
            #expect(special.status == 0, "\(special.stderr)")
            #expect(try await sandbox.run("tvm-fav", ["rm", "--yes", "1"]).status == 0)
            let export = try await sandbox.run("tvm-fav", ["export", "--format", "csv"])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.lines.count == 2, "\(export.stdout)")
            #expect(
                export.stderr.contains(
                    "3 watched marks not exported: 2 of shows no longer favorites, 1 of specials or episodes no "
                        + "longer stored"), "\(export.stderr)")
        }
    }

    // Regression: --unmatched naming the export replaced it with the unmatched rows (even with --dry-run), and
    // one that could not be written failed only after the import was saved.
    @Test("--unmatched that is the export, a folder or in no folder is refused before anything is read (64)")
    func unmatchedChecked() async throws {
        try await withImportReplay { server, sandbox in
            let export = sandbox.root.appendingPathComponent("mine.csv")
            let text = "tvmaze_id,season,episode,watched_at\n1,1,1,2018-03-01T00:00:00Z\n1,1,99,2018-03-02T00:00:00Z\n"
            try text.write(to: export, atomically: true, encoding: .utf8)
            let cases: [(String, String)] = [
                (export.path, "--unmatched \(export.path) is the export being imported; name another file"),
                (sandbox.root.path, "--unmatched \(sandbox.root.path) is a folder; name a file to write"),
                (
                    "/nonexistent/u.csv",
                    "--unmatched /nonexistent/u.csv: there is no folder /nonexistent to write it in"
                ),
            ]
            for (file, message) in cases {
                for dryRun in [[], ["--dry-run"]] {
                    let result = try await sandbox.run(
                        "tvm-fav", ["import", export.path, "--unmatched", file] + dryRun)
                    #expect(result.status == 64, "\(result.stderr)")
                    #expect(result.stderr.contains(message), "\(result.stderr)")
                }
            }
            #expect(try String(contentsOf: export, encoding: .utf8) == text)
            #expect(server.log.requests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
        }
    }

    // Regression: a ZIP piped in was read as a CSV of binary lines, and each was reported as a row not placed.
    @Test("a ZIP on stdin is refused (65) with what to do instead")
    func zipOnStdin() async throws {
        try await withImportReplay { server, sandbox in
            let zip = sandbox.root.appendingPathComponent("export.zip").path
            try ImportFixtures.zip([("watched-history.json", nil, "'[]'", false)], to: zip)
            let result = try await Sandbox.run(
                executable: Binaries.url("tvm-fav"), arguments: ["import", "-"],
                stdin: Array(try Data(contentsOf: URL(fileURLWithPath: zip))), environment: sandbox.environment,
                directory: sandbox.root, timeout: 60)
            #expect(result.status == 65)
            #expect(
                result.stderr
                    == "tvm-fav: error: cannot read stdin: it is a ZIP archive; name its file instead of -\n")
            #expect(server.log.requests.isEmpty)
        }
    }

    // Regression: the second file of a folder was said to be "larger than 0 MB", what was left of the limit.
    @Test("--max-size names the limit: a file over it alone, or a folder's files adding up past it")
    func maxSizeNamesTheLimit() async throws {
        try await withImportReplay { server, sandbox in
            let folder = sandbox.root.appendingPathComponent("export")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let history = "[" + String(repeating: " ", count: 6_000) + "]"
            try history.write(
                to: folder.appendingPathComponent("watched-history.json"), atomically: true, encoding: .utf8)
            try history.write(
                to: folder.appendingPathComponent("watched-shows.json"), atomically: true, encoding: .utf8)
            let both = try await sandbox.run("tvm-fav", ["import", folder.path, "--max-size", "10K"])
            #expect(both.status == 65)
            #expect(
                both.stderr.contains(
                    "watched-shows.json: with the files read before it, the export is larger than the 10.0 KiB "
                        + "--max-size"), "\(both.stderr)")
            let one = try await sandbox.run("tvm-fav", ["import", folder.path, "--max-size", "5K"])
            #expect(one.status == 65)
            #expect(
                one.stderr.contains("watched-history.json: it is larger than the 5.0 KiB --max-size"), "\(one.stderr)")
            #expect(server.log.requests.isEmpty)
        }
    }

    @Test(
        "strace: credentials and personal data beside the export are never opened, in a folder or a ZIP",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func neverOpensSecrets() async throws {
        try await withImportReplay { _, sandbox in
            let secrets = [
                "access_token.csv", "auth-prod-login.csv", "account_info.csv", "user-settings.json",
                "user-profile.json",
            ]
            for export in [
                ImportFixtures.path("variants/tvtime-prefixed"), ImportFixtures.path("variants/trakt-split"),
            ] {
                let log = sandbox.root.appendingPathComponent("strace.log").path
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/usr/bin/strace"),
                    arguments: [
                        "-f", "-e", "trace=open,openat", "-o", log, Binaries.url("tvm-fav").path, "import", export,
                    ],
                    stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 120)
                #expect(result.status == 1 || result.status == 0, "\(result.stderr)")
                let trace = try String(contentsOfFile: log, encoding: .utf8)
                // The trace does show the files that are read.
                #expect(trace.contains("tracking-prod-records-v2.csv") || trace.contains("watched-history-1.json"))
                for secret in secrets {
                    #expect(!trace.contains(secret), "\(secret) was opened")
                }
            }
        }
    }
}
