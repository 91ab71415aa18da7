import Foundation
import ReplayServer
import Testing

/// Where the API key may appear and where it may be sent.
@Suite("TVMaze account secrets")
struct AccountSecretsTests {
    /// Every regular file under a folder, but the credentials file.
    static func files(under root: URL, except kept: URL) -> [URL] {
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [URL] = []
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                url.standardizedFileURL.path != kept.standardizedFileURL.path
            else { continue }
            found.append(url)
        }
        return found
    }

    @Test("the key and the Authorization header appear in no output, error, -v message, file or cache entry")
    func keyNeverLeaks() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox, premium: 1)
            var outputs: [ToolResult] = []
            outputs.append(try await sandbox.run("tvm-fav", ["add", "1"]))
            outputs.append(try await sandbox.run("tvm-fav", ["watch", "1", "2", "--push", "-v"]))
            server.account.seedFollows(username: "ada", [1])
            for command in [["pull", "-v"], ["push", "-v"], ["sync", "-v"], ["account", "--check", "-v"]] {
                outputs.append(try await sandbox.run("tvm-fav", command))
            }
            server.addFault(.serverError(status: 503), matching: .prefix("/v1/"), times: nil)
            outputs.append(try await sandbox.run("tvm-fav", ["pull", "-v", "--retries", "1"]))
            server.removeAllFaults()
            server.addFault(.closeBeforeResponse, matching: .prefix("/v1/"), times: nil)
            outputs.append(try await sandbox.run("tvm-fav", ["push", "-v", "--retries", "0"]))
            server.removeAllFaults()
            server.account.addAccount(username: "ada", key: "changed")
            outputs.append(try await sandbox.run("tvm-fav", ["sync", "-v"]))
            #expect(outputs.last?.status == 77)
            #expect(outputs.contains { $0.status == 69 })
            let secrets = [AccountWorld.key, AccountWorld.basic, String(AccountWorld.basic.dropFirst(6))]
            for output in outputs {
                for secret in secrets {
                    #expect(!output.stdout.contains(secret))
                    #expect(!output.stderr.contains(secret))
                }
            }
            let written = Self.files(under: sandbox.root, except: AccountWorld.credentialsFile(sandbox))
            #expect(written.contains { $0.lastPathComponent == "tvm.sqlite" })
            for file in written {
                let bytes = try Data(contentsOf: file)
                for secret in secrets {
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.path) holds a secret")
                }
                if file.path.hasPrefix(sandbox.cacheHome.path) {
                    #expect(bytes.range(of: Data("/v1/".utf8)) == nil, "\(file.path) cached an account answer")
                }
            }
        }
    }

    @Test("credentials go only to 127.0.0.1 in tests; a redirect to another host is refused, nothing sent there")
    func credentialsStayHome() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            let elsewhere = try await sandbox.run(
                "tvm-fav", ["push"], environment: ["TVM_API_URL": "http://localhost:\(server.port)"])
            #expect(elsewhere.status == 64)
            #expect(elsewhere.stderr.contains("credentials are sent only to https://api.tvmaze.com"))
            let other = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: Fixtures.root))
            defer { Task { await other.stop() } }
            let count = server.log.count
            server.addFault(
                .redirect(to: "http://localhost:\(other.port)/v1/auth/validate"), matching: .prefix("/v1/auth"),
                times: 1)
            let redirected = try await sandbox.run("tvm-fav", ["account", "--check"])
            #expect(redirected.status == 65, "\(redirected.stderr)")
            #expect(server.log.count == count + 1)
            #expect(other.log.count == 0)
        }
    }

    @Test("watch --push sends the marks at once; when that fails the marks stay and go with the next push")
    func livePush() async throws {
        try await withReplay { server, sandbox in
            try await AccountWorld.signIn(server, sandbox)
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            let watch = try await sandbox.run("tvm-fav", ["watch", "1", "--push"])
            #expect(watch.status == 0, "\(watch.stderr)")
            #expect(server.account.marks(of: "ada").keys.sorted() == [1])
            server.addFault(.serverError(status: 503), matching: .prefix("/v1/scrobble"), times: nil)
            let failed = try await sandbox.run(
                "tvm-fav", ["watch", "2", "--retries", "0"], environment: ["TVM_AUTO_PUSH": "1"])
            #expect(failed.status == 0)
            #expect(failed.stderr.contains("the marks are kept and go out with the next push"))
            #expect(try await sandbox.run("tvm-fav", ["watched", "--jq", ".episode"]).stdout == "1\n2\n")
            server.removeAllFaults()
            let push = try await sandbox.run("tvm-fav", ["push", "--jq", ".episode"])
            #expect(push.stdout == "2\n")
            #expect(server.account.marks(of: "ada").keys.sorted() == [1, 2])
        }
    }
}
