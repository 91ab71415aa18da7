/// Transforms a stream of work items concurrently and hands the results on in input order, as early as possible.
///
/// Items come from a producer that submits them one by one (it may read them from a pipe as they arrive).
/// At most `maxConcurrent` transforms run at once; a submit waits for a free slot. Each result is handed to
/// `emit` as soon as it and every result before it are done, so output streams in input order whatever the
/// order in which the transforms finish. Results that finish early wait in memory for the ones before them.
///
/// `emit` runs on the caller's task, one result at a time, so it may use non-thread-safe writers.
///
/// ```swift
/// try await OrderedConcurrentMap.run(
///     maxConcurrent: 4,
///     produce: { submit in for url in urls { await submit(url) } },
///     transform: { url in await download(url) },
///     emit: { result in try write(result) }
/// )
/// ```
public enum OrderedConcurrentMap {
    /// Runs the producer, the transforms and the in-order emitter until the producer returns and every
    /// submitted item is emitted.
    ///
    /// - Parameters:
    ///   - maxConcurrent: The most transforms running at once (at least 1).
    ///   - produce: Submits the items in order; runs in a child task. An error it throws ends the run after
    ///     the items submitted before it are emitted, and is rethrown.
    ///   - transform: Turns one item into a result; runs in a child task per item.
    ///   - emit: Receives the results in submission order, on the caller's task. An error it throws cancels
    ///     the producer and the transforms and is rethrown; items submitted after it are not transformed (a
    ///     producer should stop when its task is cancelled).
    /// - Throws: What `produce` or `emit` throws.
    public static func run<Item: Sendable, Output: Sendable>(
        maxConcurrent: Int,
        produce: @escaping @Sendable (_ submit: (Item) async -> Void) async throws -> Void,
        transform: @escaping @Sendable (Item) async -> Output,
        emit: (Output) async throws -> Void
    ) async throws {
        let limit = max(1, maxConcurrent)
        let (results, continuation) = AsyncStream<(index: Int, output: Output)>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.finish() }
                try await withThrowingTaskGroup(of: Void.self) { workers in
                    var running = 0
                    var index = 0
                    try await produce { item in
                        // The consumer stopped (a closed pipe): start nothing more.
                        guard !Task.isCancelled else { return }
                        if running >= limit {
                            _ = try? await workers.next()
                            running -= 1
                        }
                        let position = index
                        workers.addTask { continuation.yield((position, await transform(item))) }
                        running += 1
                        index += 1
                    }
                    try await workers.waitForAll()
                }
            }
            var waiting: [Int: Output] = [:]
            var next = 0
            for await result in results {
                waiting[result.index] = result.output
                while let output = waiting.removeValue(forKey: next) {
                    try await emit(output)
                    next += 1
                }
            }
            try await group.waitForAll()
        }
    }
}
