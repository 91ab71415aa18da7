import Foundation
import ReplayServer
import Testing

/// `tvm-fav serve` (issue 28): the calendar feed a phone subscribes to, fetched with curl, read by
/// python3-icalendar and imported by calcurse; validators, refusals, the token, and a clean stop.
@Suite("tvm-fav serve", .serialized)
struct ServeTests {
    /// A running `tvm-fav serve`, its stderr gathered as it comes.
    final class Server: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var log = ""
        private(set) var port = 0

        init(_ arguments: [String], sandbox: Sandbox, environment: [String: String] = [:]) throws {
            process.executableURL = Binaries.url("tvm-fav")
            process.arguments = ["serve", "--port", "0"] + arguments
            process.environment = sandbox.environment.merging(environment) { $1 }
            process.currentDirectoryURL = sandbox.root
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            err.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self else { return }
                self.lock.withLock { self.log += String(decoding: data, as: UTF8.self) }
            }
            try process.runAlone()
        }

        /// A test that fails before ``stop(_:)`` leaves no server behind.
        deinit {
            if process.isRunning { process.terminate() }
        }

        var stderr: String { lock.withLock { log } }

        /// Waits for the line that says where it serves.
        func ready() async throws {
            for _ in 0..<200 {
                if let match = stderr.firstMatch(of: /serving http:\/\/[^:]+:(\d+)/), let port = Int(match.1) {
                    self.port = port
                    return
                }
                if !process.isRunning { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            Issue.record("serve did not start: \(stderr)")
        }

        /// Sends a signal and waits for the exit; returns the status.
        func stop(_ signal: Int32 = SIGTERM) async throws -> Int32 {
            kill(process.processIdentifier, signal)
            for _ in 0..<100 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static let now = "2019-01-16T00:00:00Z"

    /// Runs `body` with two favorites (Under the Dome, Outlander) added at ``now`` and `tvm-fav serve` started on
    /// a free port; `url` is its `http://127.0.0.1:PORT`.
    static func withServer(
        _ arguments: [String] = [], _ body: (Sandbox, Server, String) async throws -> Void
    ) async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            sandbox.extraEnvironment["TVM_NOW"] = Self.now
            let server = try Server(arguments, sandbox: sandbox)
            try await server.ready()
            try await body(sandbox, server, "http://127.0.0.1:\(server.port)")
        }
    }

    /// Drives raw sockets at a server with /usr/bin/python3: `cap` opens three connections and reports whether the
    /// third was closed at once and the first still answers; `slow` sends half a request and reports when the
    /// server hung up.
    static func sockets(_ mode: String, port: Int, _ sandbox: Sandbox) async throws -> String {
        let script = """
            import socket, sys, time
            port, mode = int(sys.argv[1]), sys.argv[2]
            def connect():
                return socket.create_connection(('127.0.0.1', port))
            if mode == 'cap':
                held = [connect() for _ in range(3)]
                time.sleep(0.5)
                held[2].settimeout(5)
                try:
                    print('third closed' if held[2].recv(16) == b'' else 'third answered')
                except socket.timeout:
                    print('third open')
                held[0].sendall(b'GET /calendar.ics HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n')
                held[0].settimeout(5)
                print(held[0].recv(15).decode())
            else:
                slow = connect()
                slow.sendall(b'GET /calendar.ics HTTP/1.1\\r\\nHost: x\\r\\n')
                start = time.monotonic()
                slow.settimeout(60)
                data = slow.recv(4096)
                print('hung up after %d s' % round(time.monotonic() - start) if data == b'' else data[:15].decode())
            """
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/python3"), arguments: ["-c", script, String(port), mode],
            stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 90)
        return result.stdout + result.stderr
    }

    /// curl with arguments; `-s` and the sandbox's environment.
    static func curl(_ arguments: [String], _ sandbox: Sandbox) async throws -> ToolResult {
        try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/curl"), arguments: ["-s", "--max-time", "10"] + arguments,
            stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 30)
    }

    @Test("/calendar.ics is the bytes of tvm-episodes --upcoming --format ics, read by python3-icalendar and calcurse")
    func calendarFeed() async throws {
        try await Self.withServer { sandbox, server, url in
            let fetched = try await Self.curl(["-D", "-", "-o", "feed.ics", url + "/calendar.ics"], sandbox)
            #expect(fetched.status == 0)
            #expect(fetched.stdout.hasPrefix("HTTP/1.1 200 OK"))
            #expect(fetched.stdout.lowercased().contains("content-type: text/calendar; charset=utf-8"))
            let feed = try Data(contentsOf: sandbox.root.appendingPathComponent("feed.ics"))
            let list = try await sandbox.run("tvm-fav", ["list"])
            let expected = try await sandbox.run(
                "tvm-episodes", ["--upcoming", "--format", "ics"], stdin: list.stdout)
            #expect(expected.status == 0, "\(expected.stderr)")
            #expect(Array(feed) == expected.stdoutBytes)
            let text = String(decoding: feed, as: UTF8.self)
            #expect(text.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n"))
            #expect(text.contains("\r\nX-PUBLISHED-TTL:PT1H\r\n"))
            let parsed = try await UpNextAndCalendarTests.parse(
                sandbox.root.appendingPathComponent("feed.ics"), in: sandbox)
            #expect((parsed["calendar"] as? [String: String])?["X-WR-CALNAME"] == "tvm: upcoming episodes")
            let events = try #require(parsed["events"] as? [[String: String]])
            #expect(!events.isEmpty)
            #expect(events.allSatisfy { $0["SUMMARY"]?.hasPrefix("Outlander S04") == true }, "\(events)")
            // A real calendar program imports it: calcurse, in a folder of its own.
            let folder = sandbox.root.appendingPathComponent("calcurse")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let imported = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/usr/bin/calcurse"),
                arguments: ["-D", folder.path, "-q", "-i", sandbox.root.appendingPathComponent("feed.ics").path],
                stdin: nil, environment: sandbox.environment.merging(["TZ": "UTC"]) { $1 }, directory: sandbox.root,
                timeout: 30)
            #expect(imported.status == 0, "\(imported.stderr)")
            let agenda = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/usr/bin/calcurse"),
                arguments: ["-D", folder.path, "-Q", "--from", "01/16/2019", "--days", "8"],
                stdin: nil, environment: sandbox.environment.merging(["TZ": "UTC"]) { $1 }, directory: sandbox.root,
                timeout: 30)
            for event in events {
                #expect(agenda.stdout.contains(event["SUMMARY"] ?? "?"), "\(agenda.stdout)")
            }
            #expect(try await server.stop() == 0)
        }
    }

    @Test("ETag and Last-Modified give 304; HEAD has no body; the JSON feeds; bad requests get 4xx and no crash")
    func validatorsAndRefusals() async throws {
        try await Self.withServer { sandbox, server, url in
            let first = try await Self.curl(["-D", "-", "-o", "/dev/null", url + "/calendar.ics"], sandbox)
            let tag = try #require(first.stdout.firstMatch(of: /(?i)etag: ("[^"]+")/)?.1)
            let modified = try #require(first.stdout.firstMatch(of: /(?i)last-modified: ([^\r]+)/)?.1)
            let again = try await Self.curl(
                ["-o", "/dev/null", "-w", "%{http_code}", "-H", "If-None-Match: \(tag)", url + "/calendar.ics"], sandbox
            )
            #expect(again.stdout == "304")
            let since = try await Self.curl(
                ["-o", "/dev/null", "-w", "%{http_code}", "-H", "If-Modified-Since: \(modified)", url + "/next.json"],
                sandbox)
            #expect(since.stdout == "304")
            let head = try await Self.curl(["-I", url + "/calendar.ics"], sandbox)
            #expect(head.stdout.hasPrefix("HTTP/1.1 200"))
            // Nothing watched yet: tvm-fav next prints nothing, and /next.json is as empty.
            let next = try await Self.curl([url + "/next.json"], sandbox)
            #expect(next.stdout == "[]\n")
            let changes = try await Self.curl([url + "/changes.json"], sandbox)
            #expect(changes.stdout == "[]\n")
            func code(_ extra: [String], _ path: String) async throws -> String {
                try await Self.curl(["-o", "/dev/null", "-w", "%{http_code}"] + extra + [url + path], sandbox).stdout
            }
            #expect(try await code(["-X", "POST"], "/calendar.ics") == "405")
            #expect(try await code(["--path-as-is"], "/../../etc/passwd") == "400")
            #expect(try await code([], "/%2e%2e/etc/passwd") == "400")
            #expect(try await code([], "/nothing.ics") == "404")
            #expect(try await code([], "/" + String(repeating: "a", count: 5_000)) == "414")
            let headers = (0..<100).flatMap { ["-H", "X-Filler-\($0): 1"] }
            #expect(try await code(headers, "/calendar.ics") == "431")
            // Still serving after all that.
            #expect(try await code([], "/calendar.ics") == "200")
            // Regression: /next.json listed every favorite with an episode left, started or not.
            #expect(try await sandbox.run("tvm-fav", ["watch", "--show", "43", "--through", "S01E02"]).status == 0)
            let printed = try await sandbox.run("tvm-fav", ["next"])
            #expect(printed.lines.count == 1)
            let served = try await Self.curl([url + "/next.json"], sandbox)
            #expect(served.stdout == "[" + printed.lines.joined(separator: ",") + "]\n")
            #expect(try await server.stop(SIGINT) == 0)
            #expect(server.stderr.contains("GET /calendar.ics 200"))
        }
    }

    @Test("a port in use: exit 69, saying so in words and what to do")
    func portInUse() async throws {
        try await Self.withServer { sandbox, server, _ in
            let second = try await sandbox.run("tvm-fav", ["serve", "--port", String(server.port)])
            #expect(second.status == 69)
            #expect(
                second.stderr
                    == "tvm-fav: error: cannot serve on 127.0.0.1:\(server.port): address already in use (another "
                    + "tvm-fav serve?); stop it or give another --port\n")
            #expect(try await server.stop() == 0)
        }
    }

    @Test("a non-loopback bind without --token does not start; with it, the secret gates the paths and is never logged")
    func token() async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            let refused = try await sandbox.run("tvm-fav", ["serve", "--bind", "0.0.0.0"])
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("add --token"))
            let server = try Server(["--token"], sandbox: sandbox)
            try await server.ready()
            let file = sandbox.configHome.appendingPathComponent("tvm/serve-token")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let secret = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(secret.count == 32)
            let url = "http://127.0.0.1:\(server.port)"
            func code(_ path: String) async throws -> String {
                try await Self.curl(["-o", "/dev/null", "-w", "%{http_code}", url + path], sandbox).stdout
            }
            #expect(try await code("/calendar.ics") == "404")
            #expect(try await code("/guessed-secret-123/calendar.ics") == "404")
            #expect(try await code("/\(secret)/calendar.ics") == "200")
            #expect(try await server.stop() == 0)
            #expect(!server.stderr.contains(secret))
            #expect(!server.stderr.contains("guessed-secret-123"))
            #expect(server.stderr.contains("wrong or missing token"))
        }
    }

    @Test("the README's static alternative: the cron line writes the same calendar through a temporary file")
    func staticCronLine() async throws {
        let lines = try NotifyRecipeTests.block("crontab", after: "### Subscribe from my phone")
        #expect(lines.count == 1)
        let fields = lines.first?.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true) ?? []
        let command = String(fields.last ?? "")
        #expect(command.contains(".tmp && mv "))
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            sandbox.extraEnvironment["TVM_NOW"] = Self.now
            let folder = sandbox.root.appendingPathComponent("public_html")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], stdin: nil,
                environment: sandbox.shellEnvironment, directory: sandbox.root, timeout: 120)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tv.ics"])
            let list = try await sandbox.run("tvm-fav", ["list"])
            let expected = try await sandbox.run("tvm-episodes", ["--upcoming", "--format", "ics"], stdin: list.stdout)
            #expect(Array(try Data(contentsOf: folder.appendingPathComponent("tv.ics"))) == expected.stdoutBytes)
        }
    }

    @Test("the README's systemd unit starts serve with a token (on a free port here) and it answers behind it")
    func systemdUnit() async throws {
        let unit = try NotifyRecipeTests.block("ini", after: "### Subscribe from my phone")
        let start = try #require(unit.first { $0.hasPrefix("ExecStart=") })
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            let words = try NotifyRecipeTests.systemdWords(
                String(start.dropFirst(10)).replacingOccurrences(of: "%h", with: sandbox.root.path))
            #expect(words.first == sandbox.root.path + "/.local/bin/tvm-fav")
            #expect(Array(words.dropFirst()) == ["serve", "--bind", "0.0.0.0", "--token", "--quiet"])
            // The unit's own arguments, bound to loopback and any free port so that tests running at once do
            // not meet on 8730: the token rules are what is checked.
            let server = try Server(["--bind", "127.0.0.1", "--token", "--quiet"], sandbox: sandbox)
            try await server.ready()
            let secret = try String(
                contentsOf: sandbox.configHome.appendingPathComponent("tvm/serve-token"), encoding: .utf8
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            let answered = try await Self.curl(
                ["-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(server.port)/\(secret)/calendar.ics"],
                sandbox)
            #expect(answered.stdout == "200")
            #expect(try await server.stop() == 0)
        }
    }

    @Test("connections past --max-connections are closed at once; those admitted are answered")
    func connectionCap() async throws {
        try await Self.withServer(["--max-connections", "2"]) {
            (sandbox: Sandbox, server: Server, _: String) async throws in
            #expect(try await Self.sockets("cap", port: server.port, sandbox) == "third closed\nHTTP/1.1 200 OK\n")
            #expect(server.stderr.contains("refused a connection: 2 are open"))
            #expect(try await server.stop() == 0)
        }
    }
}

extension RealTimeTests {
    @Test("tvm-fav serve hangs up on a client that sends half a request and then nothing, after 10 s")
    func serveSlowClient() async throws {
        try await ServeTests.withServer { sandbox, server, url in
            let answer = try await ServeTests.sockets("slow", port: server.port, sandbox)
            let seconds = answer.firstMatch(of: /^hung up after (\d+) s\n$/).flatMap { Int($0.1) }
            #expect(seconds.map { (9...20).contains($0) } == true, "\(answer)")
            let after = try await ServeTests.curl(
                ["-o", "/dev/null", "-w", "%{http_code}", url + "/calendar.ics"], sandbox)
            #expect(after.stdout == "200")
            #expect(try await server.stop() == 0)
        }
    }
}
