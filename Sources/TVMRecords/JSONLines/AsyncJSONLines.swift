import Foundation

/// JSON Lines as an `AsyncSequence`, read by a ``JSONLinesReader`` on a dedicated thread.
///
/// Blocking `read(2)` calls never run on Swift's cooperative thread pool: the first call to `next()` starts
/// one thread that reads ahead (at most `bufferedLines` lines) and then waits for the consumer. Each line is
/// handed over as soon as it is complete, so records typed or piped in one by one are processed one by one;
/// the lines that arrived while the consumer was busy are handed over together.
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
        /// What is left of the last batch received.
        private var batch: ArraySlice<JSONLine> = []

        fileprivate init(state: State) {
            self.state = state
        }

        /// Returns the next non-blank line, or `nil` at the end of input or after cancellation.
        ///
        /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if reading the source fails.
        public mutating func next() async throws -> JSONLine? {
            if let line = batch.popFirst() {
                return line
            }
            state.startReaderThread()
            batch = try await state.channel.receive()[...]
            return batch.popFirst()
        }
    }

    /// Owns the channel and starts the reader thread; cancels the channel when the iterator goes away.
    fileprivate final class State: Sendable {
        let channel: JSONLinesChannel
        private let source: Source
        private let chunkSize: Int
        private let maxLineBytes: Int

        init(source: Source, chunkSize: Int, bufferedLines: Int, maxLineBytes: Int) {
            self.channel = JSONLinesChannel(capacity: bufferedLines)
            self.source = source
            self.chunkSize = chunkSize
            self.maxLineBytes = maxLineBytes
        }

        func startReaderThread() {
            channel.startOnce {
                let thread = Thread { [channel, source, chunkSize, maxLineBytes] in
                    var reader = JSONLinesReader(source: source, chunkSize: chunkSize, maxLineBytes: maxLineBytes)
                    do throws(JSONLinesError) {
                        while let line = try reader.nextLine() {
                            guard channel.send(line) else { return }
                        }
                        channel.finish(throwing: nil)
                    } catch {
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
