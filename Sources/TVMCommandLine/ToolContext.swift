import Foundation
import TVMRecords
import TVMazeAPI

#if canImport(Glibc)
    import Glibc
#endif

/// What a run is connected to: its standard streams, its environment and terminals, its clock and its HTTP
/// transport.
///
/// A tool runs with the process's own (``process``). A test runs a command in the test's process by handing in
/// buffers, an environment, a clock and, if it likes, a fake transport (``ToolContext/run(_:arguments:)``); every
/// ``ToolRuntime`` made inside reads the context it runs in.
package struct ToolContext: Sendable {
    /// Whether each standard stream is a terminal, and the environment.
    package var terminal: Terminal
    /// Opens standard input.
    package var stdin: @Sendable () -> AnyByteSource
    /// Opens standard output; the flag asks for a flush after every line.
    package var stdout: @Sendable (_ flushesEveryLine: Bool) -> any ByteSink
    /// Writes text to standard error, unbuffered.
    package var stderr: @Sendable (String) -> Void
    /// The clock requests are paced and retried by.
    package var clock: any PacingClock
    /// Makes the HTTP transport of an API client; `nil` for the real one (AsyncHTTPClient).
    package var transport: (@Sendable () -> any HTTPTransport)?

    /// Creates a context.
    package init(
        terminal: Terminal, stdin: @escaping @Sendable () -> AnyByteSource,
        stdout: @escaping @Sendable (Bool) -> any ByteSink, stderr: @escaping @Sendable (String) -> Void,
        clock: any PacingClock = SystemClock(), transport: (@Sendable () -> any HTTPTransport)? = nil
    ) {
        self.terminal = terminal
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.clock = clock
        self.transport = transport
    }

    /// The process's own streams (descriptors 0, 1 and 2), environment, terminals and clock.
    package static var process: ToolContext {
        ToolContext(
            terminal: .current(),
            stdin: { AnyByteSource(FileDescriptorSource(fileDescriptor: 0)) },
            stdout: { FileDescriptorSink(fileDescriptor: 1, flushesEveryLine: $0) },
            stderr: writeStandardError)
    }

    /// The context of the current task: the process's, unless a caller bound another with `$current.withValue`.
    @TaskLocal package static var current: ToolContext = .process

    /// Writes a whole text to standard output at once (help, versions, the tool list); write errors are ignored,
    /// as a closed stdout ends the run anyway.
    ///
    /// - Parameter text: The text, with its line ends.
    package func print(_ text: String) {
        let sink = stdout(false)
        try? Array(text.utf8).withUnsafeBytes { try sink.write($0) }
        try? sink.flush()
    }

    /// Writes a whole text to standard output at once, as the program's only output (the overview, the version,
    /// the completion scripts), and says on stderr when it could not be written.
    ///
    /// - Parameters:
    ///   - text: The text, with its line ends.
    ///   - program: The name the message starts with.
    /// - Returns: 0, also when the reader went away (`| head -1`); 74 after a write error (a full disk).
    package func printAll(_ text: String, program: String) -> Int32 {
        // Ignored, so that a closed pipe is an error to handle rather than the end of the process.
        signal(SIGPIPE, SIG_IGN)
        let sink = stdout(false)
        do {
            try Array(text.utf8).withUnsafeBytes { try sink.write($0) }
            try sink.flush()
            return 0
        } catch JSONLinesError.brokenPipe {
            return 0
        } catch {
            stderr("\(program): error: \(error.localizedDescription); nothing more was written\n")
            return ExitStatus.ioError.rawValue
        }
    }

    private static func writeStandardError(_ text: String) {
        FileDescriptorSink.writeAll(text, to: STDERR_FILENO)
    }
}
