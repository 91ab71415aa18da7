import TVMRecords
import TVMTerminal

/// A terminal view that is a table: its columns and the cells of each record, for table, CSV and TSV output.
package protocol TabularView: TerminalView {
    /// The columns, left to right.
    var columns: [TextTable.Column] { get }

    /// The cells of one record, or `nil` to leave the record out (it is not of the table's kind).
    ///
    /// - Parameters:
    ///   - record: A compact JSON record.
    ///   - index: The record's position in the output, from 0.
    func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]?

    /// The rows of one record: its cells, or one row for each item a grouping record holds (none to leave it out).
    ///
    /// - Parameters:
    ///   - record: A compact JSON record.
    ///   - index: The record's position in the output, from 0.
    func rows(of record: [UInt8], at index: Int) -> [[TextTable.Cell]]
}

extension TabularView {
    /// Tables render all records together, so the columns fit every row.
    package var rendersEachRecord: Bool { false }

    /// The view itself.
    package var table: (any TabularView)? { self }

    /// The record's cells as its one row, or none.
    package func rows(of record: [UInt8], at index: Int) -> [[TextTable.Cell]] {
        cells(of: record, at: index).map { [$0] } ?? []
    }

    /// Renders the records as one table.
    package func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: columns)
        for (index, record) in records.enumerated() {
            for cells in rows(of: record, at: index) { table.addRow(cells) }
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }
}

extension TerminalView {
    /// No table: CSV and TSV use each record's own keys.
    package var table: (any TabularView)? { nil }
}

/// A table whose columns are the keys of JSON objects: `--fields` output, and `--jq` filters yielding objects.
///
/// Columns appear in the order keys are first met; a row lacking a key has an empty cell. Cells are
/// ``RawJSON/cellText(_:)``; a column whose cells are all numbers is right-aligned.
package struct ObjectTable: Sendable {
    /// The column names, in the order first met.
    package private(set) var keys: [String] = []
    /// The rows: each object's cell text by key.
    private var rows: [[String: String]] = []
    private var numeric: [String: Bool] = [:]

    /// Creates an empty table, optionally with its columns fixed in advance.
    ///
    /// - Parameter keys: Columns to show first, in order (`--fields`).
    package init(keys: [String] = []) {
        self.keys = keys
    }

    /// Whether no row was added.
    package var isEmpty: Bool { rows.isEmpty }

    /// Adds one object's members as a row; a value that is not an object is ignored.
    ///
    /// - Parameter object: A compact JSON object.
    package mutating func add(_ object: [UInt8]) {
        guard let members = try? RawJSON.members(ofObject: object) else { return }
        var row: [String: String] = [:]
        for member in members {
            if !keys.contains(member.key) { keys.append(member.key) }
            row[member.key] = RawJSON.cellText(member.value)
            let isNumber = member.value.first.map { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) } ?? false
            if member.value != Array("null".utf8) { numeric[member.key] = (numeric[member.key] ?? true) && isNumber }
        }
        rows.append(row)
    }

    /// The cell texts of one object, in the order of `keys`.
    ///
    /// - Parameters:
    ///   - object: A compact JSON object.
    ///   - keys: The columns.
    /// - Returns: One text per key; empty where the object lacks the key.
    package static func cells(of object: [UInt8], keys: [String]) -> [String] {
        let members = (try? RawJSON.members(ofObject: object)) ?? []
        var values: [String: [UInt8]] = [:]
        for member in members { values[member.key] = member.value }
        return keys.map { values[$0].map { RawJSON.cellText($0) } ?? "" }
    }

    /// The table, ready to render.
    package var textTable: TextTable {
        let columns = keys.map { key in
            TextTable.Column(key.uppercased(), alignment: numeric[key] == true ? .right : .left, flexible: true)
        }
        return TextTable(columns: columns, rows: rows.map { row in keys.map { TextTable.Cell(row[$0] ?? "") } })
    }
}
