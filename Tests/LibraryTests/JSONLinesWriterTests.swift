import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("JSONLinesWriter and sinks")
struct JSONLinesWriterTests {
    typealias Fixtures = RawJSONFixtures

    /// A pipe whose ends are closed when the test is done with them.
    private final class Pipe {
        let readEnd: Int32
        let writeEnd: Int32
        private var open: Set<Int32>

        init() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            readEnd = fds[0]
            writeEnd = fds[1]
            open = [readEnd, writeEnd]
        }

        func close(_ descriptor: Int32) {
            if open.remove(descriptor) != nil {
                _ = Foundation.close(descriptor)
            }
        }

        /// What can be read now without blocking.
        func available() -> [UInt8] {
            let flags = fcntl(readEnd, F_GETFL)
            _ = fcntl(readEnd, F_SETFL, flags | O_NONBLOCK)
            defer { _ = fcntl(readEnd, F_SETFL, flags) }
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                guard count > 0 else { break }
                result += chunk[..<count]
            }
            return result
        }

        deinit {
            for descriptor in open {
                _ = Foundation.close(descriptor)
            }
        }
    }

    @Test("records and text lines are written one per line")
    func writesLines() throws {
        let sink = ByteArraySink()
        let writer = JSONLinesWriter(sink: sink)
        try writer.write(record: Fixtures.utf8(#"{"a":1}"#))
        try writer.write(record: Fixtures.utf8("[1,2]")[...])
        try writer.write(line: "plain text é")
        try writer.flush()
        #expect(sink.lines == [#"{"a":1}"#, "[1,2]", "plain text é"])
        #expect(sink.lineCount == 3)
        #expect(sink.flushCount == 1)
    }

    @Test("a record holding a newline is refused and nothing is written")
    func refusesMultiLineRecord() {
        let sink = ByteArraySink()
        let writer = JSONLinesWriter(sink: sink)
        #expect(throws: JSONLinesError.recordContainsNewline(offset: 3)) {
            try writer.write(record: Fixtures.utf8("[1,\n2]"))
        }
        #expect(sink.bytes.isEmpty)
    }

    @Test("a buffered sink writes nothing until the buffer is full or flushed")
    func bufferingAndFlush() throws {
        let pipe = try Pipe()
        let sink = FileDescriptorSink(fileDescriptor: pipe.writeEnd, capacity: 16)
        let writer = JSONLinesWriter(sink: sink)
        try writer.write(record: Fixtures.utf8("[1,2,3,4]"))  // 10 bytes with the newline
        #expect(pipe.available().isEmpty)
        try writer.write(record: Fixtures.utf8("[5,6,7,8]"))  // does not fit: the first record goes out
        #expect(pipe.available() == Fixtures.utf8("[1,2,3,4]\n"))
        try writer.flush()
        #expect(pipe.available() == Fixtures.utf8("[5,6,7,8]\n"))
        let large = Fixtures.utf8("\"") + [UInt8](repeating: UInt8(ascii: "x"), count: 40) + Fixtures.utf8("\"")
        try writer.write(record: large)  // larger than the buffer: written directly
        #expect(pipe.available() == large)
        try writer.flush()
        #expect(pipe.available() == Fixtures.utf8("\n"))
    }

    @Test("a line-buffered sink writes each line out at once")
    func lineBuffered() throws {
        let pipe = try Pipe()
        let writer = JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: pipe.writeEnd, flushesEveryLine: true))
        try writer.write(record: Fixtures.utf8(#"{"a":1}"#))
        #expect(pipe.available() == Fixtures.utf8("{\"a\":1}\n"))
        try writer.write(line: "x")
        #expect(pipe.available() == Fixtures.utf8("x\n"))
    }

    @Test("deinit writes out what is left in the buffer")
    func deinitFlushes() throws {
        let pipe = try Pipe()
        do {
            let writer = JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: pipe.writeEnd))
            try writer.write(record: Fixtures.utf8("1"))
        }
        #expect(pipe.available() == Fixtures.utf8("1\n"))
    }

    @Test("a closed pipe throws brokenPipe")
    func brokenPipe() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = try Pipe()
        pipe.close(pipe.readEnd)
        let writer = JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: pipe.writeEnd))
        try writer.write(record: Fixtures.utf8("1"))  // only buffered so far
        #expect(throws: JSONLinesError.brokenPipe) { try writer.flush() }
        #expect(throws: JSONLinesError.brokenPipe) {
            try JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: pipe.writeEnd, flushesEveryLine: true))
                .write(record: Fixtures.utf8("2"))
        }
        #expect(JSONLinesError.brokenPipe.localizedDescription.contains("pipe was closed"))
    }

    @Test("other write errors throw writeFailed with the errno and its text")
    func otherWriteErrors() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let writer = JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: descriptor, flushesEveryLine: true))
        let error = try #require(throws: JSONLinesError.self) { try writer.write(record: Fixtures.utf8("1")) }
        #expect(error == .writeFailed(errno: EBADF, reason: String(cString: strerror(EBADF))))
        #expect(error.localizedDescription.hasPrefix("cannot write output: "))
        #expect(error.localizedDescription.hasSuffix("(errno \(EBADF))"))
    }

    @Test("partial writes and EINTR are continued until everything is written")
    func partialWritesSimulated() throws {
        var written: [UInt8] = []
        var calls = 0
        let sink = FileDescriptorSink(fileDescriptor: 1, capacity: 64, flushesEveryLine: false) { _, bytes in
            calls += 1
            if calls % 3 == 0 {
                return (-1, EINTR)
            }
            let count = min(5, bytes.count)
            written += bytes.prefix(count)
            return (count, 0)
        }
        let writer = JSONLinesWriter(sink: sink)
        let shows = try RawJSON.elements(ofArray: Fixtures.bytes("shows/1/seasons.json"))
        for show in shows {
            try writer.write(record: show)
        }
        try writer.flush()
        #expect(written == Array(shows.map { $0 + [0x0A] }.joined()))
        #expect(calls > written.count / 5)
    }

    @Test("EAGAIN on a non-blocking descriptor waits for room instead of failing")
    func eagainWaits() throws {
        let pipe = try Pipe()
        var results: [(Int, Int32)] = [(-1, EAGAIN), (-1, EWOULDBLOCK)]
        var written: [UInt8] = []
        let sink = FileDescriptorSink(fileDescriptor: pipe.writeEnd, capacity: 8, flushesEveryLine: true) { _, bytes in
            if !results.isEmpty {
                return results.removeFirst()
            }
            written += bytes
            return (bytes.count, 0)
        }
        try JSONLinesWriter(sink: sink).write(record: Fixtures.utf8("[1]"))
        #expect(written == Fixtures.utf8("[1]\n"))
    }

    @Test("a 4 MB record goes through a non-blocking pipe with real partial writes")
    func partialWritesThroughPipe() async throws {
        let pipe = try Pipe()
        let flags = fcntl(pipe.writeEnd, F_GETFL)
        #expect(fcntl(pipe.writeEnd, F_SETFL, flags | O_NONBLOCK) == 0)
        let record =
            Fixtures.utf8("\"") + (0..<4_000_000).map { UInt8(ascii: "a") + UInt8($0 % 26) } + Fixtures.utf8("\"")
        let readEnd = pipe.readEnd
        let reader = Task.detached { () -> [UInt8] in
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                guard count > 0 else { return received }
                received += chunk[..<count]
            }
        }
        let writer = JSONLinesWriter(sink: FileDescriptorSink(fileDescriptor: pipe.writeEnd))
        try writer.write(record: record)
        try writer.flush()
        pipe.close(pipe.writeEnd)
        #expect(await reader.value == record + [0x0A])
    }
}
