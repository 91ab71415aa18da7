import TVMRecords
import TVMStore
import TVMTerminal

extension Views {
    /// Favorites: id, name, status, premiered, genres, rating.
    public static let favorites = TableView<Show>(
        columns: [
            .init("ID", alignment: .right), .init("NAME", flexible: true), .init("STATUS"), .init("PREMIERED"),
            .init("GENRES", flexible: true), .init("RATING", alignment: .right),
        ],
        row: { show in
            [
                "\(Cells.number(show.id))", "\(show.name ?? "")", "\(show.status ?? "")", "\(show.premiered ?? "")",
                "\((show.genres ?? []).joined(separator: ", "))", "\(Cells.rating(show.rating))",
            ]
        }
    )
}

/// `tvm-fav status` on a terminal: each show with the action the seeds call for.
///
/// A saved show offers **Delete** on red, a show that is not saved offers **Favorite** on green (the colours
/// of the seeds' row actions; plain text when colour is off). The state comes from `_tvm.favorite`.
public struct FavoriteStatusView: TerminalView {
    /// Creates the view.
    public init() {}

    /// A table needs every row.
    public var rendersEachRecord: Bool { false }

    /// The action label and style for a saved or unsaved show.
    ///
    /// - Parameter saved: Whether the show is a favorite.
    /// - Returns: The cell: `Delete` (red) or `Favorite` (green).
    public static func action(saved: Bool) -> TextTable.Cell {
        saved
            ? TextTable.Cell("Delete", style: [.bold, .inverse, .red])
            : TextTable.Cell("Favorite", style: [.bold, .inverse, .green])
    }

    /// Renders one row per record: id, name, premiered, action.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: [
            .init("ID", alignment: .right), .init("NAME", flexible: true), .init("PREMIERED"), .init("ACTION"),
        ])
        for record in records {
            let showJSON = ((try? RawJSON.value(forKey: "show", in: record)) ?? nil) ?? record
            let show = (try? Show(json: showJSON)) ?? Show()
            let saved =
                ((try? RawJSON.value(atPath: [RawJSON.tvmKey, "favorite"], in: record)) ?? nil) == JSONText.bool(true)
            table.addRow([
                "\(Cells.number(show.id))",
                TextTable.Cell(HTMLText.terminalSafe(show.name ?? "", keepingNewlines: false)),
                "\(show.premiered ?? "")",
                Self.action(saved: saved),
            ])
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }
}
