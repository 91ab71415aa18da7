import Foundation
import Testing

/// A favorites database or show catalogue this user cannot write (another user's file, a read-only folder) is read
/// by every read-only command; writes still fail with the read-only advice (issue 30 #10).
///
/// The suite runs as root, whom `access(W_OK)` never refuses: the reader runs as the user nobody (65534) through
/// util-linux's `setpriv`.
@Suite(
    "regressions: a database or catalogue this user cannot write is still read",
    .enabled(if: OtherUser.available, "needs root and /usr/bin/setpriv to run a tool as another user"))
struct ReadOnlyStoreTests {
    static let nobody: uid_t = 65534

    /// The read-only command lines, each with the files it is given.
    static func readers(db: String, catalog: String) -> [(String, [String])] {
        [
            ("tvm-search", ["--local", "girls", "--catalog", catalog, "--jq", ".id"]),
            ("tvm-fetch", ["catalog", "info", "--catalog", catalog, "--jq", ".shows"]),
            ("tvm-fetch", ["shows", "--local", "--catalog", catalog, "--jq", ".id"]),
            ("tvm-fav", ["list", "--db", db, "--jq", ".id"]),
            ("tvm-fav", ["next", "--db", db, "--jq", ".id"]),
            ("tvm-fav", ["changes", "--db", db, "--jq", ".show"]),
            ("tvm-fav", ["watched", "--db", db]),
            ("tvm-fav", ["show", "1", "--db", db, "--jq", ".id"]),
            ("tvm-episodes", ["1", "--db", db, "--jq", "._tvm.watched"]),
        ]
    }

    /// A home of nobody's own in the sandbox, for its cache, history and state.
    private func nobodyHome(_ sandbox: Sandbox) throws -> URL {
        let home = sandbox.root.appendingPathComponent("nobody")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        #expect(chown(home.path, Self.nobody, Self.nobody) == 0)
        return home
    }

