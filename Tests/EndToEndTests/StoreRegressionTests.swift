import Foundation
import Testing

/// Regressions of the favorites database that lost a user's batch (issue 15, items 1 and 2).
@Suite("regressions: the favorites database never loses a batch")
struct StoreRegressionTests {
    /// One complete show record, as tvm-fetch prints it.
    private static func record() throws -> String {
        String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self) + "\n"
    }

    // A one-character relative --db path crashed tvm-fav with SIGILL in Foundation's path code: nothing saved.
    @Test(
        "any path a user can type works: one character, '-', spaces, non-ASCII, ./, nested new folders",
        arguments: ["x", "-", "a b.sqlite", "é", "./y", "sub/deep/z.sqlite", "données/favoris.db"])
    func databasePaths(_ path: String) async throws {
        let sandbox = try Sandbox()
        let added = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--db", path, "--jq", ".name"], stdin: try Self.record())
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Under the Dome\n")
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent(path).path))
        let listed = try await sandbox.run("tvm-fav", ["list", "--db", path, "--jq", ".id"])
        #expect(listed.stdout == "1\n", "\(listed.stderr)")
        let removed = try await sandbox.run("tvm-fav", ["rm", "1", "--db", path, "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let fromEnvironment = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--jq", ".id"], stdin: try Self.record(), environment: ["TVM_DB": path])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stdout == "1\n")
    }

    @Test("TVM_DB=~/… is expanded as a shell would have; a trailing / or a folder is a clear error, never a crash")
    func folderAndTilde() async throws {
        let sandbox = try Sandbox()
        let tilde = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--quiet"], stdin: try Self.record(),
            environment: ["TVM_DB": "~/mine.sqlite"])
        #expect(tilde.status == 0, "\(tilde.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("mine.sqlite").path))

        let trailing = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--db", "dir/"], stdin: try Self.record())
        #expect(trailing.status == 64)
        #expect(trailing.stderr.contains("--db 'dir/' names a folder: give a file path, such as dir/tvm.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("dir").path))

        try FileManager.default.createDirectory(
            at: sandbox.root.appendingPathComponent("folder"), withIntermediateDirectories: true)
        // An existing folder given to --db is the same usage mistake as one with a trailing slash.
        let folder = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--db", "folder"], stdin: try Self.record())
        #expect(folder.status == 64, "\(folder.stderr)")
        #expect(folder.stderr.contains("--db 'folder' names a folder: give a file path, such as folder/tvm.sqlite"))
        for environment in [["TVM_DB": "folder"], ["TVM_DB": "other/"]] {
            let result = try await sandbox.run(
                "tvm-fav", ["add", "--no-episodes"], stdin: try Self.record(), environment: environment.mapValues { $0 }
            )
            #expect(result.status == 74, "\(environment): \(result.stderr)")
            #expect(result.stderr.contains("it names a folder; give a file path, such as "), "\(result.stderr)")
        }
        // A folder where no file can be made, even by root: the message names the database, not the scratch file.
        let proc = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes", "--db", "/proc/tvm.sqlite"], stdin: try Self.record())
        #expect(proc.status == 74, "\(proc.stderr)")
        #expect(proc.stderr.contains("favorites database /proc/tvm.sqlite"), "\(proc.stderr)")
        #expect(!proc.stderr.contains(".tvm-batch"), "\(proc.stderr)")
    }

    // Two adds into a database that did not exist yet: one failed at once ("stayed locked … for 5 s") and its
    // batch was lost in 5 of 20 runs.
    @Test("20 rounds of two concurrent adds into a new database leave 10,000 rows every time")
    func concurrentCreation() async throws {
        let sandbox = try Sandbox()
        let first = try FavSupport.manyShows(count: 5_000, firstID: 1).joined(separator: "\n") + "\n"
        let second = try FavSupport.manyShows(count: 5_000, firstID: 5_001).joined(separator: "\n") + "\n"
        for round in 1...20 {
            let path = "round-\(round).sqlite"
            async let one = sandbox.run("tvm-fav", ["add", "--no-episodes", "--db", path, "--quiet"], stdin: first)
            async let two = sandbox.run("tvm-fav", ["add", "--no-episodes", "--db", path, "--quiet"], stdin: second)
            let (a, b) = try await (one, two)
            #expect(a.status == 0 && b.status == 0, "round \(round): \(a.stderr) \(b.stderr)")
            let count = try await FavSupport.sqlite(
                sandbox.root.appendingPathComponent(path), "SELECT count(*) FROM favorite", in: sandbox)
            #expect(count.lines == ["10000"], "round \(round)")
        }
    }
}
