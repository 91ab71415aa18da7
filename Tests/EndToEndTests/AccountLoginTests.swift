import Foundation
import ReplayServer
import Testing

/// `tvm-fav login`, `logout` and `account` against the replay server's account stand-in.
@Suite("tvm-fav login, logout, account")
struct AccountLoginTests {
    @Test("login with --key-stdin validates, says what Premium changes, and stores the key 0600 in a 0700 folder")
    func loginWithKey() async throws {
        try await withReplay { server, sandbox in
            server.account.addAccount(username: "ada", key: AccountWorld.key, premium: 1)
            let login = try await sandbox.run(
                "tvm-fav", ["login", "--username", "ada", "--key-stdin"], stdin: AccountWorld.key + "\n")
            #expect(login.status == 0)
            #expect(login.stdout.isEmpty)
            #expect(login.stderr.contains("signed in to TVMaze as ada; the account has Premium (Bronze)"))
            #expect(server.log.requests.map(\.target) == ["/v1/auth/validate"])
            #expect(server.log.requests.first?.header("Authorization") == AccountWorld.basic)
            let file = AccountWorld.credentialsFile(sandbox)
            let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            let folder = file.deletingLastPathComponent().path
            let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
            #expect(fileMode == 0o600)
            #expect(folderMode == 0o700)
            let account = try await sandbox.run("tvm-fav", ["account"])
            #expect(account.status == 0)
            #expect(
                account.stdout
                    == #"{"username":"ada","premium":1,"premium_level":"Bronze","source":"file","last_push":null,"#
                    + #""last_pull":null}"# + "\n")
            #expect(!account.stdout.contains(AccountWorld.key))
        }
    }

    @Test("a wrong key is refused with exit 77 and nothing is stored; the key is never an argument")
    func wrongKeyAndArgv() async throws {
        try await withReplay { server, sandbox in
            server.account.addAccount(username: "ada", key: AccountWorld.key)
            let wrong = try await sandbox.run(
                "tvm-fav", ["login", "--username", "ada", "--key-stdin"], stdin: "nope\n")
            #expect(wrong.status == 77)
            // Not "run tvm-fav login", the command just run.
            #expect(
                wrong.stderr
                    == "tvm-fav: error: TVMaze refused this username and API key: check both (the key is on "
                    + "https://www.tvmaze.com/dashboard), or leave out --username to pair by e-mail\n")
            #expect(!FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))
            let argv = try await sandbox.run("tvm-fav", ["login", "--username", "ada"])
            #expect(argv.status == 64)
            #expect(argv.stderr.contains("--username needs --key-stdin"))
            let notSignedIn = try await sandbox.run("tvm-fav", ["account"])
            #expect(notSignedIn.status == 77)
            #expect(notSignedIn.stderr.contains("not signed in to TVMaze: run tvm-fav login"))
        }
    }

    @Test("a credentials file others can read is refused with the chmod to run; the environment overrides the file")
    func modeAndEnvironment() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            let file = AccountWorld.credentialsFile(sandbox).path
            chmod(file, 0o644)
            let refused = try await sandbox.run("tvm-fav", ["push"])
            #expect(refused.status == 77)
            #expect(refused.stderr.contains("Run: chmod 600 '\(file)'"))
            chmod(file, 0o600)
            server.account.addAccount(username: "bob", key: "bobs-key", premium: 3)
            let bob = try await sandbox.run(
                "tvm-fav", ["account", "--check"],
                environment: ["TVM_TVMAZE_USER": "bob", "TVM_TVMAZE_KEY": "bobs-key"])
            #expect(bob.status == 0, "\(bob.stderr)")
            #expect(bob.stdout.contains(#""username":"bob","premium":3,"premium_level":"Gold","source":"environment""#))
            let half = try await sandbox.run("tvm-fav", ["account"], environment: ["TVM_TVMAZE_USER": "bob"])
            #expect(half.status == 64)
            // Regression: wrong values in the environment were told to run tvm-fav login, which they override.
            let wrong = try await sandbox.run(
                "tvm-fav", ["push"], environment: ["TVM_TVMAZE_USER": "bob", "TVM_TVMAZE_KEY": "not-bobs-key"])
            #expect(wrong.status == 77)
            #expect(
                wrong.stderr
                    == "tvm-fav: error: TVMaze refused the credentials in TVM_TVMAZE_USER and TVM_TVMAZE_KEY: check "
                    + "both (the key is on https://www.tvmaze.com/dashboard), or unset them to use tvm-fav login's\n")
        }
    }

    @Test("logout deletes the credentials; the marks stay")
    func logout() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            let watched = try await sandbox.run("tvm-fav", ["watch", "1"])
            #expect(watched.status == 0, "\(watched.stderr)")
            #expect(try await sandbox.run("tvm-fav", ["push"]).status == 0)
            let logout = try await sandbox.run("tvm-fav", ["logout"])
            #expect(logout.status == 0)
            #expect(logout.stderr.contains("signed out of TVMaze"))
            #expect(!FileManager.default.fileExists(atPath: AccountWorld.credentialsFile(sandbox).path))
            #expect(try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"]).stdout == "1\n")
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "0")
            #expect(try await sandbox.run("tvm-fav", ["push"]).status == 77)
        }
    }

    // Regression: logout forgot the ledger at once, and a push still running wrote it back after.
    @Test("logout waits for a running push, pull or sync (the account lock) before it forgets the ledger")
    func logoutWaitsForSync() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            #expect(try await sandbox.run("tvm-fav", ["watch", "1"]).status == 0)
            #expect(try await sandbox.run("tvm-fav", ["push"]).status == 0)
            // This test holds the lock as a push would.
            let lockPath = sandbox.favoritesDatabase.deletingLastPathComponent().appendingPathComponent("account.lock")
            let descriptor = open(lockPath.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
            async let logout = sandbox.run("tvm-fav", ["logout"])
            let credentials = AccountWorld.credentialsFile(sandbox).path
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while FileManager.default.fileExists(atPath: credentials), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "1")
            close(descriptor)
            let result = try await logout
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("another push, pull or sync is running; waiting for it to finish"))
            #expect(try await AccountWorld.query("SELECT count(*) FROM account_ledger", sandbox) == "0")
        }
    }
}
