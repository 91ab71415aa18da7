import TVMRecords
import TVMTerminal

/// A terminal table of records of one kind: columns, and how a record becomes a row.
package struct TableView<Model: TVMazeModel>: TabularView {
    /// The table's columns.
    package let columns: [TextTable.Column]
    /// Turns one decoded record into its cells.
    package let row: @Sendable (Model) -> [TextTable.Cell]

    /// Creates a table view.
    package init(columns: [TextTable.Column], row: @escaping @Sendable (Model) -> [TextTable.Cell]) {
        self.columns = columns
        self.row = row
    }

    /// The cells of a record; `nil` for a record that is not a JSON object of the model's shape.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard record.first == UInt8(ascii: "{"), let model = try? Model(json: record) else { return nil }
        return row(model)
    }
}

/// Formatting helpers shared by the views.
package enum Cells {
    /// A rating as `7.5`, or blank.
    package static func rating(_ rating: Rating?) -> String {
        rating?.average.map { String(format: "%.1f", $0) } ?? ""
    }

    /// A network or web channel name, or blank.
    package static func channel(_ show: Show?) -> String {
        show?.network?.name ?? show?.webChannel?.name ?? ""
    }

    /// An episode's code: `S01E02`, or `S01 special` when it has no number.
    package static func episodeCode(_ episode: Episode) -> String {
        let season = episode.season.map { String(format: "S%02d", $0) } ?? "S??"
        return episode.number.map { season + String(format: "E%02d", $0) } ?? "\(season) special"
    }

    /// An optional number as text, or blank.
    package static func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
}
