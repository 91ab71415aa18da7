import Foundation

/// Reads JSON Lines incrementally from a ``ByteSource`` and yields each line's compact JSON or its error.
///
/// - Lines end with LF or CRLF; the last line needs no newline.
/// - Blank and whitespace-only lines are skipped, but they count for line numbers.
/// - A UTF-8 byte order mark at the start of the input is ignored.
/// - Any JSON value is accepted on a line (an object, or a bare `82`); callers decide which forms they take.
/// - A line that is not valid UTF-8 or not exactly one JSON value is returned as a ``JSONLine`` whose
///   result is the error (``JSONLinesError/invalidUTF8(line:offset:)`` or
///   ``JSONLinesError/invalidJSON(line:error:)``); reading goes on with the next line.
/// - A first line that is a lone `[` opens an array laid out one element per line, as `--format json` writes it:
///   its elements are read as lines, and the lone `,` and `]` between and after them are skipped.
/// - A lone `{` (first, or where an array's element belongs) starts pretty-printed JSON, where every line would be
///   an error: it is returned as ``JSONLinesError/spreadOverLines(line:)`` and the input ends there.
/// - Input is read in chunks (64 KiB by default) and each line is handed out as soon as its newline arrives,
///   so records flow through a pipe one by one. Memory stays proportional to the longest line, or to
///   `maxLineBytes`: a longer line is returned as ``JSONLinesError/lineTooLong(line:bytes:limit:id:)`` without being
///   held whole (its first bytes are kept for its `id`), and reading goes on.
///
/// Reading is blocking. Use it synchronously:
///
/// ```swift
/// var reader = JSONLinesReader(fileDescriptor: STDIN_FILENO)
/// while let line = try reader.nextLine() {
///     switch line.result {
///     case .success(let record): try writer.write(record: record)
///     case .failure(let error): report(error)  // "line 3: invalid JSON: …"
///     }
/// }
/// ```
///
/// or from async code through ``AsyncJSONLines``, which runs the reader on a dedicated thread.
///
/// The reader is a value type: iterate one reader once, from one thread or task at a time (copies share the
/// underlying file descriptor). It is `Sendable` when its source is, so it can be moved to a thread.
public struct JSONLinesReader<Source: ByteSource>: Sequence, IteratorProtocol {
    private var source: Source
    private let chunkSize: Int
    /// Holds the unread input in `start..<filled`.
    private var buffer: [UInt8]
    private var start = 0
    /// `start..<scanned` is known to contain no newline.
    private var scanned = 0
    private var filled = 0
    private var reachedEnd = false
    private var lineNumber = 0
    private let maxLineBytes: Int
    /// A line over `maxLineBytes` being passed over: its size so far and its first bytes.
    private var skipped: (bytes: Int, start: [UInt8])?
    /// What the first non-blank line said the input is.
    private var layout = Layout.unknown

    /// How the input is laid out, from its first non-blank line.
    private enum Layout {
        /// No non-blank line yet.
        case unknown
        /// JSON Lines.
        case lines
        /// An array opened by a lone `[`, one element per line.
        case array
        /// Pretty-printed JSON: nothing more is read.
        case refused
    }

    /// What one line of input holds.
    private enum Reading {
        case blank
        case line(JSONLine)
        /// A lone `[` first, or a lone `,` or `]` in an array.
        case punctuation(UInt8)
    }

    /// Creates a reader over `source`.
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - chunkSize: The largest number of bytes asked from `source` at once (at least 1; 64 KiB by default).
    ///   - maxLineBytes: The longest line read; a longer one is reported, not held.
    public init(source: Source, chunkSize: Int = 65_536, maxLineBytes: Int = .max) {
        self.source = source
        self.chunkSize = Swift.max(1, chunkSize)
        self.maxLineBytes = maxLineBytes
        self.buffer = [UInt8](repeating: 0, count: self.chunkSize)
    }

    /// Returns the next non-blank line, or `nil` at the end of the input.
    ///
    /// - Returns: The line with its number and its compact record or its error.
    /// - Throws: ``JSONLinesError/readFailed(errno:reason:)`` if the source fails; the reader then ends.
    public mutating func nextLine() throws(JSONLinesError) -> JSONLine? {
        if layout == .refused { return nil }
        while true {
            if let newline = findNewline() {
                let range = start..<newline
                start = newline + 1
                scanned = start
                lineNumber += 1
                if let line = makeLine(range) {
                    return line
                }
                continue
            }
            scanned = filled
            if filled - start > maxLineBytes || skipped != nil { passOver() }
            if reachedEnd {
                guard start < filled || skipped != nil else { return nil }
                let range = start..<filled
                start = filled
                lineNumber += 1
                if let line = makeLine(range) {
                    return line
                }
                continue
            }
            do {
                try fill()
            } catch {
                reachedEnd = true
                start = filled
                throw error
            }
        }
    }

    /// Returns the next non-blank line, or `nil` at the end of the input.
    ///
    /// A read failure is returned as a final line whose result is ``JSONLinesError/readFailed(errno:reason:)``
    /// (numbered as the line being read); the sequence ends after it.
    public mutating func next() -> JSONLine? {
        do {
            return try nextLine()
        } catch {
            return JSONLine(number: lineNumber + 1, result: .failure(error))
        }
    }

    /// Whether the next ``nextLine()`` can return without reading: a complete line is already buffered,
    /// or the input has ended.
    var hasBufferedLine: Bool {
        reachedEnd || findNewline() != nil
    }

