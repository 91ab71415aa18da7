import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("JSONLinesReader")
struct JSONLinesReaderTests {
    typealias Fixtures = RawJSONFixtures

    private func read(_ input: [UInt8], chunkSize: Int = 65_536) -> [JSONLine] {
        Array(JSONLinesReader(bytes: input, chunkSize: chunkSize))
    }

    private func writeString(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
    }

    private func summary(_ lines: [JSONLine]) -> [String] {
        lines.map { line in
            switch line.result {
            case .success(let record): return "\(line.number): \(String(decoding: record, as: UTF8.self))"
            case .failure(let error): return "\(line.number): error \(error)"
            }
        }
    }

    @Test("LF and CRLF endings, blank lines and a last line without newline")
    func lineEndingsAndBlankLines() {
        let input = Fixtures.utf8("{\"a\": 1}\r\n\n  \t\r\n[ 2 ]\n\r\n\"x\"\r\n   3   ")
        #expect(summary(read(input)) == [#"1: {"a":1}"#, "4: [2]", #"6: "x""#, "7: 3"])
        #expect(read(Fixtures.utf8("")).isEmpty)
        #expect(read(Fixtures.utf8("\n\n\r\n")).isEmpty)
        #expect(summary(read(Fixtures.utf8("1\n2\n"))) == ["1: 1", "2: 2"])
    }

