import Foundation
import ReplayServer
import Testing

/// A reader that has gone before the first write (`tool | head -c 0`): every tool must end quietly with status 0,
/// as ripgrep does, never with a crash, a signal or a message. A reader that goes away after some lines
/// (`| head -1`) is tested for tvm-fetch in OutputAndFilterTests and for tvm-img in ImgCommandTests.
@Suite("A reader gone before the first write ends every tool quietly")
struct ClosedStdoutTests {
    /// Checks the quiet end: status 0 and nothing on stderr.
    private func expectQuietExit(_ result: ToolResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("the harness is real: a program that does not ignore SIGPIPE dies of the closed pipe")
    func harnessKillsAnOrdinaryWriter() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.runWithReaderGone(executable: URL(fileURLWithPath: "/bin/echo"), ["hello"])
        #expect(result.status == SIGPIPE)
    }

    @Test("tvm-fetch show fetches the show, meets the closed pipe and exits 0")
    func fetch() async throws {
        try await withReplay { server, sandbox in
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-fetch", ["show", "1"]))
            #expect(server.log.requests.map(\.target) == ["/shows/1"])
        }
    }

    @Test("tvm-search searches, meets the closed pipe and exits 0")
    func search() async throws {
        try await withReplay { server, sandbox in
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-search", ["girls"]))
            #expect(server.log.requests.map(\.target) == ["/search/shows?q=girls"])
        }
    }

    @Test("tvm-episodes loads the episodes, meets the closed pipe and exits 0")
    func episodes() async throws {
        try await withReplay { server, sandbox in
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-episodes", ["1"]))
            #expect(server.log.requests.map(\.target) == ["/shows/1?embed=episodes"])
        }
    }

    @Test("tvm-img stores the poster, meets the closed pipe and exits 0")
    func img() async throws {
        try await withReplay { server, sandbox in
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-img", ["1"]))
            let show = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self),
                baseURL: server.baseURL)
            let poster = Img.path(of: try #require(Img.urls([show])[0]))
            #expect(server.log.requests.map(\.target) == ["/shows/1", poster])
            #expect(Img.files(sandbox).count == 1)
        }
    }

    @Test("tvm-fav add saves the favorites whatever the closed pipe; list, on either parser, exits 0")
    func fav() async throws {
        try await withReplay { server, sandbox in
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-fav", ["add", "--no-episodes", "1", "139"]))
            #expect(server.log.requests.map(\.target) == ["/shows/1", "/shows/139"])
            #expect(try await sandbox.favoriteIDs() == [1, 139])
            // Without and with --jq: the plain writer and the filter's.
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-fav", ["list"]))
            expectQuietExit(try await sandbox.runWithReaderGone("tvm-fav", ["list", "--jq", ".name"]))
        }
    }

    // Regression: a stream closed at start was the lowest free descriptor, so the HTTP client's event descriptors
    // took it, and the records were written into them ("cannot write output: Invalid argument").
    @Test("a standard stream closed at start (>&-, <&-) fails as a closed one: exit 74, Bad file descriptor")
    func closedAtStart() async throws {
        try await withReplay { server, sandbox in
            func shell(_ line: String, _ tool: String) async throws -> ToolResult {
                try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line, Binaries.url(tool).path],
                    stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 60)
            }
            let fetch = try await shell(#"exec "$0" show 1 >&-"#, "tvm-fetch")
            #expect(fetch.status == 74)
            #expect(fetch.stderr == "tvm-fetch: error: cannot write output: Bad file descriptor (errno 9)\n")
            #expect(server.log.requests.map(\.target) == ["/shows/1"])
            let add = try await shell(#"exec "$0" add <&-"#, "tvm-fav")
            #expect(add.status == 74)
            #expect(add.stderr == "tvm-fav: error: cannot read input: Bad file descriptor (errno 9)\n")
            // Nothing on stderr to say it, and still the status.
            #expect(try await shell(#"exec "$0" show 1 >&- 2>&-"#, "tvm-fetch").status == 74)
        }
    }
}
