import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal

extension Views {
    /// Favorites: id, name, status, premiered, genres, rating.
    package static let favorites = TableView<Show>(
        columns: [
            .init("ID", alignment: .right, priority: .essential), .init("NAME", flexible: true),
            .init("STATUS", priority: .low), .init("PREMIERED", priority: .essential),
            .init("GENRES", flexible: true, priority: .low), .init("RATING", alignment: .right, priority: .essential),
        ],
        row: { show in
            [
                "\(Cells.number(show.id))", "\(show.name ?? "")", "\(show.status ?? "")", "\(show.premiered ?? "")",
                "\((show.genres ?? []).joined(separator: ", "))", "\(Cells.rating(show.rating))",
            ]
        }
    )
}

/// `tvm-fav status` on a terminal: each show with the action the original app specification calls for.
///
/// A saved show offers **Delete** on red, a show that is not saved offers **Favorite** on green (the colours
/// of the original app specification's row actions; plain text when colour is off). The state comes from `_tvm.favorite`.
package struct FavoriteStatusView: TabularView {
    /// Creates the view.
    package init() {}

    /// The action label and style for a saved or unsaved show.
    ///
    /// - Parameter saved: Whether the show is a favorite.
    /// - Returns: The cell: `Delete` (red) or `Favorite` (green).
    package static func action(saved: Bool) -> TextTable.Cell {
        saved
            ? TextTable.Cell("Delete", style: [.bold, .inverse, .red])
            : TextTable.Cell("Favorite", style: [.bold, .inverse, .green])
    }

    /// Id, name, premiered, action.
    package var columns: [TextTable.Column] {
        [
            .init("ID", alignment: .right, priority: .essential), .init("NAME", flexible: true),
            .init("PREMIERED", priority: .essential), .init("ACTION", priority: .essential),
        ]
    }

    /// One row per record (a show, or a search result holding one): id, name, premiered, action.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        let showJSON = ((try? RawJSON.value(forKey: "show", in: record)) ?? nil) ?? record
        let show = (try? Show(json: showJSON)) ?? Show()
        let saved =
            ((try? RawJSON.value(atPath: [RawJSON.tvmKey, "favorite"], in: record)) ?? nil) == JSONText.bool(true)
        return [
            "\(Cells.number(show.id))", TextTable.Cell(show.name ?? ""), "\(show.premiered ?? "")",
            Self.action(saved: saved),
        ]
    }
}
