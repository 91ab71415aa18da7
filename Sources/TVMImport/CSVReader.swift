import Foundation
import TVMRecords

/// Reads a CSV file record by record: its header first, then its rows, each with the line it starts on and its
/// original text.
///
/// RFC 4180 with what real exports add: a UTF-8 byte order mark, CRLF, LF or (old Mac) CR line ends, quoted fields holding
/// commas, quotes (`""`) and line breaks. Blank lines are skipped. A row whose quotes never close, or with text
/// after a closing quote, comes with a ``Record/problem`` and the rows after it still come. What spreadsheets
/// write is read too: UTF-16 ("Unicode text", with or without its byte order mark), and fields separated by
/// semicolons or tabs where the first line holds those and no comma.
public struct CSVReader: Sendable {
    /// One record.
    public struct Record: Sendable {
        /// The line the record starts on (the header is line 1).
        public var line: Int
        /// The fields, in file order.
        public var fields: [String]
        /// The record's bytes as they stood in the file, without the line end (a slice sharing the file's bytes).
        public var bytes: ArraySlice<UInt8>
        /// The record as it stood in the file, without its line end.
        public var original: String { String(decoding: bytes, as: UTF8.self) }
        /// The record as a message quotes it: its first 200 characters.
        public var excerpt: String { Excerpt.of(bytes, limit: 200) }
        /// What is wrong with it, when it cannot be read.
        public var problem: String?
    }

    /// The longest field read, in bytes: no tracker writes one near it. A longer field makes its record a
    /// problem, so that a hostile line costs no more memory than the file that holds it.
    public static let longestField = 1 << 20

    private let bytes: [UInt8]
    private let separator: UInt8
    private var index: Int
    private var line = 1

    /// Starts reading a file.
    ///
    /// - Parameter bytes: The file's bytes.
    public init(bytes: [UInt8]) {
        var text = ExportFile.utf8(bytes)
        // Lines ended by CR alone (Excel's "CSV (Macintosh)"): a file without a single LF.
        let (cr, lf) = (UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        if !text.contains(lf) && text.contains(cr) { text = text.map { $0 == cr ? lf : $0 } }
        self.bytes = text
        index = self.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        separator = Self.separator(ofFirstLine: self.bytes[index...].prefix { $0 != UInt8(ascii: "\n") })
    }

    /// A comma, unless the first line holds none and holds semicolons or tabs (the more of the two).
    private static func separator(ofFirstLine line: ArraySlice<UInt8>) -> UInt8 {
        let (comma, semicolon, tab) = (UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"))
        guard !line.contains(comma) else { return comma }
        let semicolons = line.count { $0 == semicolon }
        let tabs = line.count { $0 == tab }
        if semicolons == 0 && tabs == 0 { return comma }
        return semicolons >= tabs ? semicolon : tab
    }

    /// The next record, or `nil` at the end of the file.
    public mutating func next() -> Record? {
        while index < bytes.count {
            let record = Self.record(bytes, separator: separator, from: &index, line: &line)
            if record.fields.count == 1 && record.fields[0].isEmpty && record.problem == nil { continue }
            return Record(line: record.line, fields: record.fields, bytes: record.bytes, problem: record.problem)
        }
        return nil
    }

    /// The header's names as columns are looked up: trimmed, lower-cased.
    ///
    /// - Parameter header: The first record's fields.
    public static func columns(_ header: [String]) -> [String] {
        header.map { $0.trimmingBlanks.lowercased() }
    }

    /// Reads one record starting at `index`; moves `index` past its line end.
    private static func record(_ bytes: [UInt8], separator: UInt8, from index: inout Int, line: inout Int)
        -> (line: Int, fields: [String], bytes: ArraySlice<UInt8>, problem: String?)
    {
        let first = line
        let begin = index
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var afterQuote = false
        var problem: String?
        var end = bytes.count
        func keep(_ byte: UInt8) {
            guard field.count < longestField else {
                problem = problem ?? "a field longer than \(longestField >> 20) MiB"
                return
            }
            field.append(byte)
        }
        scan: while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        keep(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                    afterQuote = true
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    keep(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case separator:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                afterQuote = false
            case UInt8(ascii: "\""):
                if field.isEmpty && !afterQuote {
                    quoted = true
                } else {
                    problem = problem ?? "a quote inside an unquoted field (quote the field and double its quotes)"
                    keep(byte)
                }
            case UInt8(ascii: "\n"):
                end = index > begin && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                index += 1
                line += 1
                break scan
            case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                break
            default:
                if afterQuote && byte != UInt8(ascii: " ") {
                    problem = problem ?? "text after a closing quote"
                }
                keep(byte)
            }
            index += 1
        }
        // A quote that never closes, or a quoted field that ran over line ends and then went wrong, was most likely
        // opened by mistake: this line alone is reported, and the lines after it are read as rows again.
        let spansLines = line > first + 1
        if quoted || (problem != nil && spansLines) {
            let newline = bytes[begin...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            index = min(newline + 1, bytes.count)
            line = first + 1
            let lineEnd = newline > begin && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
            let why = quoted ? "a quoted field is never closed" : "\(problem ?? ""), in a field quoted past this line"
            return (first, [], bytes[begin..<lineEnd], why)
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return (first, fields, bytes[begin..<max(begin, end)], problem)
    }
}
