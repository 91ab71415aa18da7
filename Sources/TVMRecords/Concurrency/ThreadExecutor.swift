import Foundation
import NIOConcurrencyHelpers

/// A serial executor that runs every job on one dedicated thread, in the order the jobs arrive.
///
/// It is the executor of actors that wrap thread-confined C state, such as ``JQEngine`` over libjq 1.6, which must
/// be used from a single thread. As a task executor, it starts a task on its thread without a hop through the global
/// pool. The thread starts with the executor and ends after ``stop(then:)``: it runs the
/// work already queued, then the final closure, then returns, releasing the executor. Nothing keeps the process
/// alive, and the thread is gone once the actor using it is released.
final class ThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// One unit of work for the thread.
    private enum Work {
        /// A Swift concurrency job (an actor's partial task).
        case job(UnownedJob)
        /// A plain closure, used for the final clean-up.
        case closure(@Sendable () -> Void)
    }

    /// How many executor threads of this name are running in this process: for tests that check the threads end.
    /// (Counting the process's threads by name does not work: Foundation keeps `Thread.name` to itself on Linux.)
    static func runningThreads(named name: String) -> Int {
        running.withLockedValue { $0[name, default: 0] }
    }

    private static let running = NIOLockedValueBox([String: Int]())

    /// Guards every stored property below.
    private let condition = NSCondition()
    private var queue: [Work] = []
    private var isStopping = false
    private var finished = false
    private var thread: pthread_t?

    /// Starts the thread.
    ///
    /// - Parameter name: The thread's name, shown by debuggers and `ps -L` (Linux keeps the first 15 bytes).
    init(name: String) {
        // The thread owns the executor until its loop ends; then it releases it.
        let retained = Unmanaged.passRetained(self)
        let thread = Thread {
            Self.running.withLockedValue { $0[name, default: 0] += 1 }
            let executor = retained.takeUnretainedValue()
            executor.runLoop()
            retained.release()
            Self.running.withLockedValue { $0[name, default: 0] -= 1 }
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues a job to run on the thread.
    ///
    /// - Parameter job: The job; it runs after every job queued before it.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        defer { condition.unlock() }
        precondition(!finished, "a job was enqueued on a ThreadExecutor whose thread has ended")
        queue.append(.job(job))
        condition.signal()
    }

    /// Asks the thread to end: it runs the work already queued, then `finalWork`, then returns.
    ///
    /// - Parameter finalWork: The last thing run on the thread, for example releasing thread-confined state.
    func stop(then finalWork: @escaping @Sendable () -> Void = {}) {
        condition.lock()
        defer { condition.unlock() }
        queue.append(.closure(finalWork))
        isStopping = true
        condition.signal()
    }

    /// Whether the caller is running on this executor's thread.
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let thread else {
            return false
        }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Whether the thread has run its last work and ended (or is about to return).
    var hasFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// Stops the process when the caller claims to be isolated to this executor but runs on another thread.
    func checkIsolated() {
        precondition(isCurrentThread, "expected to run on the ThreadExecutor's thread")
    }

    /// The thread's body: runs queued work in order until stopped and drained.
    private func runLoop() {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
        while let batch = nextBatch() {
            for work in batch {
                switch work {
                case .job(let job):
                    job.runSynchronously(on: asUnownedSerialExecutor())
                case .closure(let body):
                    body()
                }
            }
        }
    }

    /// Waits for work and takes all of it; `nil` once stopped with nothing left.
    private func nextBatch() -> [Work]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !isStopping {
            condition.wait()
        }
        guard !queue.isEmpty else {
            finished = true
            return nil
        }
        defer { queue.removeAll(keepingCapacity: true) }
        return queue
    }
}
