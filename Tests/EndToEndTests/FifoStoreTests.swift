import Foundation
import Testing

/// A FIFO (or anything but a regular file) given as `--db` or `--catalog` is refused at once with exit 74
/// (issue 30 #11).
@Suite("regressions: a FIFO as the database or the catalogue is refused, never waited on")
struct FifoStoreTests {
    // Regression: list, next, changes, watched, show, watch, tvm-episodes, search --local, catalog info and shows
    // --local opened the FIFO and waited for a writer forever.
    @Test("a FIFO given as --db or --catalog hung forever: every command now exits 74 at once, naming it")
    func fifo() async throws {
        try await withReplay { _, sandbox in
            let fifo = sandbox.root.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let commands: [(String, [String])] = [
                ("tvm-fav", ["list", "--db", fifo]), ("tvm-fav", ["next", "--db", fifo]),
                ("tvm-fav", ["changes", "--db", fifo]), ("tvm-fav", ["watched", "--db", fifo]),
                ("tvm-fav", ["show", "1", "--db", fifo]), ("tvm-fav", ["watch", "1", "--db", fifo]),
                ("tvm-fav", ["add", "1", "--db", fifo, "--no-episodes"]),
                ("tvm-fetch", ["catalog", "info", "--catalog", fifo]),
                ("tvm-fetch", ["catalog", "sync", "--catalog", fifo]),
                ("tvm-fetch", ["shows", "--local", "--catalog", fifo]),
                ("tvm-search", ["--local", "girls", "--catalog", fifo]),
            ]
            for (tool, arguments) in commands {
                let result = try await sandbox.run(tool, arguments, stdin: "", timeout: 20)
                let line = ([tool] + arguments).joined(separator: " ")
                #expect(result.status == 74, "\(line): \(result.stderr)")
                #expect(
                    result.stderr.contains("\(fifo): it is a FIFO (named pipe), not a regular file"),
                    "\(line): \(result.stderr)")
            }
            // tvm-episodes still prints the episodes (the database only adds watched marks), and says why it exits 74.
            let episodes = try await sandbox.run("tvm-episodes", ["1", "--db", fifo, "--jq", ".id"], timeout: 20)
            #expect(episodes.status == 74, "\(episodes.stderr)")
            #expect(!episodes.lines.isEmpty)
            #expect(episodes.stderr.contains("it is a FIFO (named pipe)"), "\(episodes.stderr)")
        }
    }
}
