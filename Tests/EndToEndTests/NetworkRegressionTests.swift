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

/// `SSL_CERT_FILE` and `SSL_CERT_DIR`, as curl and OpenSSL read them (issue 15, item 8), against a real TLS server:
/// `openssl s_server` with a certificate made for the test, serving a recorded show.
@Suite("regressions: certificates users trust through SSL_CERT_FILE and SSL_CERT_DIR")
struct TrustedCertificateTests {
    // Users behind a corporate CA could not use the tools: the system's roots were the only ones.
    @Test(
        "a server whose certificate the system does not trust is refused, and served once SSL_CERT_FILE or SSL_CERT_DIR names it"
    )
    func certificateFromEnvironment() async throws {
        let sandbox = try Sandbox()
        let folder = sandbox.root.appendingPathComponent("tls")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("shows"), withIntermediateDirectories: true)
        try Data(Fixtures.compact(try Fixtures.data("shows/1.json"))).write(
            to: folder.appendingPathComponent("shows/1"))
        let made = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/openssl"),
            arguments: [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ],
            stdin: nil, environment: ProcessInfo.processInfo.environment, directory: folder, timeout: 60)
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("certs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("cert.pem"), to: folder.appendingPathComponent("certs/cert.pem"))
        // A free port: the first that s_server can listen on.
        var server: Process?
        var port = 0
        for candidate in (0..<20).map({ _ in Int.random(in: 20_000..<60_000) }) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = [
                "s_server", "-accept", "127.0.0.1:\(candidate)", "-cert", "cert.pem", "-key", "key.pem", "-WWW",
                "-quiet",
            ]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runAlone()
            try await Task.sleep(for: .milliseconds(500))
            if process.isRunning {
                server = process
                port = candidate
                break
            }
        }
        let running = try #require(server, "openssl s_server did not start")
        // SIGKILL, not terminate(): a child started from a dispatch thread inherits its blocked SIGTERM, and an
        // s_server left running keeps the pipes of programs other tests start at the same time open, so that
        // their reads never end and the test run never exits.
        defer {
            kill(running.processIdentifier, SIGKILL)
            running.waitUntilExit()
        }
        let url = "https://127.0.0.1:\(port)"
        let refused = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", url, "--jq", ".name"])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("TLS handshake with 127.0.0.1 failed: the certificate is not trusted"))
        for environment in [
            ["SSL_CERT_FILE": folder.appendingPathComponent("cert.pem").path],
            ["SSL_CERT_DIR": folder.appendingPathComponent("certs").path],
        ] {
            let served = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--api-url", url, "--jq", ".name", "--refresh"],
                environment: environment.mapValues { $0 })
            #expect(served.status == 0, "\(environment): \(served.stderr)")
            #expect(served.stdout == "Under the Dome\n")
        }
    }
}
