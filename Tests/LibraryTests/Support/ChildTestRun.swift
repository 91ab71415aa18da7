import Foundation

/// Runs one test of this test binary in a child process, so it can measure the process on its own: nothing
/// else runs there, unlike in the parent, where Swift Testing runs other tests in parallel.
///
/// The child is this binary again (`CommandLine.arguments[0]`) with `--testing-library swift-testing --filter
/// <test>` and an environment variable that enables the test (it is `.enabled(if:)` that variable, so in a normal
/// run it is skipped). The test writes its report to the file the variable names.
enum ChildTestRun {
    /// What the child left behind.
    struct Result {
        /// The child's exit status.
        var status: Int32
        /// The report file's text, or nil when the child wrote none.
        var report: String?
        /// The child's stdout and stderr, for failure messages.
        var output: String
    }

    /// Runs the test whose identifier matches `filter` in a child process, waiting without blocking a thread.
    ///
    /// - Parameters:
    ///   - filter: A regular expression for the test's identifier, e.g. `JQFilterTests/memoryChild`.
    ///   - variable: The environment variable that enables the test; it is set to the report file's path.
    ///   - timeout: After this many seconds the child is terminated.
    static func run(filter: String, variable: String, timeout: Double = 600) async throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("child-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let reportURL = scratch.appendingPathComponent("report")
        let outputURL = scratch.appendingPathComponent("output")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputURL.path])
        }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = reportURL.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let exited = DispatchGroup()
        exited.enter()
        process.terminationHandler = { _ in exited.leave() }
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            exited.notify(queue: .global()) { continuation.resume() }
        }
        timer.cancel()
        return Result(
            status: process.terminationStatus,
            report: try? String(contentsOf: reportURL, encoding: .utf8),
            output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        )
    }
}
