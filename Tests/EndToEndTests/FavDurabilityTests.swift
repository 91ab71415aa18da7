import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The favorites database under stress: concurrent writers, a killed writer, a read-only file, a lock.
@Suite("tvm-fav: concurrency, crashes and failed saves")
struct FavDurabilityTests {
    private static let storeMessage =
        "tvm-fav: error: Oops, something went wrong: "
        + "There was a problem saving/deleting this TV Show."

    @Test("two concurrent adds of 5,000 disjoint records each leave 10,000 rows")
    func concurrentAdds() async throws {
        let sandbox = try Sandbox()
        let first = try FavSupport.write(
            try FavSupport.manyShows(count: 5_000, firstID: 1), named: "a.jsonl", in: sandbox.root)
        let second = try FavSupport.write(
            try FavSupport.manyShows(count: 5_000, firstID: 5_001), named: "b.jsonl", in: sandbox.root)
        async let one = sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--lock-timeout", "60"],
            stdin: try String(contentsOf: first, encoding: .utf8))
        async let two = sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--lock-timeout", "60"],
            stdin: try String(contentsOf: second, encoding: .utf8))
        let (a, b) = try await (one, two)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(b.status == 0, "\(b.stderr)")
        #expect(a.lines.count == 5_000 && b.lines.count == 5_000)
        let counts = try await FavSupport.sqlite(
            sandbox.favoritesDatabase, "SELECT count(*), count(DISTINCT id), min(id), max(id) FROM favorite",
            in: sandbox)
        #expect(counts.lines == ["10000|10000|1|10000"])
        let ids = try await sandbox.favoriteIDs()
        #expect(ids.count == 10_000)
        // Each run is one transaction, so each batch stays together in the order of saving.
        let firstBatch = ids.first.map { $0 <= 5_000 } ?? true
        #expect(Array(ids.prefix(5_000)) == Array(firstBatch ? 1...5_000 : 5_001...10_000))
    }

    @Test(
        "kill -9 in the middle of a 50,000-record add leaves a sound database with the earlier favorites, and no litter"
    )
    func killedWriter() async throws {
        let sandbox = try Sandbox()
        let earlier = try FavSupport.recordedShows().prefix(100)
        _ = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: earlier.joined(separator: "\n") + "\n")
        #expect(try await sandbox.favoriteIDs().count == 100)
        // The batch is under way once its scratch file beside the database grows past a few megabytes.
        let add = try BigAdd(sandbox, count: 50_000, firstID: 1_000_001)
        let scratchSize = try await add.waitForScratch(over: 4_000_000)
        let wasRunning = try await add.end(with: SIGKILL)
        let process = add.process
        let scratchFiles = add.scratchFiles
        #expect(wasRunning, "the add ended before it could be killed")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(scratchSize > 4_000_000)
        #expect(scratchFiles().count == 1, "the killed run left its scratch file")

        // tvm-fav opens the database first, as the killed run left it (its WAL included).
        let ids = try await sandbox.favoriteIDs()
        #expect(ids == earlier.map(FavSupport.showID), "nothing of the killed batch, all of the earlier ones")
        let check = try await FavSupport.sqlite(sandbox.favoritesDatabase, "PRAGMA integrity_check", in: sandbox)
        #expect(check.lines == ["ok"])
        let after = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes"],
            stdin: try FavSupport.manyShows(count: 3, firstID: 7).joined(separator: "\n"))
        #expect(after.status == 0)
        #expect(scratchFiles().isEmpty, "the next add removes the scratch file of a run that died")
    }

    @Test(
        "a read-only database file: add and rm exit 74 with the original app specification's message, list still works")
    func readOnlyFile() async throws {
        let sandbox = try Sandbox()
        let shows = try FavSupport.recordedShows()
        _ = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: shows[0] + "\n")
        let folder = sandbox.favoritesDatabase.deletingLastPathComponent()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.favoritesDatabase.path)
        // Root ignores file permissions: run the tool as nobody, who then owns the folder and the (0444) file.
        var prefix: [String] = []
        if getuid() == 0 {
            for path in [sandbox.root.path, sandbox.dataHome.path, folder.path, sandbox.favoritesDatabase.path] {
                chown(path, 65_534, 65_534)
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        func run(_ arguments: [String], stdin: String? = nil) async throws -> ToolResult {
            try await Sandbox.run(
                executable: URL(fileURLWithPath: prefix.first ?? Binaries.url("tvm-fav").path),
                arguments: Array(prefix.dropFirst()) + (prefix.isEmpty ? [] : [Binaries.url("tvm-fav").path])
                    + arguments,
                stdin: stdin.map { Array($0.utf8) }, environment: sandbox.environment, directory: sandbox.root,
                timeout: 60)
        }
        let add = try await run(["add", "--no-episodes"], stdin: shows[1] + "\n")
        #expect(add.status == 74)
        #expect(add.stderr.contains(Self.storeMessage))
        #expect(add.stderr.contains("tvm-fav: error: cause: "))
        #expect(add.stderr.contains("read-only"))
        #expect(add.stdout.isEmpty)
        let remove = try await run(["rm", "--yes", "1"])
        #expect(remove.status == 74)
        #expect(remove.stderr.contains(Self.storeMessage))
        let list = try await run(["list", "--jq", ".id"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines == ["1"])
    }

    @Test("a database locked past --lock-timeout exits 74; on a terminal, Retry after the lock is gone saves")
    func lockedDatabase() async throws {
        let sandbox = try Sandbox()
        let shows = try FavSupport.recordedShows()
        _ = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: shows[0] + "\n")
        // Another program holds the write lock: sqlite3 inside an open transaction, waiting for more input.
        let holder = try sandbox.terminal("sqlite3 \(shellQuoted(sandbox.favoritesDatabase.path))")
        holder.type("BEGIN IMMEDIATE;\nSELECT 'lock' || 'ed';\n")
        try await holder.waitFor("locked")

        let started = ContinuousClock.now
        let failed = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--lock-timeout", "0.5"], stdin: shows[1] + "\n")
        #expect(failed.status == 74)
        #expect(ContinuousClock.now - started >= .milliseconds(500))
        #expect(failed.stderr.contains(Self.storeMessage))
        #expect(failed.stderr.contains("locked"))
        #expect(try await sandbox.favoriteIDs() == [1])

        // stderr is a terminal: the original app specification's dialog, one key answers. Cancel exits 74; Retry once the lock is gone works.
        let cancel = try sandbox.terminal("tvm-fav rm --yes 1 --lock-timeout 0.2")
        try await cancel.waitFor("[R]etry / [c]ancel")
        cancel.type("c")
        let (cancelStatus, cancelScreen) = try await cancel.finish()
        #expect(cancelStatus == 74)
        #expect(cancelScreen.contains("Oops, something went wrong"))
        #expect(cancelScreen.contains("There was a problem saving/deleting this TV Show. Do you want to try again?"))
        #expect(try await sandbox.favoriteIDs() == [1])

        let retry = try sandbox.terminal("tvm-fav rm --yes 1 --lock-timeout 0.2")
        try await retry.waitFor("[R]etry / [c]ancel")
        holder.type("ROLLBACK;\n.quit\n")
        _ = try await holder.finish()
        retry.type("r")
        let (retryStatus, retryScreen) = try await retry.finish()
        #expect(retryStatus == 0, "\(retryScreen)")
        #expect(try await sandbox.favoriteIDs() == [])
    }
}
