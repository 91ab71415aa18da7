import TVMCommandLine
import TVMRecords
import TVMTerminal

/// The columns of `tvm-fav export`: the plain CSV `tvm-fav import --from csv` reads back.
struct ExportTableView: TabularView {
    static let keys = ["tvmaze_id", "thetvdb_id", "imdb_id", "show", "season", "episode", "airdate", "watched_at"]

    var columns: [TextTable.Column] { Self.keys.map { TextTable.Column($0) } }

    func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        ObjectTable.cells(of: record, keys: Self.keys).map { TextTable.Cell($0) }
    }
}
