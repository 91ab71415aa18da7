import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

// Serialized: one test counts the executor threads of this process, and only this suite makes executors.
@Suite("JQEngine", .serialized)
struct JQEngineTests {
    @Test("an engine runs its program over JSON text")
    func engineRunsProgram() async throws {
        let engine = try await JQEngine(program: "{id,name}, .name")
        let show = try JQFilterTests.fixture("shows/1.json")
        let outputs = try await engine.apply(toJSON: show)
        #expect(outputs == [.json(#"{"id":1,"name":"Under the Dome"}"#), .raw("Under the Dome")])
        #expect(engine.program == "{id,name}, .name")
    }

    @Test("a compile error surfaces from the initialiser")
    func compileErrorFromInitialiser() async {
        await #expect(
            throws: JQError.compile(
                program: #"import "nonexistent" as x; ."#,
                message: "jq: error: module not found: nonexistent\njq: 1 compile error"
            )
        ) {
            _ = try await JQEngine(program: #"import "nonexistent" as x; ."#)
        }
        await #expect(
            throws: JQError.invalidArgumentJSON(
                name: "n", text: "nope", message: "Invalid literal at EOF at line 1, column 4")
        ) {
            _ = try await JQEngine(program: "$n", arguments: ["n": .json("nope")])
        }
    }

    @Test("arguments and run-time errors pass through the engine")
    func argumentsAndErrorsPassThrough() async throws {
        let engine = try await JQEngine(
            program: #"if .id == $bad then error("bad id \(.id)") else .id + $n end"#,
            arguments: ["bad": .json("2"), "n": .json("100")])
        #expect(try await engine.apply(toJSON: #"{"id":1}"#) == [.json("101")])
        await #expect(throws: JQError.runtime(message: "bad id 2", outputs: [])) {
            try await engine.apply(toJSON: #"{"id":2}"#)
        }
        await #expect(throws: JQError.invalidInputJSON(message: "Expected JSON value", excerpt: " ")) {
            try await engine.apply(toJSON: " ")
        }
        #expect(try await engine.apply(toJSON: #"{"id":3}"#) == [.json("103")])
    }

    @Test("batches started back to back run in order, and none runs after a halt")
    func startedBatchesRunInOrderUntilAHalt() async throws {
        let engine = try await JQEngine(program: #"if .n == 150 then "stop" | halt_error(4) else .n end"#)
        let written = OutputLog()
        let sink = JQOutputSink { written.append($0) }
        let batches = stride(from: 0, to: 300, by: 64).map { start in
            (start..<min(start + 64, 300)).map { #"{"n":\#($0)}"# }
        }
        // All five are queued before the first is awaited, as RecordOutput queues the next batch.
        let tasks = batches.map { engine.start(batch: $0, to: sink) }
        var results: [JQBatchResult] = []
        for task in tasks { results.append(await task.value) }
        #expect(written.outputs == (0..<150).map { .json("\($0)") })
        #expect(results[2].halt == .halted(exitCode: 4, message: "stop", outputs: []))
        #expect(results.enumerated().allSatisfy { index, result in index == 2 || result.halt == nil })
        #expect(results.allSatisfy { $0.failures.isEmpty })
        #expect(await engine.confinementCheck().callsOffOwnerThread == 0)
    }

    @Test("every jq call runs on the engine's one thread, even from many concurrent tasks")
    func everyCallRunsOnOneThread() async throws {
        let engine = try await JQEngine(program: ".n * 2")
        #expect(!engine.executor.isCurrentThread)
        let results = try await withThrowingTaskGroup(of: (Int, [JQOutput]).self) { group in
            for n in 0..<500 {
                group.addTask { (n, try await engine.apply(toJSON: #"{"n":\#(n)}"#)) }
            }
            var results: [Int: [JQOutput]] = [:]
            for try await (n, outputs) in group {
                results[n] = outputs
            }
            return results
        }
        #expect(results.count == 500)
        #expect(results.allSatisfy { n, outputs in outputs == [.json("\(n * 2)")] })
        let check = await engine.confinementCheck()
        #expect(check.compiledOnThisThread, "the filter was not compiled on the engine's thread")
        #expect(check.callsOffOwnerThread == 0)
    }

    @Test("the engine's thread ends when the engine is released")
    func threadEndsWhenReleased() async throws {
        weak var executor: ThreadExecutor?
        do {
            let engine = try await JQEngine(program: ".")
            executor = engine.executor
            #expect(try await engine.apply(toJSON: "[1]") == [.json("[1]")])
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while executor != nil && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(executor == nil, "the executor (and its thread) outlived the engine")
    }

    // It counts the threads of this test's own name: other tests (and tools run in-process) start jq threads of
    // their own at any time.
    @Test("the thread also ends when compiling fails")
    func threadEndsWhenCompileFails() async throws {
        let name = "jq-test-\(UInt32.random(in: 0...UInt32.max))"
        do {
            let working = try await JQEngine(program: ".", threadName: name)
            #expect(ThreadExecutor.runningThreads(named: name) == 1)
            #expect(try await working.apply(toJSON: "1") == [.json("1")])
        }
        #expect(try await Self.waitForEngineThreads(named: name, atMost: 0), "the working engine's thread outlived it")
        // The failed engines are never handed out; their executors must still be released with their threads.
        for _ in 0..<30 {
            _ = try? await JQEngine(program: ".a[", threadName: name)
        }
        #expect(try await Self.waitForEngineThreads(named: name, atMost: 0), "threads left behind by failed engines")
    }

    @Test("a stopped executor runs queued work, then the final closure, then ends")
    func stoppedExecutorDrainsThenEnds() async throws {
        let executor = ThreadExecutor(name: "test-executor")
        final class Log: @unchecked Sendable {
            let lock = NSLock()
            var entries: [String] = []
            func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        }
        let log = Log()
        executor.stop { log.add("final on executor thread: \(executor.isCurrentThread)") }
        let deadline = ContinuousClock.now + .seconds(60)
        while !executor.hasFinished && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(executor.hasFinished)
        #expect(log.lock.withLock { log.entries } == ["final on executor thread: true"])
    }

    /// Waits (up to a minute) until at most `count` executor threads of a name are left; returns whether that
    /// happened.
    static func waitForEngineThreads(named name: String, atMost count: Int) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ThreadExecutor.runningThreads(named: name) > count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        return ThreadExecutor.runningThreads(named: name) <= count
    }
}

/// Outputs a sink received, in order; written on the engine's thread, read after the batches end.
private final class OutputLog: @unchecked Sendable {
    private(set) var outputs: [JQOutput] = []

    func append(_ output: JQOutput) {
        outputs.append(output)
    }
}
