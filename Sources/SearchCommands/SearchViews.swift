import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal

/// Search results on a terminal: score, id, name, premiered, network and status, best match first.
package struct SearchResultsView: TabularView {
    /// Creates the view.
    package init() {}

    /// Score, id, name, premiered, network, status.
    package var columns: [TextTable.Column] {
        [
            .init("SCORE", alignment: .right, priority: .essential),
            .init("ID", alignment: .right, priority: .essential),
            .init("NAME", flexible: true), .init("PREMIERED", priority: .essential),
            .init("NETWORK", flexible: true, priority: .low), .init("STATUS", priority: .low),
        ]
    }

    /// The cells of a scored show record (`_tvm.score`); `nil` for a record that is not a show.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard record.first == UInt8(ascii: "{"), let show = try? Show(json: record) else { return nil }
        return [
            .init(Self.score(of: record)), .init(Cells.number(show.id)), .init(show.name ?? ""),
            .init(show.premiered ?? ""), .init(Cells.channel(show)), .init(show.status ?? ""),
        ]
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
package struct SearchHistoryView: TabularView {
    /// The time the ages are measured from.
    package let now: Date
    /// Whether the time is written as it is kept (ISO 8601, UTC) rather than as an age: for CSV and TSV.
    package let exactTimes: Bool

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - now: The time the ages are measured from.
    ///   - exactTimes: Whether to write ISO 8601 times instead of ages.
    package init(now: Date = Date(), exactTimes: Bool = false) {
        self.now = now
        self.exactTimes = exactTimes
    }

    /// As CSV or TSV, the times are those the history keeps, which a program can compare.
    package var table: (any TabularView)? { SearchHistoryView(now: now, exactTimes: true) }

    /// Number, query, and how long ago.
    package var columns: [TextTable.Column] {
        [.init("#", alignment: .right, priority: .essential), .init("QUERY", flexible: true), .init("SEARCHED")]
    }

    /// The cells of a `{"query":…,"at":…}` record; `nil` for a record that is not an entry.
    package func cells(of record: [UInt8], at index: Int) -> [TextTable.Cell]? {
        guard let entry = try? SearchHistoryEntry(json: record) else { return nil }
        if exactTimes {
            let at = (try? RawJSON.value(forKey: "at", in: record)).flatMap { $0 }.flatMap(RawJSON.string) ?? ""
            return [.init("\(index + 1)"), .init(entry.query), .init(at)]
        }
        let seconds = now.timeIntervalSince(entry.at)
        let age = seconds < 60 ? "just now" : RelativeTime.describe(seconds: seconds) + " ago"
        return [.init("\(index + 1)"), .init(entry.query), .init(age, style: .dim)]
    }
}
