import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output on a terminal, through a pager once the output is taller than the screen, as git and gh do.
///
/// Output is held until it fills the screen. If it ends first, it is written to the terminal as it is; otherwise
/// the pager starts (`$TVM_PAGER`, else `$PAGER`, else `less -FRX` when `less` is on the `PATH`) and receives the
/// held output and the rest. `LESS=FRX` is set for the pager unless `LESS` is set, so colours survive. An empty
/// pager or `cat` means no pager. While the pager runs, Ctrl-C is left to it (the tool ignores SIGINT), and the
/// tool waits for it to exit in ``close()``; when the user quits it early, writes fail as a closed pipe does.
package final class PagerSink: ByteSink {
    private let command: String
    private let environment: [String: String]
    private let screenLines: Int
    private let screenWidth: Int
    private let terminal: any ByteSink
    private var held: [UInt8] = []
    private var heldLines = 0
    private var currentLineLength = 0
    private var pipe: FileDescriptorSink?
    private var pager: pid_t?
    private var decided = false

    /// The pager command a terminal's output goes through, or `nil` for none.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: `$TVM_PAGER`, else `$PAGER`, else `less -FRX` when `less` is found on `PATH`; `nil` when the
    ///   chosen one is empty or `cat`, or no `less` is found.
    package static func command(environment: [String: String]) -> String? {
        let chosen = environment["TVM_PAGER"] ?? environment["PAGER"]
        if let chosen {
            let trimmed = chosen.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let found = path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
        return found ? "less -FRX" : nil
    }

    /// Creates the sink for standard output.
    ///
    /// - Parameters:
    ///   - command: The pager command, run with `/bin/sh -c`.
    ///   - environment: The process environment.
    ///   - height: The screen's height in lines.
    ///   - width: The screen's width in columns.
    ///   - terminal: Standard output, for what fits on the screen.
    package init(command: String, environment: [String: String], height: Int, width: Int, terminal: any ByteSink) {
        self.command = command
        self.environment = environment
        self.screenLines = max(1, height - 1)
        self.screenWidth = max(1, width)
        self.terminal = terminal
    }

    /// Holds `bytes` while the output fits the screen; then hands everything to the pager (or the terminal).
    ///
    /// - Parameter bytes: The bytes to write.
    /// - Throws: ``JSONLinesError/brokenPipe`` once the user quit the pager; other write errors.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        if let pipe {
            try pipe.write(bytes)
            return
        }
        if decided {
            try terminal.write(bytes)
            return
        }
        held.append(contentsOf: bytes)
        for byte in bytes {
            if byte == 0x0A {
                heldLines += 1 + max(0, currentLineLength - 1) / screenWidth
                currentLineLength = 0
            } else if byte & 0xC0 != 0x80 {
                currentLineLength += 1
            }
        }
        if heldLines >= screenLines { try startPager() }
    }

    /// Flushes a complete line once the output goes to the pager or the terminal.
    ///
    /// - Throws: The errors of ``write(_:)``.
    package func endLine() throws(JSONLinesError) {
        if let pipe { try pipe.endLine() } else if decided { try terminal.endLine() }
    }

    /// Writes out what the pager (or the terminal) has not received yet. Short output stays held until
    /// ``close()``, so that it is never paged.
    package func flush() throws(JSONLinesError) {
        if let pipe { try pipe.flush() } else if decided { try terminal.flush() }
    }

    /// Ends the output: writes held output to the terminal, or closes the pager's input and waits for it.
    ///
    /// - Throws: A write error on the terminal.
    package func close() throws(JSONLinesError) {
        if let pipe, let pager {
            try? pipe.flush()
            Glibc.close(pipe.fileDescriptor)
            self.pipe = nil
            var status: Int32 = 0
            while waitpid(pager, &status, 0) < 0 && errno == EINTR {}
            self.pager = nil
            return
        }
        guard !decided else {
            try terminal.flush()
            return
        }
        decided = true
        try flushHeld(to: terminal)
    }

    /// Starts the pager and hands it the held output; without a pager, writes to the terminal instead.
    private func startPager() throws(JSONLinesError) {
        decided = true
        var descriptors: [Int32] = [0, 0]
        guard Glibc.pipe(&descriptors) == 0 else { return try flushHeld(to: terminal) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[0], 0)
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        var environment = self.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        if environment["LV"] == nil { environment["LV"] = "-c" }
        let arguments = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        Glibc.close(descriptors[0])
        guard spawned == 0 else {
            Glibc.close(descriptors[1])
            return try flushHeld(to: terminal)
        }
        // The pager owns the terminal now: Ctrl-C is its to handle, and the tool ends when the pager does.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        pager = pid
        let pipe = FileDescriptorSink(fileDescriptor: descriptors[1])
        self.pipe = pipe
        try flushHeld(to: pipe)
    }

    private func flushHeld(to sink: any ByteSink) throws(JSONLinesError) {
        let bytes = held
        held = []
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONLinesError) in try sink.write(buffer) }
        }
        try written.get()
        try sink.flush()
    }
}
