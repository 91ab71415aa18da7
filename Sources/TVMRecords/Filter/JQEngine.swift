/// A compiled jq program for async code, run on a dedicated thread.
///
/// libjq 1.6 is not thread-safe and a `jq_state` must stay on one thread, while Swift tasks move between threads.
/// `JQEngine` is an actor whose executor is one thread of its own (``ThreadExecutor``): the program is compiled
/// there, every ``apply(toJSON:)`` runs there, whichever task calls it, and the `jq_state` is torn down there.
/// Calls from concurrent tasks run one at a time. The thread ends when the engine is released.
///
/// ```swift
/// let engine = try await JQEngine(program: "select(.rating.average > $min) | .name", arguments: ["min": .json("8")])
/// for line in lines {
///     for output in try await engine.apply(toJSON: line) {
///         print(output.text)
///     }
/// }
/// ```
public actor JQEngine {
    /// The program text, as given to the initialiser.
    public nonisolated let program: String

    /// The thread every jq call runs on.
    nonisolated let executor: ThreadExecutor

    /// The filter, set once compiled; used only on the executor's thread.
    private let slot = FilterSlot()

    /// Whether a batch ended in `halt` or `halt_error`: the batches queued after it then run nothing.
    private var halted = false

    /// The engine's executor: its dedicated thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Starts the engine's thread and compiles the program on it.
    ///
    /// - Parameters:
    ///   - program: The jq program text, jq 1.6 syntax, as for ``JQFilter/init(program:arguments:)``.
    ///   - arguments: Values bound to `$name` in the program (jq's `--arg` and `--argjson`).
    ///   - threadName: The name of the engine's thread.
    /// - Throws: ``JQError/compile(program:message:)`` or ``JQError/invalidArgumentJSON(name:text:message:)``,
    ///   as ``JQFilter/init(program:arguments:)`` does; the thread is then released.
    public init(program: String, arguments: [String: JQArgument] = [:], threadName: String = "tvm-jq")
        async throws(JQError)
    {
        self.program = program
        self.executor = ThreadExecutor(name: threadName)
        // `self` is now fully initialised, so the rest of this async initialiser is isolated to the actor and
        // runs on the executor's thread (SE-0327): the program compiles on the thread that will run it.
        slot.filter = try JQFilter(program: program, arguments: arguments)
    }

    deinit {
        // Whichever thread releases the engine, the jq_state is torn down on the engine's thread, which then ends.
        let slot = slot
        executor.stop { slot.filter = nil }
    }

    /// Runs the program over one JSON value, on the engine's thread, and returns every output.
    ///
    /// - Parameter text: The text of exactly one JSON value, for example one line of a JSON Lines stream.
    /// - Returns: The outputs in order: strings raw, anything else as compact JSON.
    /// - Throws: ``JQError/invalidInputJSON(message:excerpt:)``, ``JQError/runtime(message:outputs:)`` or
    ///   ``JQError/halted(exitCode:message:outputs:)``, as ``JQFilter/apply(toJSON:)`` does.
    public func apply(toJSON text: String) throws(JQError) -> [JQOutput] {
        try filter.apply(toJSON: text)
    }

    /// Runs the program over several records in one visit to the engine's thread, writing each output to
    /// `sink` as jq produces it.
    ///
    /// A run-time error on one record does not stop the batch: it is returned with the record's index. A halt,
    /// or an error thrown by `sink` (a closed pipe, the output's limit), ends the batch at once, and is returned
    /// with the failures met before it; after a halt, later batches run nothing.
    ///
    /// - Parameters:
    ///   - texts: The records, each the text of one JSON value.
    ///   - sink: Receives the outputs; called on the engine's thread while the caller awaits this call.
    /// - Returns: The records whose run failed, by index, and the halt or sink error that ended the batch, if any.
    public func apply(batch texts: [String], to sink: JQOutputSink) -> JQBatchResult {
        var result = JQBatchResult()
        guard !halted else { return result }
        for (index, text) in texts.enumerated() {
            do {
                try filter.apply(toJSON: text) { try sink.write($0) }
            } catch let error as JQError {
                if case .halted = error {
                    halted = true
                    result.halt = error
                    return result
                }
                result.failures.append((index, error))
            } catch {
                result.sinkError = error
                return result
            }
        }
        return result
    }

    /// Starts ``apply(batch:to:)`` in a task of its own, which begins on the engine's thread, and returns at once:
    /// the caller can gather the next batch while this one runs.
    ///
    /// - Parameters:
    ///   - texts: The records, each the text of one JSON value.
    ///   - sink: Receives the outputs on the engine's thread; the caller must not touch what it uses until the
    ///     task ends.
    /// - Returns: The task; its value is the batch's result.
    public nonisolated func start(batch texts: [String], to sink: JQOutputSink) -> Task<JQBatchResult, Never> {
        Task(executorPreference: executor) { await self.apply(batch: texts, to: sink) }
    }

    /// For tests: whether the filter was compiled on the thread running this call, and how many of the filter's
    /// calls ran on another thread.
    func confinementCheck() -> (compiledOnThisThread: Bool, callsOffOwnerThread: Int) {
        (filter.isOnOwnerThread, filter.callsOffOwnerThread)
    }

    /// The compiled filter.
    private var filter: JQFilter {
        guard let filter = slot.filter else {
            preconditionFailure("JQEngine used before its program was compiled")
        }
        return filter
    }
}

/// Where ``JQEngine/apply(batch:to:)`` writes outputs: a function called on the engine's thread.
///
/// `@unchecked Sendable` because it is handed over for the duration of one call: until that call returns, the
/// caller does not touch what `write` uses.
public final class JQOutputSink: @unchecked Sendable {
    /// Writes one output; throwing ends the batch.
    public let write: (JQOutput) throws -> Void

    /// Wraps a writing function.
    ///
    /// - Parameter write: Called with each output on the engine's thread.
    public init(_ write: @escaping (JQOutput) throws -> Void) {
        self.write = write
    }
}

/// What a batch run of a jq program ended with.
public struct JQBatchResult: Sendable {
    /// The records whose run raised an error, by their index in the batch.
    public var failures: [(index: Int, error: JQError)] = []
    /// The `halt` or `halt_error` that ended the batch, if one did.
    public var halt: JQError?
    /// What the sink threw, which ended the batch, if it did.
    public var sinkError: (any Error)?
}

/// Holds the engine's filter.
///
/// `@unchecked Sendable` because the filter is only touched on the engine's thread: by the actor's isolated code
/// and by the final clean-up closure, which the same thread runs after every job.
private final class FilterSlot: @unchecked Sendable {
    var filter: JQFilter?
}
