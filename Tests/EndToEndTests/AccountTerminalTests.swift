import Foundation
import ReplayServer
import Testing

/// `tvm-fav login`'s pairing on a real terminal (util-linux `script`): the e-mail prompt, the countdown, Ctrl-C.
@Suite("tvm-fav login on a terminal")
struct AccountTerminalTests {
    #if os(Linux)
        @Test(
            "the e-mail is asked on the terminal, a countdown shows until the confirmation, then the key is stored",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        )
        func promptAndCountdown() async throws {
            try await withReplay { server, sandbox in
                server.account.addAccount(username: "ada", key: AccountWorld.key, email: "ada@example.org")
                server.account.setPollInterval(.milliseconds(100))
                let session = try sandbox.terminal("tvm-fav login", environment: ["TVM_PAIRING_INTERVAL": "3"])
                try await session.waitFor("TVMaze account e-mail: ")
                session.type("ada@example.org\r")
                try await session.waitFor("confirm the e-mail TVMaze just sent you")
                try await session.waitFor("next check in 3 s, 10:00 left (Ctrl-C cancels)")
                try await session.waitFor("next check in 2 s, 9:59 left")
                server.account.confirmPairing(email: "ada@example.org")
                let (status, screen) = try await session.finish()
                #expect(status == 0, "\(screen)")
                #expect(screen.contains("signed in to TVMaze as ada"))
                #expect(!screen.contains(AccountWorld.key))
                #expect(FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))
                #expect(AccountWorld.requests(server, "POST", "/v1/auth/start").count == 1)
            }
        }

        @Test(
            "Ctrl-C during the countdown cancels, and nothing is stored",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        )
        func controlCCancels() async throws {
            try await withReplay { server, sandbox in
                server.account.addAccount(username: "ada", key: AccountWorld.key, email: "ada@example.org")
                // A long interval: no poll can come between the countdown showing and the Ctrl-C, however slow.
                let session = try sandbox.terminal(
                    "tvm-fav login --email ada@example.org", environment: ["TVM_PAIRING_INTERVAL": "600"])
                try await session.waitFor("next check in")
                session.type("\u{3}")
                let (status, _) = try await session.finish()
                #expect(status == 130)
                #expect(!FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))
                #expect(AccountWorld.requests(server, "POST", "/v1/auth/poll").isEmpty)
            }
        }
    #endif
}
