import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Concurrent work handed on in input order")
struct OrderedConcurrentMapTests {
    /// A thread-safe record of what happened, for assertions.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var mostRunning = 0
        private(set) var finished: [Int] = []

        func start() {
            lock.withLock {
                running += 1
                mostRunning = max(mostRunning, running)
            }
        }
        func end(_ item: Int) {
            lock.withLock {
                running -= 1
                finished.append(item)
            }
        }
    }

    @Test("results come out in input order although later items finish first")
    func keepsOrder() async throws {
        let log = Log()
        var emitted: [Int] = []
        try await OrderedConcurrentMap.run(
            maxConcurrent: 8,
            produce: { submit in for item in 0..<16 { await submit(item) } },
            transform: { item in
                log.start()
                try? await Task.sleep(for: .milliseconds(5 * (16 - item)))
                log.end(item)
                return item * 10
            },
            emit: { emitted.append($0) }
        )
        #expect(emitted == (0..<16).map { $0 * 10 })
        #expect(log.finished != Array(0..<16), "the delays should make later items finish first")
    }

    @Test("no more than maxConcurrent transforms run at once")
    func boundsConcurrency() async throws {
        let log = Log()
        var count = 0
        try await OrderedConcurrentMap.run(
            maxConcurrent: 3,
            produce: { submit in for item in 0..<12 { await submit(item) } },
            transform: { item in
                log.start()
                try? await Task.sleep(for: .milliseconds(10))
                log.end(item)
                return item
            },
            emit: { _ in count += 1 }
        )
        #expect(count == 12)
        #expect(log.mostRunning == 3)
    }

    @Test("a finished result is emitted before the producer submits the next item (streaming)")
    func streams() async throws {
        let (emittedSignal, signal) = AsyncStream<Int>.makeStream()
        var emitted: [Int] = []
        try await OrderedConcurrentMap.run(
            maxConcurrent: 4,
            produce: { submit in
                var signals = emittedSignal.makeAsyncIterator()
                for item in 0..<3 {
                    await submit(item)
                    // Wait until the emitter saw this item: without streaming this would never return.
                    _ = await signals.next()
                }
            },
            transform: { $0 },
            emit: { item in
                emitted.append(item)
                signal.yield(item)
            }
        )
        #expect(emitted == [0, 1, 2])
    }

    @Test("a producer error is rethrown after the items submitted before it are emitted")
    func producerError() async {
        struct Broken: Error {}
        var emitted: [Int] = []
        await #expect(throws: Broken.self) {
            try await OrderedConcurrentMap.run(
                maxConcurrent: 2,
                produce: { submit in
                    await submit(1)
                    await submit(2)
                    throw Broken()
                },
                transform: { $0 },
                emit: { emitted.append($0) }
            )
        }
        #expect(emitted == [1, 2])
    }

    @Test("an emit error stops the run and is rethrown")
    func emitError() async {
        struct Closed: Error {}
        var emitted = 0
        await #expect(throws: Closed.self) {
            try await OrderedConcurrentMap.run(
                maxConcurrent: 2,
                produce: { submit in for item in 0..<1000 { await submit(item) } },
                transform: { $0 },
                emit: { item in
                    if item == 3 { throw Closed() }
                    emitted += 1
                }
            )
        }
        #expect(emitted == 3)
    }
}