    private func findNewline() -> Int? {
        guard scanned < filled else { return nil }
        return buffer.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress,
                let found = memchr(base + scanned, 0x0A, filled - scanned)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Reads the next chunk after `filled`, first moving the unfinished line to the front or growing the buffer.
    private mutating func fill() throws(JSONLinesError) {
        if start > 0 {
            let pending = filled - start
            if pending > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    memmove(base, base + start, pending)
                }
            }
            scanned -= start
            filled = pending
            start = 0
        }
        if buffer.count - filled < chunkSize {
            buffer.append(
                contentsOf: repeatElement(0, count: Swift.max(buffer.count, filled + chunkSize - buffer.count)))
        }
        // Move the storage out while the source writes into it, so `source` and `buffer` are not both in use.
        var storage: [UInt8] = []
        swap(&storage, &buffer)
        defer { swap(&storage, &buffer) }
        let range = filled..<filled + chunkSize
        let result = storage.withUnsafeMutableBytes { bytes in
            Result { () throws(JSONLinesError) in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[range]))
            }
        }
        let count = try result.get()
        if count == 0 {
            reachedEnd = true
        }
        filled += count
    }

    /// Drops the unfinished line read so far, which is over `maxLineBytes`, keeping its size and first bytes.
    private mutating func passOver() {
        var passed = skipped ?? (bytes: 0, start: Array(buffer[start..<Swift.min(filled, start + 65_536)]))
        passed.bytes += filled - start
        skipped = passed
        start = filled
        scanned = filled
    }

    /// Validates and compacts the line in `range` (newline excluded); `nil` for a blank line or an array's
    /// punctuation. A line over `maxLineBytes` (or the end of one passed over) is
    /// ``JSONLinesError/lineTooLong(line:bytes:limit:id:)``; pretty-printed JSON is
    /// ``JSONLinesError/spreadOverLines(line:)``, and ends the input.
    private mutating func makeLine(_ range: Range<Int>) -> JSONLine? {
        switch readLine(range, layout: layout) {
        case .blank:
            return nil
        case .punctuation(let byte):
            if byte == UInt8(ascii: "[") { layout = .array }
            return nil
        case .line(let line):
            if case .failure(.spreadOverLines) = line.result {
                layout = .refused
            } else if layout == .unknown {
                layout = .lines
            }
            return line
        }
    }

    private mutating func readLine(_ range: Range<Int>, layout: Layout) -> Reading {
        let number = lineNumber
        if skipped != nil || range.count > maxLineBytes {
            let passed = skipped ?? (bytes: 0, start: Array(buffer[range.prefix(65_536)]))
            skipped = nil
            let bytes = passed.bytes + range.count
            let id = RawJSON.firstValue(forKey: "id", inStartOf: passed.start).flatMap { RawJSON.integer($0) }
            return .line(
                JSONLine(
                    number: number,
                    result: .failure(.lineTooLong(line: number, bytes: bytes, limit: maxLineBytes, id: id))))
        }
        return buffer.withUnsafeBufferPointer { bytes -> Reading in
            var line = UnsafeBufferPointer(rebasing: bytes[range])
            if number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) {
                line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
            }
            guard let first = line.firstIndex(where: { !RawJSONScanner.isWhitespace($0) }) else { return .blank }
            // Once the input is known to be JSON Lines, no line is punctuation: records are not scanned for it.
            let lone = layout == .lines ? nil : Self.loneCharacter(line, first: first)
            switch (layout, lone) {
            case (.unknown, UInt8(ascii: "{")), (.array, UInt8(ascii: "{")), (.array, UInt8(ascii: "[")):
                return .line(JSONLine(number: number, result: .failure(.spreadOverLines(line: number))))
            case (.unknown, UInt8(ascii: "[")), (.array, UInt8(ascii: ",")), (.array, UInt8(ascii: "]")):
                return .punctuation(line[first])
            default:
                break
            }
            let compacted = Result { () throws(RawJSONError) in try RawJSON.compact(line) }
            switch compacted {
            case .success(let record):
                return .line(JSONLine(number: number, result: .success(record)))
            case .failure(.invalidUTF8(let offset)):
                return .line(JSONLine(number: number, result: .failure(.invalidUTF8(line: number, offset: offset))))
            case .failure(let error):
                return .line(JSONLine(number: number, result: .failure(.invalidJSON(line: number, error: error))))
            }
        }
    }

    /// The character at `first`, the line's first that is not blank, when it is the only one (`{`, `[`, `,`, `]`, a
    /// digit), else `nil`. A record stops the scan at its second character.
    private static func loneCharacter(_ line: UnsafeBufferPointer<UInt8>, first: Int) -> UInt8? {
        line[(first + 1)...].allSatisfy(RawJSONScanner.isWhitespace) ? line[first] : nil
    }
}

extension JSONLinesReader: Sendable where Source: Sendable {}

extension JSONLinesReader where Source == FileDescriptorSource {
    /// Creates a reader over a file descriptor (standard input by default).
    ///
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor, e.g. `STDIN_FILENO`; it is not closed by the reader.
    ///   - chunkSize: The largest number of bytes read at once (64 KiB by default).
    public init(fileDescriptor: Int32 = 0, chunkSize: Int = 65_536) {
        self.init(source: FileDescriptorSource(fileDescriptor: fileDescriptor), chunkSize: chunkSize)
    }
}

extension JSONLinesReader where Source == ByteArraySource {
    /// Creates a reader over bytes in memory.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - chunkSize: The number of bytes served per read (1 exercises every chunk boundary).
    public init(bytes: [UInt8], chunkSize: Int = 65_536) {
        self.init(source: ByteArraySource(bytes, chunkSize: chunkSize), chunkSize: Swift.max(1, chunkSize))
    }
}
