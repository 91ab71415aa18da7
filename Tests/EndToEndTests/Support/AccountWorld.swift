import Foundation
import ReplayServer
import Testing

/// Helpers for the account tests: an account on the stand-in, a signed-in sandbox, marks made in bulk.
enum AccountWorld {
    /// A key long and odd enough that finding it anywhere means it leaked.
    static let key = "tvm-test-KEY-7f3a9c2e51"
    /// The `Authorization` header's value for ada and the key.
    static var basic: String { "Basic " + Data("ada:\(key)".utf8).base64EncodedString() }
    /// 2019-01-16: Outlander 4x11 has aired (as in the watch tests).
    static let now = "2019-01-16T00:00:00Z"
    static let refused = "tvm-fav: error: TVMaze refused the credentials: run tvm-fav login\n"

    /// Adds ada to the stand-in and signs the sandbox in with `--key-stdin`.
    static func signIn(_ server: ReplayServer, _ sandbox: Sandbox, premium: Int = 0) async throws {
        server.account.addAccount(username: "ada", key: key, premium: premium, email: "ada@example.org")
        sandbox.extraEnvironment["TVM_NOW"] = now
        let login = try await sandbox.run("tvm-fav", ["login", "--username", "ada", "--key-stdin"], stdin: key + "\n")
        #expect(login.status == 0, "\(login.stderr)")
    }

    /// Adds ada (ada@example.org) to the stand-in, and makes the pairing poll every 0.2 s.
    static func preparePairing(_ server: ReplayServer, _ sandbox: Sandbox) {
        server.account.addAccount(username: "ada", key: key, premium: 0, email: "ada@example.org")
        server.account.setPollInterval(.milliseconds(100))
        sandbox.extraEnvironment["TVM_PAIRING_INTERVAL"] = "0.2"
    }

    /// The credentials file of a sandbox.
    static func credentialsFile(_ sandbox: Sandbox) -> URL {
        sandbox.configHome.appendingPathComponent("tvm/account")
    }

    /// Makes `count` marks of show 1 straight in the database (episode ids from 1,000,000 up), with times.
    static func bulkMarks(_ count: Int, _ sandbox: Sandbox) async throws {
        let made = try await sandbox.run("tvm-fav", ["watched"])
        #expect(made.status == 0)
        let database = sandbox.favoritesDatabase
        if !FileManager.default.fileExists(atPath: database.path) {
            _ = try await sandbox.run("tvm-fav", ["add", "1", "--jq", ".id"])
        }
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO watched (episode_id, show_id, watched_at)
            SELECT 1000000 + i, 1, datetime(1600000000 + i, 'unixepoch') FROM n;
            """
        let result = try await FavSupport.sqlite(database, sql, in: sandbox)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// One SQL answer, trimmed.
    static func query(_ sql: String, _ sandbox: Sandbox) async throws -> String {
        try await FavSupport.sqlite(sandbox.favoritesDatabase, sql, in: sandbox).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The account API requests of the log whose target starts with `prefix`.
    static func requests(_ server: ReplayServer, _ method: String, _ prefix: String) -> [RecordedRequest] {
        server.log.requests.filter { $0.method == method && $0.target.hasPrefix(prefix) }
    }
}
