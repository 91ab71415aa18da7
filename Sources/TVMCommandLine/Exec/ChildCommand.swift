import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a program without a shell: bytes on its stdin, its stdout and stderr handed to a writer, killed with
/// its process group when it outlives a timeout.
///
/// The program runs in a process group of its own, with `SIGPIPE` at its default action (as a shell starts a
/// command). On timeout the group gets `SIGTERM`, then `SIGKILL` two seconds later.
package struct ChildCommand: Sendable {
    /// How a run ended.
    package enum Outcome: Sendable, Equatable {
        /// The program exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It outlived the timeout and was killed.
        case timedOut
    }

    /// The program (a path, or a name looked up on the environment's `PATH`) and its arguments.
    package var arguments: [String]
    /// The whole environment of the program.
    package var environment: [String: String]

    /// Describes a run.
    ///
    /// - Parameters:
    ///   - arguments: The program and its arguments; not empty.
    ///   - environment: The environment it runs with.
    package init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// The executable's path: the program itself when it has a `/`, else the first executable file of that name
    /// on `PATH` (`/usr/bin:/bin` when unset).
    ///
    /// - Throws: ``ExecError/notFound(program:)``.
    package func executable() throws(ExecError) -> String {
        let program = arguments.first ?? ""
        if program.contains("/") {
            guard Self.isExecutableFile(program) else { throw .notFound(program: program) }
            return program
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            if !program.isEmpty, Self.isExecutableFile(candidate) { return candidate }
        }
        throw .notFound(program: program)
    }

    /// Runs the program to its end, or kills it at the timeout.
    ///
    /// - Parameters:
    ///   - input: What the program reads on stdin (the pipe is closed after it; a program that does not read it is
    ///     fine).
    ///   - timeout: How long it may run.
    ///   - output: Receives what it writes to stdout and stderr, a line or a chunk at a time, from another thread.
    /// - Returns: How it ended.
    /// - Throws: ``ExecError`` when it cannot be started.
    package func run(
        input: [UInt8], timeout: Duration, output: @escaping @Sendable (String) -> Void
    ) async throws(ExecError) -> Outcome {
        let path = try executable()
        let result: Result<Outcome, ExecError> = await withCheckedContinuation { continuation in
            let command = self
            // A thread of its own: the watch blocks in poll() for as long as the program runs, and must not wait
            // for a busy shared pool to start it, or the timeout would be late.
            let thread = Thread {
                continuation.resume(
                    returning: command.runBlocking(path: path, input: input, timeout: timeout, output: output))
            }
            thread.start()
        }
        return try result.get()
    }

    /// A pipe whose ends other programs started from this process do not inherit.
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// Starts the program and watches it on the calling thread.
    private func runBlocking(
        path: String, input: [UInt8], timeout: Duration, output: @Sendable (String) -> Void
    ) -> Result<Outcome, ExecError> {
        var stdinEnds: [Int32] = [-1, -1]
        var outputEnds: [Int32] = [-1, -1]
        guard Self.pipeClosedOnExec(&stdinEnds) else { return .failure(.cannotStart(program: path, errno: errno)) }
        guard Self.pipeClosedOnExec(&outputEnds) else {
            let code = errno
            close(stdinEnds[0])
            close(stdinEnds[1])
            return .failure(.cannotStart(program: path, errno: code))
        }
        let spawned = spawn(path: path, stdin: stdinEnds[0], output: outputEnds[1])
        close(stdinEnds[0])
        close(outputEnds[1])
        guard case .success(let pid) = spawned else {
            close(stdinEnds[1])
            close(outputEnds[0])
            if case .failure(let error) = spawned { return .failure(error) }
            return .failure(.cannotStart(program: path, errno: EINVAL))
        }
        var watch = Watch(pid: pid, stdin: stdinEnds[1], output: outputEnds[0], input: input, timeout: timeout)
        return .success(watch.run(forward: output))
    }

    /// `posix_spawn` with the pipes on descriptors 0, 1 and 2, a new process group and `SIGPIPE` at its default.
    private func spawn(path: String, stdin: Int32, output: Int32) -> Result<pid_t, ExecError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { return .failure(.cannotStart(program: path, errno: result)) }
        return .success(pid)
    }
}
