import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// How the tvm-fav commands open the database and survive a failed save or delete.
package struct FavoritesAccess {
    package let runtime: ToolRuntime
    package let options: StoreOptions

    package init(runtime: ToolRuntime, options: StoreOptions) {
        self.runtime = runtime
        self.options = options
    }

    /// Runs a tvm-fav command's work with a new runtime and database access; the runtime reports what the work
    /// throws and ends the process with the exit-code table's status.
    ///
    /// - Parameters:
    ///   - store: The command's database options.
    ///   - output: The command's output options.
    ///   - body: The work.
    /// - Throws: `ExitCode` for ArgumentParser to end the process with.
    package static func run(
        store: StoreOptions, output: OutputOptions, _ body: (FavoritesAccess) async throws -> Void
    ) async throws {
        let runtime = ToolRuntime(tool: "tvm-fav", output: output)
        let access = FavoritesAccess(runtime: runtime, options: store)
        try await runtime.run { try await body(access) }
    }

    /// The database file for this run.
    package var path: String {
        options.path(environment: runtime.terminal.environment, directories: runtime.directories)
    }

    /// Opens the database for a save or delete, creating it if missing.
    ///
    /// Opening is part of the change: when it fails (a read-only file, a full disk, a lock held past the
    /// timeout) the original app specification's retry dialog or message follows, as for a failed save.
    /// - Throws: `ExitCode(74)` after the failure was reported.
    package func openForWriting() async throws -> FavoritesStore {
        let path = self.path
        let timeout = options.lockTimeout
        return try await changing { () async throws(StoreError) -> FavoritesStore in
            try await FavoritesStore(path: path, lockTimeout: timeout, access: .readWrite)
        }
    }

    /// Starts a batch for a save, beside the database; a database that cannot be written is reported as a failed
    /// save is (the retry dialog on a terminal, else the message and exit 74).
    ///
    /// - Throws: `ExitCode(74)` after the failure was reported.
    package func makeBatch() async throws -> FavoritesBatch {
        let path = self.path
        return try await changing { () throws(StoreError) -> FavoritesBatch in try FavoritesBatch(beside: path) }
    }

    /// Opens the database for reading only; `nil` means "no favorites yet", and nothing is created.
    ///
    /// - Parameter listing: The command only reads: a database named with `--db` or `TVM_DB` that does not exist is
    ///   then warned about (a mistyped path would print nothing at all).
    /// - Throws: ``StoreError`` when an existing file cannot be read; the runtime reports it and exits 74.
    package func openForReading(listing: Bool = false) async throws -> FavoritesStore? {
        guard FileManager.default.fileExists(atPath: path) else {
            if listing, options.db != nil || !(runtime.terminal.environment["TVM_DB"] ?? "").isEmpty {
                runtime.diagnostics.warning("no database at \(path): nothing to read (check --db or TVM_DB)")
            }
            return nil
        }
        return try await FavoritesStore(path: path, lockTimeout: options.lockTimeout, access: .readOnly)
    }

    /// Runs a save or delete; when it fails, asks the original app specification's retry dialog if stderr is a
    /// terminal (on /dev/tty), else prints the original app specification's message and the cause and ends the run
    /// with status 74.
    ///
    /// - Parameter body: The store operation (one transaction: it changed nothing when it threw).
    /// - Returns: What the operation returned.
    /// - Throws: `ExitCode(74)` after the failure was reported.
    package func changing<T>(_ body: () async throws(StoreError) -> T) async throws -> T {
        while true {
            do {
                return try await body()
            } catch {
                let cause = error.localizedDescription
                if runtime.terminal.stderrIsTTY,
                    Prompt.retryDialog(
                        message: Prompt.storeErrorMessage, cause: cause, diagnostics: runtime.diagnostics)
                {
                    continue
                }
                runtime.diagnostics.error("\(Prompt.fetchErrorTitle): \(Prompt.storeErrorStatement)")
                runtime.diagnostics.error("cause: \(cause)")
                throw ExitCode(ExitStatus.ioError.rawValue)
            }
        }
    }

    /// Prints a summary such as `added 2, updated 1` on stderr, when stderr is a terminal and not `--quiet`.
    package func summary(_ text: String) {
        guard runtime.terminal.stderrIsTTY && !runtime.outputOptions.quiet else { return }
        runtime.diagnostics.clearProgress()
        runtime.diagnostics.raw(text + "\n")
    }

    /// Reports a show id that is not a favorite, and earns exit status 1.
    package func reportNotFavorite(_ id: Int) {
        runtime.diagnostics.error("show \(id) is not a favorite")
        runtime.raise(.notFound)
    }
}
