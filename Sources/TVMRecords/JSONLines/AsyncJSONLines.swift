import Foundation

/// JSON Lines as an `AsyncSequence`, read by a ``JSONLinesReader`` on a dedicated thread.
///
/// Blocking `read(2)` calls never run on Swift's cooperative thread pool: the first call to `next()` starts
/// one thread that reads ahead (at most about twice `bufferedLines` lines) and then waits for the consumer.
/// A line is handed over as soon as it is complete when no further line is buffered yet, so records typed or
/// piped in one by one are processed one by one; a busy input is handed over in batches of up to
/// `bufferedLines` lines, which the iterator then serves on the caller's actor without suspending.
///
/// ```swift
/// for try await line in AsyncJSONLines(source: FileDescriptorSource(fileDescriptor: STDIN_FILENO)) {
///     guard let record = line.record else { report(line.error!); continue }
///     try await handle(record)
/// }
/// ```
///
/// Iteration throws only ``JSONLinesError/readFailed(errno:reason:)``; bad lines come as ``JSONLine`` values
/// with an error. Cancelling the task or dropping the iterator ends iteration (`nil`); the thread then exits
/// after its current `read(2)` returns (for standard input: at the next line or the end of input).
/// Iterate each instance once; each iterator reads the source from where it stands.
public struct AsyncJSONLines<Source: ByteSource & Sendable>: AsyncSequence, Sendable {
    /// Each element is one non-blank line.
    public typealias Element = JSONLine

    private let source: Source
    private let chunkSize: Int
    private let bufferedLines: Int
    private let maxLineBytes: Int

    /// Creates the sequence; nothing is read until the first `next()`.
    ///
    /// `maxLineBytes` is the longest line read whole (see ``JSONLinesReader/init(source:chunkSize:maxLineBytes:)``).
    public init(source: Source, chunkSize: Int = 65_536, bufferedLines: Int = 64, maxLineBytes: Int = .max) {
        self.source = source
        self.chunkSize = chunkSize
        self.bufferedLines = bufferedLines
        self.maxLineBytes = maxLineBytes
    }

    /// Returns an iterator; its first `next()` starts the reader thread.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            state: State(
                source: source, chunkSize: chunkSize, bufferedLines: bufferedLines, maxLineBytes: maxLineBytes))
    }

    /// Iterates the lines of ``AsyncJSONLines``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let state: State
        /// Lines received in the last batch, served from `nextIndex` on.
        private var batch: [JSONLine] = []
        private var nextIndex = 0

        fileprivate init(state: State) {
            self.state = state
        }

        /// Returns the next non-blank line, or `nil` at the end of input or after cancellation.
        ///
        /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if reading the source fails.
        public mutating func next() async throws -> JSONLine? {
            if let line = nextBuffered() {
                return line
            }
            state.startReaderThread()
            let received = try await state.channel.receive()
            return take(received)
        }

        /// Returns the next line on the caller's actor: lines of a received batch come without a hop to the
        /// global executor (the iterator's state is owned by this caller; receiving a batch may hop).
        ///
        /// - Parameter actor: The caller's actor, if any.
        /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if reading the source fails.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONLine? {
            if let line = nextBuffered() {
                return line
            }
            state.startReaderThread()
            let received = try await state.channel.receive()
            return take(received)
        }

        private mutating func nextBuffered() -> JSONLine? {
            guard nextIndex < batch.count else { return nil }
            defer { nextIndex += 1 }
            return batch[nextIndex]
        }

        /// Keeps a received batch (empty at the end) and returns its first line.
        private mutating func take(_ received: [JSONLine]) -> JSONLine? {
            batch = received
            nextIndex = 0
            return nextBuffered()
        }
    }

    /// Owns the channel and starts the reader thread; cancels the channel when the iterator goes away.
    fileprivate final class State: Sendable {
        let channel: JSONLinesChannel
        private let source: Source
        private let chunkSize: Int
        private let maxLineBytes: Int
        /// The most lines handed to the consumer at once.
        private let batchLimit: Int
        /// The bytes of lines after which a batch is handed over, and the channel holds no more: records of up to
        /// the 4 MiB cap must not be read ahead by the dozen.
        static var batchBytes: Int { RecordSize.max }

        init(source: Source, chunkSize: Int, bufferedLines: Int, maxLineBytes: Int) {
            self.channel = JSONLinesChannel(capacity: bufferedLines, byteCapacity: Self.batchBytes)
            self.source = source
            self.chunkSize = chunkSize
            self.maxLineBytes = maxLineBytes
            self.batchLimit = Swift.max(1, bufferedLines)
        }

        func startReaderThread() {
            channel.startOnce {
                let thread = Thread { [channel, source, chunkSize, maxLineBytes, batchLimit] in
                    var reader = JSONLinesReader(source: source, chunkSize: chunkSize, maxLineBytes: maxLineBytes)
                    var batch: [JSONLine] = []
                    var batchBytes = 0
                    do throws(JSONLinesError) {
                        while let line = try reader.nextLine() {
                            batch.append(line)
                            batchBytes += line.record?.count ?? 0
                            // Hand over at once when the next line is not here yet (interactive input),
                            // else in batches, so that a busy pipe costs one wake-up per batch.
                            if batch.count >= batchLimit || batchBytes >= Self.batchBytes || !reader.hasBufferedLine {
                                guard channel.send(batch) else { return }
                                batch.removeAll(keepingCapacity: true)
                                batchBytes = 0
                            }
                        }
                        if !batch.isEmpty {
                            guard channel.send(batch) else { return }
                        }
                        channel.finish(throwing: nil)
                    } catch {
                        if !batch.isEmpty {
                            guard channel.send(batch) else { return }
                        }
                        channel.finish(throwing: error)
                    }
                }
                thread.name = "tvm.AsyncJSONLines"
                thread.start()
            }
        }

        deinit {
            channel.cancel()
        }
    }
}