    @Test("pretty-printed JSON is refused where it starts, and nothing after it is read")
    func prettyPrinted() {
        let object = Fixtures.utf8("{\n  \"id\": 1,\n  \"name\": \"Under the Dome\"\n}\n{\"id\":2}\n")
        #expect(read(object).map(\.result) == [.failure(.spreadOverLines(line: 1))])
        // jq's output for an array, after blank lines and a BOM, read a byte at a time: its first element.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let array = bom + Fixtures.utf8("\n \t\r\n  [  \r\n  {\r\n    \"id\": 1\n  }\n]\n")
        #expect(read(array, chunkSize: 1).map(\.result) == [.failure(.spreadOverLines(line: 4))])
        #expect(
            JSONLinesError.spreadOverLines(line: 3).description
                == "line 3: pretty-printed JSON (a value spread over several lines) is not JSON Lines, and nothing "
                + "from here on was read; put one record on each line with jq -c . (for an array: jq -c '.[]')")
        // Only a first line: later, a lone brace is one bad line among good ones.
        #expect(
            summary(read(Fixtures.utf8("1\n{\n2\n"))) == [
                "1: 1",
                "2: error line 2: invalid JSON: unexpected end of JSON text at byte 1; expected a string key or '}'",
                "3: 2",
            ])
        // A first line that opens a value and goes on is an ordinary bad line too.
        #expect(summary(read(Fixtures.utf8("[1,\n2\n"))).count == 2)
    }

    @Test("an array laid out one element per line, as --format json writes it, is read element by element")
    func arrayOneElementPerLine() {
        #expect(
            summary(read(Fixtures.utf8("[\n{\"id\":1}\n,\n{\"id\": 2}\n]\n"))) == [#"2: {"id":1}"#, #"4: {"id":2}"#])
        #expect(read(Fixtures.utf8("[\n]\n")).isEmpty)
        // An element line that is not one value is a bad line, and the elements after it still come.
        let lines = summary(read(Fixtures.utf8("[\n{\"id\":1},\n2\n]\n")))
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("2: error line 2: invalid JSON") == true)
        #expect(lines.last == "3: 2")
        // A lone comma or bracket is punctuation only in such an array.
        #expect(summary(read(Fixtures.utf8("1\n,\n"))).last?.hasPrefix("2: error line 2: invalid JSON") == true)
    }

    @Test("bare values are accepted on a line")
    func bareValues() {
        #expect(
            summary(read(Fixtures.utf8("82\n\"82\"\nnull\ntrue\n-1.5e3\n"))) == [
                "1: 82", #"2: "82""#, "3: null", "4: true", "5: -1.5e3",
            ])
    }

    @Test("a UTF-8 byte order mark is skipped at the start of the input only")
    func byteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(summary(read(bom + Fixtures.utf8("{\"a\":1}\n"))) == [#"1: {"a":1}"#])
        #expect(summary(read(bom + Fixtures.utf8("\n2\n"))) == ["2: 2"], "a BOM alone leaves a blank line 1")
        let second = read(Fixtures.utf8("1\n") + bom + Fixtures.utf8("2\n"))
        #expect(second.count == 2)
        #expect(
            second[1].error
                == .invalidJSON(
                    line: 2,
                    error: .unexpectedCharacter(
                        offset: 0, found: "character '\u{FEFF}'", expected: RawJSONScanner.aValue)))
    }

    @Test("invalid UTF-8 on line 3 of 5 is reported for line 3 and the other lines are read")
    func invalidUTF8OnOneLine() {
        var input = Fixtures.utf8("{\"n\":1}\n{\"n\":2}\n{\"name\":\"Pok")
        input += [0xE9]  // Latin-1 é: not UTF-8
        input += Fixtures.utf8("mon\"}\n{\"n\":4}\n{\"n\":5}\n")
        let lines = read(input)
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5])
        #expect(lines[2].error == .invalidUTF8(line: 3, offset: 12))
        #expect(lines[2].record == nil)
        #expect(
            summary([lines[0], lines[1], lines[3], lines[4]]) == [
                #"1: {"n":1}"#, #"2: {"n":2}"#, #"4: {"n":4}"#, #"5: {"n":5}"#,
            ])
        #expect(lines[2].error?.localizedDescription.hasPrefix("line 3: invalid UTF-8 at byte 12") == true)
    }

    @Test("invalid JSON is reported with its line number and the reading goes on")
    func invalidJSONLine() throws {
        let lines = read(Fixtures.utf8("{\"a\":1}\n{\"a\":\n[1,2]\n{} {}\n"))
        #expect(lines.map(\.number) == [1, 2, 3, 4])
        #expect(
            lines[1].error == .invalidJSON(line: 2, error: .unexpectedEnd(offset: 5, expected: RawJSONScanner.aValue)))
        #expect(lines[3].error == .invalidJSON(line: 4, error: .trailingCharacters(offset: 3, found: "character '{'")))
        #expect(lines[1].error?.line == 2)
        #expect(
            lines[1].error?.localizedDescription
                == "line 2: invalid JSON: unexpected end of JSON text at byte 5; expected \(RawJSONScanner.aValue)")
        #expect(throws: JSONLinesError.self) { try lines[3].get() }
        #expect(try lines[2].get() == Fixtures.utf8("[1,2]"))
    }

    @Test("1-byte chunks split CRLF and multi-byte characters without changing the result")
    func oneByteChunks() throws {
        let shows = try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-2.json"))
        let pokemon = shows.filter { String(decoding: $0, as: UTF8.self).contains("Pokémon") }
        #expect(!pokemon.isEmpty)
        let sample = pokemon + shows.prefix(5)
        var input: [UInt8] = [0xEF, 0xBB, 0xBF]
        for show in sample {
            input += show + Fixtures.utf8("\r\n \r\n")
        }
        input += Fixtures.utf8("{\"emoji\":\"😀 Под куполом\"}\r\n") + [0xFF] + Fixtures.utf8("\r\n\"last\"")
        let whole = read(input)
        #expect(whole.count == sample.count + 3)
        #expect(whole.prefix(sample.count).map(\.record) == sample.map { Optional($0) })
        #expect(whole[sample.count + 1].error == .invalidUTF8(line: 2 * sample.count + 2, offset: 0))
        for chunkSize in [1, 2, 3, 7] {
            #expect(read(input, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }

    @Test("a 10 MB line is read whole, between ordinary lines")
    func veryLongLine() throws {
        let long =
            Fixtures.utf8("{\"summary\": \"") + [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
            + Fixtures.utf8("\", \"n\": [1, 2]}")
        let input = Fixtures.utf8("1\n") + long + Fixtures.utf8("\n3")
        let lines = read(input)
        #expect(lines.map(\.number) == [1, 2, 3])
        let record = try lines[1].get()
        #expect(record.count == long.count - 4, "four spaces removed")
        #expect(Array(record.suffix(12)) == Fixtures.utf8(#"","n":[1,2]}"#))
        #expect(try lines[2].get() == Fixtures.utf8("3"))
    }

    @Test("a file descriptor is read with a blocking reader")
    func readsFileDescriptor() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-reader-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let body = try Fixtures.bytes("shows/page-0.json")
        let shows = try RawJSON.elements(ofArray: body)
        try Data(shows.map { $0 + [0x0A] }.joined()).write(to: url)
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let lines = Array(JSONLinesReader(fileDescriptor: descriptor, chunkSize: 4096))
        #expect(lines.map(\.record) == shows.map { Optional($0) })
        #expect(lines.last?.number == 240)
    }

    @Test("lines from a pipe are returned as they arrive, before the input ends")
    func readsIncrementallyFromPipe() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        var reader = JSONLinesReader(fileDescriptor: fds[0])
        writeString(fds[1], "{\"a\":1}\n{\"b\"")
        #expect(try reader.nextLine()?.record == Fixtures.utf8(#"{"a":1}"#))
        writeString(fds[1], ":2}\n")
        #expect(try reader.nextLine()?.record == Fixtures.utf8(#"{"b":2}"#))
        close(fds[1])
        #expect(try reader.nextLine() == nil)
    }

    @Test("a read error is thrown by nextLine and ends the sequence after one error line")
    func readErrors() throws {
        // -1 is never a valid descriptor (a closed one could be reused by a test running in parallel).
        var reader = JSONLinesReader(fileDescriptor: -1)
        let error = try #require(throws: JSONLinesError.self) { try reader.nextLine() }
        #expect(error == .readFailed(errno: EBADF, reason: String(cString: strerror(EBADF))))
        #expect(try reader.nextLine() == nil)

        let lines = Array(JSONLinesReader(fileDescriptor: -1))
        #expect(lines.count == 1)
        #expect(lines.first?.error == .readFailed(errno: EBADF, reason: String(cString: strerror(EBADF))))
        #expect(lines.first?.number == 1)
    }

    @Test("AsyncJSONLines yields the same lines as the synchronous reader")
    func asyncLinesMatchSync() async throws {
        let input = Fixtures.utf8("{\"a\":1}\r\n\n[2]\n{bad}\n3")
        var lines: [JSONLine] = []
        for try await line in AsyncJSONLines(source: ByteArraySource(input, chunkSize: 2), bufferedLines: 1) {
            lines.append(line)
        }
        #expect(lines == read(input))
        #expect(lines.map(\.number) == [1, 3, 4, 5])
    }

    @Test("AsyncJSONLines hands over long inputs in batches without losing or reordering lines")
    func asyncLinesInBatches() async throws {
        let shows = try RawJSON.elements(ofArray: Fixtures.bytes("shows/page-0.json"))
        let input = Array(shows.map { $0 + Fixtures.utf8("\n\n") }.joined())
        for (chunkSize, bufferedLines) in [(65_536, 64), (65_536, 1), (100, 3)] {
            var lines: [JSONLine] = []
            let sequence = AsyncJSONLines(
                source: ByteArraySource(input, chunkSize: chunkSize), chunkSize: chunkSize, bufferedLines: bufferedLines
            )
            for try await line in sequence {
                lines.append(line)
            }
            #expect(lines.map(\.record) == shows.map { Optional($0) }, "chunk \(chunkSize), buffer \(bufferedLines)")
            #expect(lines.map(\.number) == Array(stride(from: 1, through: 479, by: 2)))
        }
    }

    @Test("AsyncJSONLines delivers lines from a pipe as they arrive and stops when the consumer stops")
    func asyncLinesFromPipe() async throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let readEnd = fds[0]
        let writeEnd = fds[1]
        let lines = AsyncJSONLines(source: FileDescriptorSource(fileDescriptor: readEnd))
        var iterator = lines.makeAsyncIterator()
        writeString(writeEnd, "1\n")
        #expect(try await iterator.next()?.record == Fixtures.utf8("1"))
        writeString(writeEnd, "2\n")
        #expect(try await iterator.next()?.record == Fixtures.utf8("2"))
        close(writeEnd)
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
        close(readEnd)
    }

    @Test("a file descriptor source knows the bytes left in a regular file, and says 0 for a pipe")
    func remainingSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-remaining-\(getpid())").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var source = FileDescriptorSource(fileDescriptor: fd)
        #expect(source.remainingSize == 10)
        var four = [UInt8](repeating: 0, count: 4)
        _ = try four.withUnsafeMutableBytes { try source.read(into: $0) }
        #expect(source.remainingSize == 6)
        #expect(try source.readAll(upTo: 100) == Array("456789".utf8))
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        #expect(FileDescriptorSource(fileDescriptor: fds[0]).remainingSize == 0)
        close(fds[0])
        close(fds[1])
    }

    @Test("AsyncJSONLines throws a read error")
    func asyncReadError() async throws {
        var iterator = AsyncJSONLines(source: FileDescriptorSource(fileDescriptor: -1)).makeAsyncIterator()
        await #expect(throws: JSONLinesError.readFailed(errno: EBADF, reason: String(cString: strerror(EBADF)))) {
            try await iterator.next()
        }
    }

    @Test("cancelling a task waiting on AsyncJSONLines ends its iteration")
    func asyncCancellation() async throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let readEnd = fds[0]
        let writeEnd = fds[1]
        let (progress, progressContinuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            var count = 0
            for try await _ in AsyncJSONLines(source: FileDescriptorSource(fileDescriptor: readEnd)) {
                count += 1
                progressContinuation.yield(count)
            }
            return count
        }
        writeString(writeEnd, "1\n")
        var progressIterator = progress.makeAsyncIterator()
        #expect(await progressIterator.next() == 1)
        task.cancel()  // the task is now waiting for line 2, which never comes
        #expect(try await task.value == 1)
        close(writeEnd)  // lets the reader thread's pending read(2) return so it can exit
        try await Task.sleep(for: .milliseconds(50))
        close(readEnd)
    }

    @Test("a line over maxLineBytes is reported with its id and size, never held whole, and the next lines go on")
    func lineTooLong() {
        let long = #"{"id":7,"summary":""# + String(repeating: "a", count: 200_000) + #""}"#
        let input = Array(("1\n" + long + "\n2\n" + long).utf8)
        for chunk in [1000, 4096, 65_536, 1 << 20] {
            let reader = JSONLinesReader(
                source: ByteArraySource(input, chunkSize: chunk), chunkSize: chunk, maxLineBytes: 50_000)
            let tooLong = JSONLinesError.lineTooLong(line: 2, bytes: long.utf8.count, limit: 50_000, id: 7)
            let last = JSONLinesError.lineTooLong(line: 4, bytes: long.utf8.count, limit: 50_000, id: 7)
            #expect(
                summary(Array(reader)) == ["1: 1", "2: error \(tooLong)", "3: 2", "4: error \(last)"],
                "chunks of \(chunk)")
        }
        #expect(
            JSONLinesError.lineTooLong(line: 2, bytes: 33_000_000, limit: 4 << 20, id: 7).description
                == "line 2: record 7 is 31.5 MiB, larger than the 4.0 MiB any TVMaze record takes; left out")
        let small = JSONLinesReader(source: ByteArraySource(input, chunkSize: 4096), chunkSize: 4096)
        #expect(summary(Array(small)).filter { $0.contains("error") }.isEmpty)
    }
}
