import Foundation
import Testing

/// Transport failures in plain words (issue 15, items 7 and 8).
@Suite("regressions: transport failures say what happened, not the libraries' internals")
struct NetworkRegressionTests {
    // A TLS failure printed a raw BoringSSL dump with a build path, and was retried three times.
    @Test("https to a server that does not speak TLS: a plain sentence, no retry, no internals; -v adds them")
    func tlsFailure() async throws {
        try await withReplay { server, sandbox in
            let https = server.baseURL.replacingOccurrences(of: "http://", with: "https://")
            let result = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", https, "--retries", "3"])
            #expect(result.status == 69)
            #expect(
                result.stderr.contains(
                    "TLS handshake with 127.0.0.1 failed: the server does not speak TLS there; check the URL's scheme"),
                "\(result.stderr)")
            #expect(result.stderr.contains("after 1 attempt"), "a permanent failure is not retried")
            #expect(!result.stderr.contains("retrying"))
            for leak in ["NIOSSL", "BoringSSL", "handshakeFailed", "/work/", ".swift"] {
                #expect(!result.stderr.contains(leak), "\(leak) leaked: \(result.stderr)")
            }
            let verbose = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", https, "--verbose"])
            #expect(verbose.stderr.contains("NIOSSL"), "--verbose shows the libraries' own description")
        }
    }

    // A refused connection printed NIO's "connection reset (error set): … (errno: 111)" with unbalanced parentheses.
    @Test("a refused connection is one plain sentence that names the host; through a proxy it names the proxy")
    func refusedAndProxy() async throws {
        let sandbox = try Sandbox(apiURL: "http://127.0.0.1:9")
        let result = try await sandbox.run("tvm-fetch", ["show", "1", "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("cause: connection refused by 127.0.0.1 for http://127.0.0.1:9/shows/1"))
        #expect(!result.stderr.contains("errno"))
        let proxied = try await sandbox.run(
            "tvm-fetch", ["show", "1", "--retries", "0", "--api-url", "http://tvmaze.invalid"],
            environment: ["HTTP_PROXY": "http://127.0.0.1:9"])
        #expect(proxied.status == 69)
        #expect(proxied.stderr.contains("(through the proxy 127.0.0.1:9)"), "\(proxied.stderr)")
    }
}
