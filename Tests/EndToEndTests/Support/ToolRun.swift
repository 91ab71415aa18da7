import Foundation

/// The result of running one tvm binary: status, stdout and stderr kept apart.
struct ToolResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]

    /// The stdout lines, without the final empty one.
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }
}

/// Runs the built tvm binaries in an isolated environment.
///
/// Each sandbox has its own HOME and XDG folders in a temporary directory, points the tools at a replay
/// server, and clears proxy variables and colour settings inherited from the developer's shell.
final class Sandbox: @unchecked Sendable {
    let root: URL
    var apiURL: String
    var extraEnvironment: [String: String] = [:]

    init(apiURL: String = "http://127.0.0.1:9") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        self.apiURL = apiURL
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var cacheHome: URL { root.appendingPathComponent("cache") }
    var dataHome: URL { root.appendingPathComponent("data") }
    var stateHome: URL { root.appendingPathComponent("state") }
    var configHome: URL { root.appendingPathComponent("config") }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in [
            "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "NO_COLOR",
            "TVM_API_URL", "TVM_DB", "BROWSER", "COLUMNS", "SSL_CERT_FILE", "SSL_CERT_DIR", "TVM_PAGER", "LESS",
            "LINES", "TVM_TVMAZE_USER", "TVM_TVMAZE_KEY", "TVM_AUTO_PUSH",
        ] {
            env.removeValue(forKey: key)
        }
        env["HOME"] = root.path
        env["XDG_CACHE_HOME"] = cacheHome.path
        env["XDG_DATA_HOME"] = dataHome.path
        env["XDG_STATE_HOME"] = stateHome.path
        env["XDG_CONFIG_HOME"] = configHome.path
        env["TVM_API_URL"] = apiURL
        env["TERM"] = "dumb"
        // Terminal tests read what the tool drew: no pager, unless a test asks for one with TVM_PAGER.
        env["PAGER"] = "cat"
        for (key, value) in extraEnvironment { env[key] = value }
        return env
    }

    /// Runs a tool with arguments and optional stdin, draining both pipes before waiting.
    func run(
        _ tool: String,
        _ arguments: [String],
        stdin: String? = nil,
        environment overrides: [String: String?] = [:],
        timeout: TimeInterval = 60
    ) async throws -> ToolResult {
        try await Self.run(
            executable: Binaries.url(tool),
            arguments: arguments,
            stdin: stdin.map { Array($0.utf8) },
            environment: overrides.reduce(into: environment) { env, pair in env[pair.key] = pair.value },
            directory: root,
            timeout: timeout
        )
    }

    /// Runs a tool as ``run(_:_:stdin:environment:timeout:)`` does, in the test's process (``InProcess``), for
    /// behaviour that needs no process of its own: no signals, pipes or terminal. Paths in `arguments` must be
    /// absolute, since the test process's working folder is not the sandbox.
    func runInProcess(
        _ tool: String, _ arguments: [String], stdin: String? = nil, environment overrides: [String: String?] = [:]
    ) async throws -> ToolResult {
        await InProcess.run(
            tool, arguments, stdin: stdin.map { Array($0.utf8) },
            environment: overrides.reduce(into: environment) { env, pair in env[pair.key] = pair.value })
    }

    /// Runs a tool with stdout redirected into a regular file (`tool > out`), and returns what the file holds as
    /// its stdout.
    func runIntoFile(
        _ tool: String, _ arguments: [String], environment overrides: [String: String?] = [:]
    ) async throws -> ToolResult {
        let file = root.appendingPathComponent("stdout-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        var result = try await Self.run(
            executable: Binaries.url(tool), arguments: arguments, stdin: nil,
            environment: overrides.reduce(into: environment) { env, pair in env[pair.key] = pair.value },
            directory: root, timeout: 60, standardOutput: try FileHandle(forWritingTo: file))
        result.stdoutBytes = Array(try Data(contentsOf: file))
        result.stdout = String(decoding: result.stdoutBytes, as: UTF8.self)
        return result
    }

    /// Runs a tool as the writer of a pipeline whose reader has already gone (`tool | head -c 0`, long after
    /// `head` ended): stdout is a pipe with no read end open anywhere, so every write fails with EPIPE. SIGPIPE
    /// starts at its default action (`env --default-signal=PIPE`), as a shell starts a command, although the test
    /// runner ignores it: a tool that does not ignore SIGPIPE itself dies of it. The result's stdout is empty.
    func runWithReaderGone(_ tool: String, _ arguments: [String], stdin: String? = nil) async throws -> ToolResult {
        try await runWithReaderGone(executable: Binaries.url(tool), arguments, stdin: stdin)
    }

    /// Runs any program as ``runWithReaderGone(_:_:stdin:)`` runs a tool.
    func runWithReaderGone(executable: URL, _ arguments: [String], stdin: String? = nil) async throws -> ToolResult {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        close(ends[0])
        let writeEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        return try await Self.run(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["--default-signal=PIPE", executable.path] + arguments,
            stdin: stdin.map { Array($0.utf8) },
            environment: environment,
            directory: root,
            timeout: 60,
            standardOutput: writeEnd
        )
    }

    /// Runs a program without blocking the concurrency pool: pipes are drained on Dispatch threads and the
    /// exit is awaited through a continuation. A run that outlives `timeout` is terminated (status 15).
    /// `standardOutput`, when given, is the child's stdout instead of a pipe the run collects, and is closed once
    /// the child has it.
    static func run(
        executable: URL,
        arguments: [String],
        stdin: [UInt8]?,
        environment: [String: String],
        directory: URL,
        timeout: TimeInterval,
        standardOutput: FileHandle? = nil
    ) async throws -> ToolResult {
        _ = brokenPipesAreErrors
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = err
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        let collected = Collected()
        let group = DispatchGroup()
        group.enter()
        process.terminationHandler = { _ in group.leave() }
        try process.runAlone()
        if let standardOutput {
            try standardOutput.close()
        } else {
            DispatchQueue.global().async(group: group) {
                collected.stdout = readAll(out.fileHandleForReading)
            }
        }
        DispatchQueue.global().async(group: group) { collected.stderr = readAll(err.fileHandleForReading) }
        if let stdin {
            DispatchQueue.global().async {
                // A tool may exit without reading its stdin (a usage error, a hand-over that fails): the write
                // then meets a closed pipe. `write(_:)` traps on that error and would crash the test run.
                try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
                try? input.fileHandleForWriting.close()
            }
        }
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
        timer.cancel()
        return ToolResult(
            status: process.terminationStatus,
            stdout: String(decoding: collected.stdout, as: UTF8.self),
            stderr: String(decoding: collected.stderr, as: UTF8.self),
            stdoutBytes: Array(collected.stdout)
        )
    }
}

