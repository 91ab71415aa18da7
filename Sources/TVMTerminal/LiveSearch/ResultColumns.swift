import TVMRecords

/// The column layout of the live search's result rows: marker, name, year, network, status.
///
/// The year, network and status columns are as wide as their widest value (the network at most 20 columns,
/// the status at most 16); the name takes the rest. As in every table, the low-priority columns give way first:
/// when the longest name would be cut, the status column is left out, then the network. The year is never cut;
/// it is left out only when names would get fewer than 12 columns.
struct ResultColumns {
    /// Where the name starts: selection marker, mark, space.
    static let markerWidth = 3
    /// The space between columns.
    static let gap = 2

    let nameWidth: Int
    let yearWidth: Int
    let networkWidth: Int
    let statusWidth: Int

    /// Lays out the rows of `results` in `width` columns.
    init(_ results: [LiveSearchResult], width: Int) {
        let widest = { (text: (LiveSearchResult) -> String) in
            results.map { DisplayWidth.width(of: text($0)) }.max() ?? 0
        }
        let available = max(1, width - Self.markerWidth)
        let names = widest(\.name)
        var year = widest(\.year) > 0 ? 4 : 0
        var network = min(widest(\.network), 20)
        var status = min(widest(\.status), 16)
        let enough = min(12, names)
        func nameRoom() -> Int {
            [year, network, status].reduce(available) { room, column in column > 0 ? room - column - Self.gap : room }
        }
        // As in every table: the low-priority columns (status, then network) drop before any name is cut; the
        // year, a date, is never cut, and drops only when names would get fewer than 12 columns.
        if nameRoom() < names { status = 0 }
        if nameRoom() < names { network = 0 }
        if nameRoom() < enough { year = 0 }
        nameWidth = max(1, min(nameRoom(), names))
        yearWidth = year
        networkWidth = network
        statusWidth = status
    }

    /// One row: `>` when selected, `*` when marked, then the columns, without trailing spaces.
    func row(_ result: LiveSearchResult, selected: Bool, marked: Bool) -> String {
        var cells = [Self.cell(result.name, nameWidth)]
        if yearWidth > 0 { cells.append(Self.cell(result.year, yearWidth)) }
        if networkWidth > 0 { cells.append(Self.cell(result.network, networkWidth)) }
        if statusWidth > 0 { cells.append(Self.cell(result.status, statusWidth)) }
        var text = (selected ? ">" : " ") + (marked ? "*" : " ") + " "
        text += cells.joined(separator: String(repeating: " ", count: Self.gap))
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    private static func cell(_ text: String, _ width: Int) -> String {
        DisplayWidth.pad(DisplayWidth.truncate(text, toWidth: width), toWidth: width)
    }
}
