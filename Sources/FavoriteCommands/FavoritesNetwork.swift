import ArgumentParser
import Foundation
import TVMCLICore

#if canImport(Glibc)
    import Glibc
#endif

/// How `tvm-fav add` and `tvm-fav refresh` reach TVMaze.
///
/// The tvm-fav binary is built without the network stack (AsyncHTTPClient, NIO, BoringSSL): without it the
/// offline commands (`list`, `show`, `status`, `rm`) start in a fraction of the time, which is what a pipeline
/// such as `tvm-fav list | tvm-episodes` pays on every run. The two commands that may need the network are
/// handed to tvm-fetch, which is installed next to tvm-fav and, when started under the name `tvm-fav` (as
/// busybox does), runs tvm-fav's command line with ``FavoritesNetworkContext/current`` set to its networked
/// implementation. The hand-over is an `execv` after the command line was parsed and validated: the same
/// process, stdin unread, the same terminal, messages and exit status.
package protocol FavoritesNetwork: Sendable {
    /// Runs `tvm-fav add`.
    ///
    /// - Parameter command: The parsed command.
    /// - Throws: `ExitCode` with the run's status.
    func add(_ command: AddCommand) async throws

    /// Runs `tvm-fav refresh`.
    ///
    /// - Parameter command: The parsed command.
    /// - Throws: `ExitCode` with the run's status.
    func refresh(_ command: RefreshCommand) async throws
}

/// The ``FavoritesNetwork`` of this run.
package enum FavoritesNetworkContext {
    /// The implementation: in tvm-fav, the hand-over to tvm-fetch; tvm-fetch binds its own.
    @TaskLocal package static var current: any FavoritesNetwork = HandOverToFetch()
}

/// tvm-fav's implementation of ``FavoritesNetwork``: replaces the process with tvm-fetch, started as `tvm-fav`
/// with the same arguments.
package struct HandOverToFetch: FavoritesNetwork {
    package init() {}

    package func add(_ command: AddCommand) async throws {
        try await handOver(output: command.output)
    }

    package func refresh(_ command: RefreshCommand) async throws {
        try await handOver(output: command.output)
    }

    /// The tvm-fetch next to this binary (`/proc/self/exe`), else the first one on `PATH`.
    static func fetchExecutable(environment: [String: String]) -> String? {
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append((me as NSString).deletingLastPathComponent + "/tvm-fetch")
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            candidates.append("\(folder)/tvm-fetch")
        }
        return candidates.first { access($0, X_OK) == 0 }
    }

    private func handOver(output: OutputOptions) async throws {
        let runtime = ToolRuntime(tool: "tvm-fav", output: output)
        try await runtime.run {
            guard let fetch = Self.fetchExecutable(environment: runtime.terminal.environment) else {
                runtime.diagnostics.error(
                    "tvm-fav add and refresh use the network through tvm-fetch, which was found neither next to "
                        + "tvm-fav nor on PATH: install the five tvm tools together (make install)")
                throw ExitCode(ExitStatus.unavailable.rawValue)
            }
            let arguments = ["tvm-fav"] + CommandLine.arguments.dropFirst()
            var pointers = arguments.map { strdup($0) }
            pointers.append(nil)
            execv(fetch, pointers)
            let cause = String(cString: strerror(errno))
            for pointer in pointers { free(pointer) }
            runtime.diagnostics.error("cannot start \(fetch), which tvm-fav add and refresh need: \(cause)")
            throw ExitCode(ExitStatus.unavailable.rawValue)
        }
    }
}
