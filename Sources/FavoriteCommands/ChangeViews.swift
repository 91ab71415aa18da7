import TVMCommandLine
import TVMRecords
import TVMTerminal

/// `tvm-fav changes` on a terminal: when (UTC), the show, and what changed in words.
package struct ChangeView: TabularView {
    /// Creates the view.
    package init() {}

    /// When, show, what.
    package var columns: [TextTable.Column] {
        [
            .init("WHEN (UTC)", priority: .essential), .init("SHOW", flexible: true, priority: .essential),
            .init("WHAT", flexible: true, priority: .essential),
        ]
    }

    /// One row per event line: its `at` as `2024-03-01 20:00`, `show.name`, `summary`.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard let summary = text(["summary"], in: record) else { return nil }
        let at = text(["at"], in: record) ?? ""
        let when = at.count >= 16 ? String(at.prefix(10)) + " " + String(at.dropFirst(11).prefix(5)) : at
        return [
            TextTable.Cell(when), TextTable.Cell(text(["show", "name"], in: record) ?? ""), TextTable.Cell(summary),
        ]
    }

    private func text(_ path: [String], in record: [UInt8]) -> String? {
        ((try? RawJSON.value(atPath: path, in: record)) ?? nil).flatMap(RawJSON.string)
    }
}
