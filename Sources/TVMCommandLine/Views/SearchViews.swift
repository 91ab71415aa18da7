import Foundation
import TVMRecords
import TVMStore
import TVMTerminal

/// Search results on a terminal: score, id, name, premiered, network and status, best match first.
public struct SearchResultsView: TerminalView {
    /// Creates the view.
    public init() {}

    /// The table waits for every result, so its columns fit.
    public var rendersEachRecord: Bool { false }

    /// Renders scored show records (`_tvm.score`) as a table; a record that is not a show is left out.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: [
            .init("SCORE", alignment: .right), .init("ID", alignment: .right), .init("NAME", flexible: true),
            .init("PREMIERED"), .init("NETWORK", flexible: true), .init("STATUS"),
        ])
        for record in records {
            guard let show = try? Show(json: record) else { continue }
            table.addRow([
                Self.score(of: record), Cells.number(show.id), show.name ?? "", show.premiered ?? "",
                Cells.channel(show), show.status ?? "",
            ])
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }

    /// The `_tvm.score` of a record with two decimals, or blank.
    static func score(of record: [UInt8]) -> String {
        guard let raw = (try? RawJSON.value(atPath: [RawJSON.tvmKey, "score"], in: record)) ?? nil,
            let value = Double(String(decoding: raw, as: UTF8.self))
        else {
            return ""
        }
        return String(format: "%.2f", value)
    }
}

/// The search history on a terminal: a numbered list, most recent first, with how long ago each search was.
public struct SearchHistoryView: TerminalView {
    /// The time the ages are measured from.
    public let now: Date

    /// Creates the view.
    ///
    /// - Parameter now: The time the ages are measured from.
    public init(now: Date = Date()) {
        self.now = now
    }

    /// The list waits for every entry, so its columns line up.
    public var rendersEachRecord: Bool { false }

    /// Renders `{"query":…,"at":…}` records; a record that is not an entry is left out.
    public func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        var table = TextTable(columns: [
            .init("#", alignment: .right), .init("QUERY", flexible: true), .init("SEARCHED"),
        ])
        let entries = records.compactMap { try? SearchHistoryEntry(json: $0) }
        for (index, entry) in entries.enumerated() {
            let seconds = now.timeIntervalSince(entry.at)
            let age = seconds < 60 ? "just now" : RelativeTime.describe(seconds: seconds) + " ago"
            table.addRow([.init("\(index + 1)"), .init(entry.query), .init(age, style: .dim)])
        }
        return table.render(width: width, styler: Styler(isEnabled: color))
    }
}
