import ArgumentParser
import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// What one run of a tool shares: streams, messages, the exit status so far (and, through its network session,
/// the API client).
///
/// Every command builds one in `run()`, does its work inside ``run(_:)``, and lets it turn errors into the
/// exit-code table. It is connected to the ``ToolContext`` of the task that made it: the process's, or a test's.
/// Used from the command's task only.
package final class ToolRuntime {
    /// The tool's name, e.g. `tvm-fetch`.
    package let tool: String
    /// The streams, environment, clock and transport of the run.
    package let context: ToolContext
    /// The terminals and environment.
    package let terminal: Terminal
    /// Messages on stderr.
    package let diagnostics: Diagnostics
    /// The XDG folders.
    package let directories: XDGDirectories
    /// The output options.
    package let outputOptions: OutputOptions
    /// The most serious status met so far; the process exits with it.
    package private(set) var status: ExitStatus = .ok
    private var engine: JQEngine?
    /// The status a `--jq` halt or a closed stdout ends the run with, at once.
    private var ending: Int32?
    /// A status outside the table the run ends with when nothing more serious happened (``passThrough(_:)``).
    private var passedThrough: Int32?
    private var outputs: [RecordOutput] = []
    /// The API clients' shared state, made by the first client of the run.
    var network: NetworkSession?
    /// Whether `--offline` can answer the command from the cache, as the advice after a failed fetch says; the
    /// TVMaze account's commands refuse it.
    package var offersOffline = true

    /// Sets up a run.
    ///
    /// - Parameters:
    ///   - tool: The tool name used in messages.
    ///   - output: The shared output options.
    package init(tool: String, output: OutputOptions) {
        signal(SIGPIPE, SIG_IGN)
        self.tool = tool
        self.context = ToolContext.current
        self.terminal = context.terminal
        self.outputOptions = output
        self.diagnostics = Diagnostics(
            tool: tool,
            color: terminal.stderrColor(noColorFlag: output.noColor),
            quiet: output.quiet,
            write: context.stderr
        )
        self.directories = XDGDirectories(environment: terminal.environment)
    }

    /// Raises the exit status to `status` if that is more serious than the current one.
    ///
    /// - Parameter status: A status earned by part of the work.
    package func raise(_ status: ExitStatus) {
        self.status = max(self.status, status)
    }

    /// Makes the record writer for standard output, compiling `--jq` once.
    ///
    /// - Parameter view: How records look on a terminal, or `nil` for JSON Lines everywhere.
    /// - Returns: The writer.
    /// - Throws: `JQError` when the filter does not compile.
    package func makeOutput(view: (any TerminalView)?) async throws -> RecordOutput {
        if outputOptions.format == .ics {
            diagnostics.error(
                "--format ics (a calendar) is for tvm-episodes and tvm-fav next; use jsonl, json, csv, tsv or table")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        try await compileFilter()
        let interactive = terminal.stdoutIsTTY
        let sink: any ByteSink
        if interactive, !outputOptions.noPager, let pager = PagerSink.command(environment: terminal.environment) {
            sink = PagerSink(
                command: pager, environment: terminal.environment, height: terminal.height, width: terminal.width,
                terminal: context.stdout(true), warn: { [diagnostics] in diagnostics.warning($0) })
        } else {
            sink = context.stdout(interactive)
        }
        let output = RecordOutput(
            settings: outputOptions,
            view: view,
            jq: engine,
            sink: sink,
            terminal: terminal,
            color: terminal.stdoutColor(noColorFlag: outputOptions.noColor),
            diagnostics: diagnostics
        )
        outputs.append(output)
        return output
    }

    /// Compiles `--jq`, once.
    ///
    /// - Throws: `JQError` when the filter does not compile or libjq cannot be loaded.
    private func compileFilter() async throws {
        guard engine == nil, let program = outputOptions.program else { return }
        engine = try await JQEngine(program: program, arguments: outputOptions.bindings)
    }

    /// Runs a command's work and ends the process with the exit-code table's status.
    ///
    /// - Parameter body: The work; it may throw any error, which is reported and mapped to a status.
    /// - Throws: `ExitCode` for ArgumentParser to end the process with.
    package func run(_ body: () async throws -> Void) async throws {
        do {
            try FileLimit.ensure()
            // A filter that does not compile (or no libjq) stops the run before it changes anything.
            try await compileFilter()
            try await body()
        } catch {
            handle(error)
        }
        for output in outputs where ending == nil {
            do {
                try await output.settle()
            } catch {
                handle(error)
            }
        }
        await network?.finish()
        network = nil
        closeOutputs()
        if let ending { throw ExitCode(ending) }
        let status = concluded()
        if status != .ok { throw ExitCode(status.rawValue) }
        if let passedThrough { throw ExitCode(passedThrough) }
    }

    /// Ends the run with another program's exit status (the first one given), unless the table's status is more
    /// serious: a command that `--exec` ran failed with it.
    ///
    /// - Parameter status: The other program's status, not 0.
    package func passThrough(_ status: Int32) {
        passedThrough = passedThrough ?? status
    }

    /// Standard input, as the run's context opens it.
    package func standardInput() -> AnyByteSource { context.stdin() }

    /// Ends every output's pager, if one started, waiting for it; or writes the output it held to the terminal.
    private func closeOutputs() {
        for output in outputs {
            do {
                try output.close()
            } catch {
                if case JSONLinesError.brokenPipe = error { continue }
                diagnostics.error(error.localizedDescription)
                raise(.ioError)
            }
        }
    }

    /// The run's final status: a `--jq` filter that failed on some record earns a usage status.
    private func concluded() -> ExitStatus {
        if outputs.contains(where: \.filterFailed) { raise(.usage) }
        return status
    }

    /// Reports an error on stderr and raises the status it earns.
    ///
    /// - Parameter error: Any error a command met.
    package func handle(_ error: any Error) {
        switch error {
        case let error as any ReportedError:
            error.report(to: self)
        case let error as JQError:
            // A filter from a file is named by the file, not quoted whole.
            let option = outputOptions.jqFile.map { "--jq-file \($0)" } ?? "--jq"
            diagnostics.error("\(option): \(error.localizedDescription)")
            if case .unavailable = error { raise(.unavailable) } else { raise(.usage) }
        case let halt as FilterHalt:
            // Like jq: the halt's own status ends the run, even one outside the table.
            closeOutputs()
            ending = ending ?? halt.status
        case is OutputLimitReached:
            // `--limit` records were written: the work stops there, successfully.
            break
        case JSONLinesError.brokenPipe:
            // The reader went away (`| head -1`): stop quietly, as ripgrep does.
            ending = ending ?? (status == .ok ? 0 : status.rawValue)
        case let error as JSONLinesError:
            diagnostics.error(error.localizedDescription)
            raise(.ioError)
        case let error as ExitCode:
            raise(ExitStatus(rawValue: error.rawValue) ?? .usage)
        default:
            diagnostics.error(error.localizedDescription)
            raise(.ioError)
        }
    }
}

/// An error from a layer above the runtime that reports itself: its message on stderr, its exit status.
package protocol ReportedError: Error {
    /// Reports the error on the run's diagnostics and raises the status it earns.
    ///
    /// - Parameter runtime: The run.
    func report(to runtime: ToolRuntime)
}
