import TVMRecords
import TVMTerminal

/// A terminal table of records of one kind: columns, and how a record becomes a row.
public struct TableView<Model: TVMazeModel>: TerminalView {
    /// The table's columns.
    public let columns: [TextTable.Column]
    /// Turns one decoded record into its cells.
    public let row: @Sendable (Model) -> [TextTable.Cell]

    /// Tables render all records together, so the columns fit every row.
    public var rendersEachRecord: Bool { false }

    /// Creates a table view.
    ///
    /// - Parameters:
    ///   - columns: The columns.
    ///   - row: The cells of one record.
    public init(columns: [TextTable.Column], row: @escaping @Sendable (Model) -> [TextTable.Cell]) {
        self.columns = columns
        self.row = row
    }

    /// Renders the records as one table; a record that is not a JSON object is left out.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: columns)
        for record in records {
            guard let model = try? Model(json: record) else { continue }
            table.addRow(
                row(model).map {
                    TextTable.Cell(HTMLText.terminalSafe($0.text, keepingNewlines: false), style: $0.style)
                })
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }
}

/// Formatting helpers shared by the views.
public enum Cells {
    /// A rating as `7.5`, or blank.
    public static func rating(_ rating: Rating?) -> String {
        rating?.average.map { String(format: "%.1f", $0) } ?? ""
    }

    /// A network or web channel name, or blank.
    public static func channel(_ show: Show?) -> String {
        show?.network?.name ?? show?.webChannel?.name ?? ""
    }

    /// An episode's code: `S01E02`, or `S01 special` when it has no number.
    public static func episodeCode(_ episode: Episode) -> String {
        let season = episode.season.map { String(format: "S%02d", $0) } ?? "S??"
        return episode.number.map { season + String(format: "E%02d", $0) } ?? "\(season) special"
    }

    /// An optional number as text, or blank.
    public static func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
}
