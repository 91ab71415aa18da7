import Foundation
import TVMRecords
import TVMText

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
///
/// A pager that exits with a failure status (not found, `false`, a broken command) has shown nothing: what it was
/// given (kept up to ``keptBytes``) goes to the terminal instead, with a warning, and so does the rest. Beyond that
/// the output is lost, which is a write error.
package final class PagerSink: ByteSink {
    /// How much of the pager's input is kept to show on the terminal should the pager fail.
    package static let keptBytes = 8 << 20

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
    /// What the pager was given, while it is at most ``keptBytes``; `nil` beyond.
    private var sent: [UInt8]? = []
    private let warn: (String) -> Void

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
    ///   - warn: Told, once, when the pager failed and the output goes to the terminal instead.
    package init(
        command: String, environment: [String: String], height: Int, width: Int, terminal: any ByteSink,
        warn: @escaping (String) -> Void = { _ in }
    ) {
        self.command = command
        self.warn = warn
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
        if pipe != nil {
            try toPager(bytes)
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
        if let pipe {
            do { try pipe.endLine() } catch .brokenPipe { try fallBack(adding: []) }
        } else if decided {
            try terminal.endLine()
        }
    }

    /// Writes out what the pager (or the terminal) has not received yet. Short output stays held until
    /// ``close()``, so that it is never paged.
    package func flush() throws(JSONLinesError) {
        if let pipe {
            do { try pipe.flush() } catch .brokenPipe { try fallBack(adding: []) }
        } else if decided {
            try terminal.flush()
        }
    }

    /// Ends the output: writes held output to the terminal, or closes the pager's input and waits for it.
    ///
    /// - Throws: A write error on the terminal.
    package func close() throws(JSONLinesError) {
        if let pipe, pager != nil {
            try? pipe.flush()
            Glibc.close(pipe.fileDescriptor)
            self.pipe = nil
            if let failure = waitForPager() {
                try showOnTerminal(failure: failure, adding: [])
                try terminal.flush()
            }
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
        pipe = FileDescriptorSink(fileDescriptor: descriptors[1])
        let bytes = held
        held = []
        let written = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONLinesError) in try toPager(buffer) }
        }
        try written.get()
        try flush()
    }

    /// Writes to the pager, keeping a copy while it is small; when the pager is gone, falls back if it failed.
    private func toPager(_ bytes: UnsafeRawBufferPointer) throws(JSONLinesError) {
        guard let pipe else { return try terminal.write(bytes) }
        do {
            try pipe.write(bytes)
        } catch .brokenPipe {
            return try fallBack(adding: Array(bytes))
        }
        if let count = sent?.count, count + bytes.count <= Self.keptBytes {
            sent?.append(contentsOf: bytes)
        } else {
            sent = nil
        }
    }

    /// The pager closed its input: a pager the user quit ends the output as a closed pipe does; a pager that
    /// failed hands its output to the terminal.
    private func fallBack(adding bytes: [UInt8]) throws(JSONLinesError) {
        if let pipe { Glibc.close(pipe.fileDescriptor) }
        pipe = nil
        guard let failure = waitForPager() else { throw .brokenPipe }
        try showOnTerminal(failure: failure, adding: bytes)
    }

    /// Waits for the pager; returns how it failed (`exit status 127`) when it exited with a failure status, else
    /// `nil` (it ended well, or a signal ended it, as when the user quits).
    private func waitForPager() -> String? {
        guard let pager else { return nil }
        self.pager = nil
        var status: Int32 = 0
        while waitpid(pager, &status, 0) < 0 && errno == EINTR {}
        let code = (status >> 8) & 0xFF
        guard status & 0x7F == 0, code != 0 else { return nil }
        signal(SIGINT, SIG_DFL)
        signal(SIGQUIT, SIG_DFL)
        let reasons: [Int32: String] = [126: ", cannot run", 127: ", not found"]
        return "exit status \(code)\(reasons[code] ?? "")"
    }

    /// Shows what the failed pager was given, and `bytes`, on the terminal; from now on output goes there.
    private func showOnTerminal(failure: String, adding bytes: [UInt8]) throws(JSONLinesError) {
        decided = true
        let name = HTMLText.terminalSafe(command, keepingNewlines: false)
        guard let kept = sent else {
            warn("the pager '\(name)' failed (\(failure)) after its first \(Self.keptBytes >> 20) MiB")
            throw .writeFailed(errno: EPIPE, reason: "the pager '\(name)' failed (\(failure)); output was lost")
        }
        warn(
            "the pager '\(name)' failed (\(failure)); writing to the terminal instead (set PAGER to a pager that "
                + "works, or use --no-pager)")
        sent = nil
        held = kept + bytes
        try flushHeld(to: terminal)
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
