import Foundation
import Testing

/// `tvm-fav rm` asks on `/dev/tty`. These tests give it a real pseudo-terminal through util-linux `script`
/// (see ``TerminalSession``), answer only once the question is on the screen, and run it with no controlling
/// terminal at all through `setsid -w`.
@Suite("tvm-fav rm: confirmation on the terminal")
struct FavConfirmationTests {
    private static let question = "Delete \"Under the Dome\" from favorites? [y/N]"

    /// A sandbox holding Under the Dome (1) and Girls (139), added from their recorded records.
    private func sandboxWithFavorites() async throws -> Sandbox {
        let sandbox = try Sandbox()
        let shows = [
            String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self),
            String(decoding: Fixtures.compact(try Fixtures.data("shows/139.json")), as: UTF8.self),
        ]
        let added = try await sandbox.run(
            "tvm-fav", ["add", "--no-episodes"], stdin: shows.joined(separator: "\n") + "\n")
        #expect(added.status == 0)
        #expect(try await sandbox.favoriteIDs() == [1, 139])
        return sandbox
    }

    @Test("answering y on the terminal deletes the favorite")
    func answeredYes() async throws {
        let sandbox = try await sandboxWithFavorites()
        let session = try sandbox.terminal("tvm-fav rm 1")
        try await session.waitFor(Self.question)
        session.type("y\n")
        let (status, screen) = try await session.finish()
        #expect(status == 0)
        #expect(screen.contains(Self.question))
        #expect(try await sandbox.favoriteIDs() == [139])
    }

    @Test("answering n, or just Enter, keeps the favorite")
    func answeredNo() async throws {
        let sandbox = try await sandboxWithFavorites()
        for answer in ["n\n", "\n"] {
            let session = try sandbox.terminal("tvm-fav rm 1")
            try await session.waitFor(Self.question)
            session.type(answer)
            let (status, screen) = try await session.finish()
            #expect(status == 0)
            #expect(screen.contains("kept \"Under the Dome\""))
            #expect(try await sandbox.favoriteIDs() == [1, 139])
        }
    }

    @Test("with ids piped on stdin, the terminal lists the batch and asks once: remove these N favorites?")
    func pipedStdin() async throws {
        let sandbox = try await sandboxWithFavorites()
        let session = try sandbox.terminal("printf '1\\n139\\n' | tvm-fav delete --format jsonl --jq .name")
        try await session.waitFor("remove these 2 favorites? [y/N]")
        #expect(session.output.contains("    1  Under the Dome\r\n  139  Girls\r\nremove these 2 favorites? [y/N]"))
        #expect(!session.output.contains("Delete \""), "one question, not one per show")
        session.type("yes\n")
        let (status, screen) = try await session.finish()
        #expect(status == 0)
        #expect(screen.contains("Under the Dome\r\nGirls\r\n"), "the removed records are printed")
        #expect(try await sandbox.favoriteIDs() == [])
    }

    @Test("answering no to the batch question keeps every favorite")
    func batchKept() async throws {
        let sandbox = try await sandboxWithFavorites()
        let session = try sandbox.terminal("printf '1\\n139\\n' | tvm-fav rm")
        try await session.waitFor("remove these 2 favorites? [y/N]")
        session.type("\n")
        let (status, screen) = try await session.finish()
        #expect(status == 0)
        #expect(screen.contains("kept all 2"))
        #expect(try await sandbox.favoriteIDs() == [1, 139])
    }

    @Test("with no terminal at all, rm exits 64, says to use --yes, and removes nothing")
    func noTerminal() async throws {
        let sandbox = try await sandboxWithFavorites()
        for stdin in [nil, "1\n139\n"] {
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/usr/bin/setsid"),
                arguments: ["-w", Binaries.url("tvm-fav").path, "rm"] + (stdin == nil ? ["1", "139"] : []),
                stdin: stdin.map { Array($0.utf8) },
                environment: sandbox.environment,
                directory: sandbox.root,
                timeout: 60
            )
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("--yes"))
            #expect(try await sandbox.favoriteIDs() == [1, 139])
        }
    }

    @Test("--yes deletes without asking and prints the removed records; a non-favorite id exits 1")
    func yesFlag() async throws {
        let sandbox = try await sandboxWithFavorites()
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/setsid"),
            arguments: ["-w", Binaries.url("tvm-fav").path, "rm", "--yes", "1", "424242"],
            stdin: nil,
            environment: sandbox.environment,
            directory: sandbox.root,
            timeout: 60
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("tvm-fav: error: show 424242 is not a favorite"))
        #expect(result.lines == [String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self)])
        #expect(try await sandbox.favoriteIDs() == [139])
        let readd = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: result.stdout)
        #expect(readd.status == 0)
        #expect(try await sandbox.favoriteIDs() == [139, 1], "removed records can be added back")
    }
}
