import EpisodesCommands
import FavoriteCommands
import FetchCommands
import Foundation
import ImgCommands
import NIOConcurrencyHelpers
import SearchCommands
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// Runs a tool's command line in the test's process, as `tvm` would run it, in a ``ToolContext`` of buffers:
/// stdin from bytes, stdout and stderr captured, no terminal, an environment of the test's choosing.
enum InProcess {
    /// The tools, as the `tvm` program lists them.
    static let tools: [Tool] = [.fetch, .search, .fav, .episodes, .img]

    /// The build the in-process runs report: a fixed revision and date, and the committed completions/ scripts,
    /// keyed as the BuildInfo plugin keys them.
    static let build: BuildInfo = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("completions")
        var scripts: [String: String] = [:]
        for shell in BuildInfo.shells {
            let folder = root.appendingPathComponent(shell)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                var command = file.hasPrefix("_") ? String(file.dropFirst()) : file
                if command.hasSuffix(".fish") { command = String(command.dropLast(".fish".count)) }
                scripts["\(shell)/\(command)"] = try? String(
                    contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            }
        }
        return BuildInfo(revision: "abc1234", date: "2026-11-30", completionScripts: scripts)
    }()

    /// Runs `program arguments…` (`tvm-fetch show 1`, or `tvm fetch show 1`).
    ///
    /// - Parameters:
    ///   - program: The name the program is started as.
    ///   - arguments: The arguments.
    ///   - stdin: What the tool reads; empty when `nil`.
    ///   - environment: The whole environment.
    ///   - clock: The pacing clock.
    ///   - transport: The HTTP transport, or `nil` for the real one.
    static func run(
        _ program: String, _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String],
        clock: any PacingClock = SystemClock(), transport: (any HTTPTransport)? = nil
    ) async -> ToolResult {
        let stdout = Captured()
        let stderr = Captured()
        let input = stdin ?? []
        var makeTransport: (@Sendable () -> any HTTPTransport)?
        if let transport { makeTransport = { transport } }
        let context = ToolContext(
            terminal: Terminal(
                stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, environment: environment,
                measuresScreen: false),
            stdin: { AnyByteSource(ByteArraySource(input)) },
            stdout: { (_: Bool) -> any ByteSink in CapturingSink(into: stdout) },
            stderr: { (text: String) in stderr.append(Array(text.utf8)) },
            clock: clock,
            transport: makeTransport)
        let status = await ToolContext.$current.withValue(context) {
            await MultiCall.main([program] + arguments, tools: tools, build: build)
        }
        let bytes = stdout.bytes
        return ToolResult(
            status: status, stdout: String(decoding: bytes, as: UTF8.self), stderr: stderr.text, stdoutBytes: bytes)
    }
}

/// Bytes written by a run, kept under a lock: the jq thread and the command's task may both write.
final class Captured: Sendable {
    private let storage = NIOLockedValueBox<[UInt8]>([])

    func append(_ more: some Sequence<UInt8>) { storage.withLockedValue { $0.append(contentsOf: more) } }

    var bytes: [UInt8] { storage.withLockedValue { $0 } }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Standard output of an in-process run.
final class CapturingSink: ByteSink {
    private let target: Captured

    init(into target: Captured) { self.target = target }

    func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) { target.append(bytes) }
    func endLine() throws(JSONLinesError) {}
    func flush() throws(JSONLinesError) {}
}