    /// Runs a tool (or, with `executable`, another program) as the user nobody, with `home` as its HOME and XDG
    /// folders.
    private func runAsNobody(
        _ sandbox: Sandbox, home: URL, _ tool: String, _ arguments: [String], executable: String? = nil
    ) async throws -> ToolResult {
        var environment = sandbox.environment
        environment["HOME"] = home.path
        for (key, folder) in [
            ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state"),
            ("XDG_CONFIG_HOME", "config"),
        ] {
            environment[key] = home.appendingPathComponent(folder).path
        }
        return try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            arguments: [
                "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups",
                executable ?? Binaries.url(tool).path,
            ]
                + arguments,
            stdin: nil, environment: environment, directory: home, timeout: 60)
    }

    /// Syncs the catalogue and saves two favorites with marks, as root, in 0755 folders, with no `-wal` or `-shm`
    /// left beside the files (as after the owner's last command).
    private func ownersFiles(_ sandbox: Sandbox) async throws -> (db: String, catalog: String) {
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        #expect(try await sandbox.run("tvm-fav", ["add", "1", "139"]).status == 0)
        #expect(try await sandbox.run("tvm-fav", ["watch", "--show", "1", "--season", "1"]).status == 0)
        let db = sandbox.favoritesDatabase.path
        let catalog = sandbox.catalog.path
        for file in [db, catalog] {
            _ = try await sqlite(file, "PRAGMA wal_checkpoint(TRUNCATE)")
            #expect(!FileManager.default.fileExists(atPath: file + "-shm"), "\(file)-shm is left")
            #expect(chmod(file, 0o644) == 0)
        }
        for folder in [sandbox.dataHome.path, sandbox.dataHome.appendingPathComponent("tvm").path] {
            #expect(chmod(folder, 0o755) == 0)
        }
        return (db, catalog)
    }

    // Regression: tvm-search --local, catalog info, list, next, changes, watched and show exited 74 "make the file
    // and its folder writable" on another user's files: SQLite could not make the -shm a WAL reader needs.
    @Test("a read-only database or catalogue could not be read: another user's files read as their owner reads them")
    func anotherUsersFiles() async throws {
        try await withReplay { _, sandbox in
            let (db, catalog) = try await ownersFiles(sandbox)
            let home = try nobodyHome(sandbox)
            let before = try [db, catalog].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            for (tool, arguments) in Self.readers(db: db, catalog: catalog) {
                let line = ([tool] + arguments).joined(separator: " ")
                let theirs = try await runAsNobody(sandbox, home: home, tool, arguments)
                let owners = try await sandbox.run(tool, arguments)
                // 1 is `changes` with no events yet.
                #expect(owners.status == 0 || owners.status == 1, "\(line): \(owners.stderr)")
                #expect(theirs.status == owners.status, "\(line) as nobody: \(theirs.stderr)")
                #expect(theirs.stdout == owners.stdout, "\(line) as nobody")
                #expect(!theirs.stderr.contains("read-only"), "\(line) as nobody: \(theirs.stderr)")
            }
            // What the reader saw is what the files hold (not an empty answer that happens to match).
            let search = try await runAsNobody(
                sandbox, home: home, "tvm-search", ["--local", "girls", "--catalog", catalog])
            #expect(search.lines.count > 1)
            let list = try await runAsNobody(sandbox, home: home, "tvm-fav", ["list", "--db", db, "--jq", ".id"])
            #expect(list.lines.sorted() == ["1", "139"])
            let watched = try await runAsNobody(sandbox, home: home, "tvm-fav", ["watched", "--db", db])
            #expect(!watched.lines.isEmpty)

            // Writes still fail with the read-only advice, and touch nothing.
            let add = try await runAsNobody(sandbox, home: home, "tvm-fav", ["add", "2", "--db", db])
            #expect(add.status == 74, "\(add.stderr)")
            #expect(add.stderr.contains("the favorites database \(db) is read-only; make the file and its folder"))
            let mark = try await runAsNobody(sandbox, home: home, "tvm-fav", ["watch", "--show", "139", "--db", db])
            #expect(mark.status == 74, "\(mark.stderr)")
            #expect(mark.stderr.contains("the favorites database \(db) is read-only"), "\(mark.stderr)")
            let sync = try await runAsNobody(
                sandbox, home: home, "tvm-fetch", ["catalog", "sync", "--catalog", catalog])
            #expect(sync.status == 74, "\(sync.stderr)")
            #expect(sync.stderr.contains("the show catalogue \(catalog) is read-only; make the file and its folder"))
            let after = try [db, catalog].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            #expect(after == before)
        }
    }

    // Regression: reading one's own read-only (0444) database made its -wal and -shm, read-only as the file; once
    // the file was writable again, every write failed with "make the file and its folder writable", which it was.
    @Test("reading one's own read-only database leaves no companions; read-only ones left by another reader are named")
    func ownReadOnlyFile() async throws {
        try await withReplay { _, sandbox in
            let (db, _) = try await ownersFiles(sandbox)
            let home = try nobodyHome(sandbox)
            let own = home.appendingPathComponent("fav.sqlite").path
            try FileManager.default.copyItem(atPath: db, toPath: own)
            #expect(chown(own, Self.nobody, Self.nobody) == 0 && chmod(own, 0o444) == 0)
            let list = try await runAsNobody(sandbox, home: home, "tvm-fav", ["list", "--db", own, "--jq", ".id"])
            #expect(list.lines.sorted() == ["1", "139"], "\(list.stderr)")
            for suffix in ["-wal", "-shm"] {
                #expect(!FileManager.default.fileExists(atPath: own + suffix), "\(suffix) made by a reader")
            }
            #expect(chmod(own, 0o644) == 0)
            let add = try await runAsNobody(sandbox, home: home, "tvm-fav", ["add", "43", "--db", own])
            #expect(add.status == 0, "\(add.stderr)")

            // A reader that exits with its connection open (as tvm did before) leaves companions as read-only as
            // the file was.
            #expect(chmod(own, 0o444) == 0)
            let reader = try await runAsNobody(
                sandbox, home: home, "python3",
                [
                    "-c",
                    "import os, sqlite3, sys; db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True); "
                        + "print(db.execute('SELECT count(*) FROM favorite').fetchone()[0], flush=True); os._exit(0)",
                    own,
                ], executable: "/usr/bin/python3")
            #expect(reader.lines == ["3"], "\(reader.stderr)")
            #expect(chmod(own, 0o644) == 0)
            let write = try await runAsNobody(sandbox, home: home, "tvm-fav", ["add", "139", "--db", own])
            #expect(write.status == 74, "\(write.stderr)")
            // SQLite itself gives an empty -wal the file's mode again; the -shm it cannot.
            #expect(
                write.stderr.contains("the favorites database \(own) cannot be written: its companion"),
                "\(write.stderr)")
            #expect(write.stderr.contains("read-only, left by a run that could only read it; make "))
            #expect(write.stderr.contains("writable (chmod u+w ") && write.stderr.contains("\(own)-shm)"))
        }
    }

    // Regression: an export behind a folder this user may not enter was "no such file or folder".
    @Test("tvm-fav import of a file behind another user's 0700 folder says permission denied, not missing")
    func importBehindClosedFolder() async throws {
        let sandbox = try Sandbox()
        let home = try nobodyHome(sandbox)
        let closed = sandbox.root.appendingPathComponent("closed")
        try FileManager.default.createDirectory(at: closed, withIntermediateDirectories: true)
        #expect(chmod(closed.path, 0o700) == 0)
        let export = closed.appendingPathComponent("history.csv").path
        try Data("tvmaze_id,season,episode\n1,1,1\n".utf8).write(to: URL(fileURLWithPath: export))
        let result = try await runAsNobody(
            sandbox, home: home, "tvm-fav", ["import", export, "--dry-run", "--db", home.path + "/fav.sqlite"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("cannot read \(export): permission denied"), "\(result.stderr)")
    }

    @Test("a database and catalogue of one's own in a read-only (0555) folder are read")
    func readOnlyFolder() async throws {
        try await withReplay { _, sandbox in
            let (db, catalog) = try await ownersFiles(sandbox)
            let home = try nobodyHome(sandbox)
            let folder = home.appendingPathComponent("ro")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copies = [db, catalog].map {
                folder.appendingPathComponent(URL(fileURLWithPath: $0).lastPathComponent).path
            }
            for (file, copy) in zip([db, catalog], copies) {
                try FileManager.default.copyItem(atPath: file, toPath: copy)
                #expect(chown(copy, Self.nobody, Self.nobody) == 0)
            }
            #expect(chown(folder.path, Self.nobody, Self.nobody) == 0)
            #expect(chmod(folder.path, 0o555) == 0)
            for (tool, arguments) in Self.readers(db: copies[0], catalog: copies[1]) {
                let line = ([tool] + arguments).joined(separator: " ")
                let theirs = try await runAsNobody(sandbox, home: home, tool, arguments)
                let originals = arguments.map { $0 == copies[0] ? db : $0 == copies[1] ? catalog : $0 }
                let owners = try await sandbox.run(tool, originals)
                #expect(theirs.status == owners.status, "\(line): \(theirs.stderr)")
                #expect(theirs.stdout == owners.stdout, "\(line)")
            }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                    "catalog.sqlite", "tvm.sqlite",
                ])
        }
    }

    @Test("an older database or catalogue that cannot be written says it must be upgraded, and by whom (74)")
    func olderFileReadOnly() async throws {
        try await withReplay { _, sandbox in
            let (db, catalog) = try await ownersFiles(sandbox)
            let home = try nobodyHome(sandbox)
            _ = try await sqlite(
                db, "DELETE FROM grdb_migrations WHERE rowid = (SELECT max(rowid) FROM grdb_migrations)")
            // Without the prefix indexes (v2-prefix-index) and the name index (v3-name-index) alone, the catalogue
            // is searched as it is, only slower: the name tier is found in the name column of show_search.
            let before = try await runAsNobody(
                sandbox, home: home, "tvm-search",
                ["--local", "gir", "--catalog", catalog, "-n", "30", "--jq", ".name"])
            _ = try await sqlite(
                catalog,
                "DELETE FROM grdb_migrations WHERE identifier IN ('v2-prefix-index', 'v3-name-index'); "
                    + "DROP TABLE show_name; DROP INDEX show_popularity"
            )
            let search = try await runAsNobody(
                sandbox, home: home, "tvm-search",
                ["--local", "gir", "--catalog", catalog, "-n", "30", "--jq", ".name"])
            #expect(search.status == 0, "\(search.stderr)")
            #expect(search.stdout.split(separator: "\n").first == "Girls")
            #expect(search.stdout == before.stdout)
            _ = try await sqlite(catalog, "DELETE FROM grdb_migrations")
            let list = try await runAsNobody(sandbox, home: home, "tvm-fav", ["list", "--db", db])
            #expect(list.status == 74)
            #expect(
                list.stderr.contains(
                    "the favorites database \(db) was written by an older tvm and must be upgraded before it can be "
                        + "read, which needs write access to the file and its folder"), "\(list.stderr)")
            let info = try await runAsNobody(
                sandbox, home: home, "tvm-fetch", ["catalog", "info", "--catalog", catalog])
            #expect(info.status == 74)
            #expect(
                info.stderr.contains(
                    "the show catalogue \(catalog) was written by an older tvm and must be upgraded before it can be "
                        + "read"), "\(info.stderr)")
            #expect(info.stderr.contains("run tvm-fetch catalog sync once as a user who can write it"))
        }
    }
}

/// Whether a test can run a tool as another user: as root, with util-linux's setpriv.
private enum OtherUser {
    static let available = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
}
