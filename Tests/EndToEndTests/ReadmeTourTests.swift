import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The README's tour, run as written: every `sh` block under "## Tour", in order, in one sandbox whose tools
/// talk to the replay server, each compared with the `text` block that follows it (as jq tests its manual).
@Suite("The README tour runs as written")
struct ReadmeTourTests {
    /// One example: its shell code, its documented output (if any) and where it is.
    struct Example: Sendable {
        var line: Int
        var code: String
        var output: String?

        /// The tvm tools the example runs.
        var tools: [String] { Repository.tools.filter { code.contains($0) } }
    }

    @Test("every example of the tour exits 0 and prints exactly its documented output")
    func tour() async throws {
        let examples = try Self.examples()
        #expect(examples.count >= 10, "the tour has \(examples.count) examples")
        #expect(Set(examples.flatMap(\.tools)) == Set(Repository.tools), "the tour should use every tool")
        try await withReplay { server, sandbox in
            // "Keep TVMaze in sync": an account on the replay server's stand-in, its key in ~/.tvmaze-key, and a
            // mark made on the website the evening before the tour's own (the pilot, 2019-01-09 20:00 UTC).
            server.account.addAccount(username: "ada", key: "tour-key-0123", premium: 0)
            server.account.seedMarks(username: "ada", [.init(episodeID: 1, showID: 1, markedAt: 1_547_064_000)])
            try Data("tour-key-0123\n".utf8).write(to: sandbox.root.appendingPathComponent(".tvmaze-key"))
            // The recordings are old: the tour's clock is fixed (TVM_NOW), as its introduction says.
            sandbox.extraEnvironment["TVM_NOW"] = "2019-01-16T12:00:00Z"
            sandbox.extraEnvironment["TZ"] = "UTC"
            // "Notify me" runs notify-send: a stand-in notes its two arguments instead of showing them.
            let desktop = sandbox.root.appendingPathComponent("desktop-bin")
            try FileManager.default.createDirectory(at: desktop, withIntermediateDirectories: true)
            let notifySend = desktop.appendingPathComponent("notify-send")
            try Data("#!/bin/sh\nprintf '%s | %s\\n' \"$1\" \"$2\" >> \"$HOME/notified\"\n".utf8).write(to: notifySend)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: notifySend.path)
            var environment = sandbox.shellEnvironment
            environment["PATH"] = desktop.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            // "Subscribe from my phone" serves on 127.0.0.1:8730, as a user would; here on a free port instead,
            // so that two runs of the tests at once never meet there.
            let port = try Self.freePort()
            for example in examples {
                let code = Self.onPort(port, example.code)
                #expect(!code.contains("8730"), "README.md:\(example.line): 8730 left in\n\(code)")
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/bin/bash"),
                    arguments: ["-e", "-o", "pipefail", "-c", code],
                    stdin: nil, environment: environment, directory: sandbox.root, timeout: 120)
                #expect(
                    result.status == 0,
                    "README.md:\(example.line) exited \(result.status):\n\(example.code)\nstderr:\n\(result.stderr)")
                if let output = example.output {
                    #expect(
                        result.stdout == output,
                        "README.md:\(example.line) printed something else:\n\(example.code)\nexpected:\n\(output)got:\n\(result.stdout)stderr:\n\(result.stderr)"
                    )
                }
            }
            // The desktop was told once, with the show as the title and the sentence as the body.
            let notified = try? String(contentsOf: sandbox.root.appendingPathComponent("notified"), encoding: .utf8)
            #expect(notified == "Outlander | Season 4 has finished airing: every episode is out.\n")
        }
    }

    /// An example's code with `tvm-fav serve` and its URLs moved from 8730 to `port`.
    static func onPort(_ port: Int, _ code: String) -> String {
        code.replacingOccurrences(of: "tvm-fav serve ", with: "tvm-fav serve --port \(port) ")
            .replacingOccurrences(of: "127.0.0.1:8730", with: "127.0.0.1:\(port)")
    }

    /// A port of 127.0.0.1 free now: the one the system gives a socket bound to port 0.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 ? getsockname(socket, $0, &length) : -1
            }
        }
        guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The examples of the README's "## Tour" section.
    static func examples() throws -> [Example] {
        let lines = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "## Tour") else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var examples: [Example] = []
        var index = start
        while index < end {
            guard lines[index] == "```sh" || lines[index] == "```text" else {
                index += 1
                continue
            }
            let fence = lines[index]
            let opening = index
            index += 1
            var body: [String] = []
            while index < end, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            let text = body.map { $0 + "\n" }.joined()
            if fence == "```sh" {
                examples.append(Example(line: opening + 1, code: text, output: nil))
            } else if !examples.isEmpty, examples[examples.count - 1].output == nil {
                examples[examples.count - 1].output = text
            }
        }
        return examples
    }
}