/// Makes a write to a pipe whose reader has gone fail with EPIPE instead of killing the test process with
/// SIGPIPE (a tool may exit without reading its stdin). Evaluated once, before the first child starts.
private let brokenPipesAreErrors: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Output gathered by the Dispatch threads that drain a child's pipes.
/// Reads a pipe to its end, going on after EINTR: Foundation's `readDataToEndOfFile()` traps on it, which a signal
/// reaching the test process (a child's job-control stop, say) turned into a crash of the whole run.
private func readAll(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count < 0 && errno == EINTR {
            continue
        } else {
            return data
        }
    }
}

private final class Collected: @unchecked Sendable {
    var stdout = Data()
    var stderr = Data()
}

/// Where the tools are: a folder next to the built `tvm` (`.build/debug/tvm-links`) holding the five tool names as
/// links to it, as `make install` installs them, plus links to the development tools the tests run.
///
/// The tests always run the binaries of this build: no environment variable can point them elsewhere.
enum Binaries {
    /// The names the tests run: the five tools, `tvm` itself, and the development tools.
    static let names = [
        "tvm", "tvm-fetch", "tvm-search", "tvm-fav", "tvm-episodes", "tvm-img", "tvm-docs", "tvm-completion-probe",
        "tvm-replay",
    ]

    /// The build folder: the one holding `tvm`, found from the test runner's path.
    static let buildDirectory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The runner may be inside `tvmPackageTests.xctest/...` on some platforms: climb to the build folder.
        while !FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("tvm").path), url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url
    }()

    static let directory: URL = {
        let links = buildDirectory.appendingPathComponent("tvm-links")
        // Built aside and renamed into place, so that two test processes never see a half-made folder.
        let staging = buildDirectory.appendingPathComponent("tvm-links.\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        try? FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        // The five tools are links to tvm, as installed; tvm and the development tools are themselves.
        for name in names {
            let target = Repository.tools.contains(name) ? "tvm" : name
            try? FileManager.default.createSymbolicLink(
                atPath: staging.appendingPathComponent(name).path,
                withDestinationPath: buildDirectory.appendingPathComponent(target).path)
        }
        try? FileManager.default.removeItem(at: links)
        if rename(staging.path, links.path) != 0 { try? FileManager.default.removeItem(at: staging) }
        return links
    }()

    static func url(_ tool: String) -> URL { directory.appendingPathComponent(tool) }
}

/// Paths of the recorded fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tvmaze")

    static func data(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(path)))
    }

    /// An obviously correct oracle for compact JSON: drops whitespace outside strings.
    static func compact(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte) {
                out.append(byte)
            }
        }
        return out
    }

    /// The compact text of each top-level element of a recorded JSON array, by the oracle above, with the
    /// replay server's URL rewriting applied.
    static func elements(_ path: String, baseURL: String) throws -> [String] {
        let text = String(decoding: compact(try data(path)), as: UTF8.self)
        return EpisodeFixtures.split(array: Substring(rewrite(text, baseURL: baseURL)))
    }

    static func rewrite(_ text: String, baseURL: String) -> String {
        var out = text
        for host in [
            "https://api.tvmaze.com", "http://api.tvmaze.com", "https://static.tvmaze.com", "http://static.tvmaze.com",
        ] {
            out = out.replacingOccurrences(of: host, with: baseURL)
            out = out.replacingOccurrences(
                of: host.replacingOccurrences(of: "/", with: "\\/"),
                with: baseURL.replacingOccurrences(of: "/", with: "\\/")
            )
        }
        return out
    }
}

extension Process {
    /// `run()`, one launch at a time in the test process: Foundation's `Process.run()` once crashed inside (a
    /// `memcpy` past a mapping, while the parallel suite launched programs from many threads at once).
    ///
    /// Every descriptor the test process holds is first marked close-on-exec, so that the child gets only its own
    /// standard streams (which Foundation puts in place with `dup2`, clearing the mark). Foundation's pipes are
    /// inherited otherwise: a child that outlived its test (a server) kept another test's pipe open, whose reader
    /// then never saw its end, and a tool whose stdin stayed open waited until it was killed.
    func runAlone() throws {
        try Self.launches.withLock {
            Self.closeOnExec()
            try run()
        }
    }

    private static func closeOnExec() {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in descriptors.compactMap({ Int32($0) }) where fd > 2 {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    private static let launches = NSLock()
}
