import Foundation

/// A bounded hand-off of lines from a reader thread to one async consumer.
///
/// The producer thread blocks when `capacity` lines, or `byteCapacity` bytes of them, are waiting; the consumer
/// suspends (without blocking a thread) when none are. The consumer takes all waiting lines at once, so a fast producer and consumer
/// meet once per batch rather than once per line. All mutable state is guarded by `condition`'s lock, which
/// makes the class safe to share between the producer thread and the consumer task.
final class JSONLinesChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private let byteCapacity: Int
    private var lines: [JSONLine] = []
    /// The bytes of the lines waiting.
    private var bufferedBytes = 0
    private var waiter: CheckedContinuation<[JSONLine], any Error>?
    private var finished = false
    private var failure: JSONLinesError?
    private var cancelled = false
    private var started = false

    /// Creates a channel that holds at most `capacity` lines and, unless one line is more, `byteCapacity` bytes.
    init(capacity: Int, byteCapacity: Int) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// Runs `start` the first time it is called, under the lock.
    func startOnce(_ start: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        start()
    }

    /// Producer: hands `batch` over (non-empty), blocking while the channel is full.
    ///
    /// - Returns: `false` if the consumer is gone and the producer should stop.
    func send(_ batch: [JSONLine]) -> Bool {
        condition.lock()
        while !lines.isEmpty && (lines.count >= capacity || bufferedBytes >= byteCapacity) && !cancelled {
            condition.wait()
        }
        guard !cancelled else {
            condition.unlock()
            return false
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: batch)
        } else {
            lines.append(contentsOf: batch)
            bufferedBytes += batch.reduce(0) { $0 + ($1.record?.count ?? 0) }
            condition.unlock()
        }
        return true
    }

    /// Producer: marks the end of the input, with the read error that ended it if any.
    func finish(throwing error: JSONLinesError?) {
        condition.lock()
        finished = true
        let waiter = self.waiter
        self.waiter = nil
        if waiter == nil {
            failure = error
        }
        condition.unlock()
        if let waiter {
            if let error {
                waiter.resume(throwing: error)
            } else {
                waiter.resume(returning: [])
            }
        }
    }

    /// Consumer: all lines waiting (at least one), or `[]` at the end or after cancellation.
    ///
    /// - Throws: The read error that ended the input, once.
    func receive() async throws -> [JSONLine] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[JSONLine], any Error>) in
                condition.lock()
                if !lines.isEmpty {
                    let batch = lines
                    lines.removeAll(keepingCapacity: true)
                    bufferedBytes = 0
                    condition.signal()
                    condition.unlock()
                    continuation.resume(returning: batch)
                } else if cancelled {
                    condition.unlock()
                    continuation.resume(returning: [])
                } else if finished {
                    let error = failure
                    failure = nil
                    condition.unlock()
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: [])
                    }
                } else {
                    waiter = continuation
                    condition.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Consumer: stops the hand-off; a waiting consumer gets `nil`, the producer stops at its next line.
    func cancel() {
        condition.lock()
        cancelled = true
        lines.removeAll()
        bufferedBytes = 0
        let waiter = self.waiter
        self.waiter = nil
        condition.broadcast()
        condition.unlock()
        waiter?.resume(returning: [])
    }
}
