import TVMRecords
import TVMText

/// One row of the live search's results: a show record as tvm-search prints it, and the fields the row shows.
///
/// The record is kept byte for byte (the show object with `_tvm.score`), so choosing the row prints exactly what
/// `tvm-search QUERY` prints; the other properties are read from it once, for display.
///
/// ```swift
/// let result = LiveSearchResult(record: Array(#"{"id":139,"name":"Girls","premiered":"2012-04-15"}"#.utf8))
/// result.name  // "Girls"
/// result.year  // "2012"
/// ```
public struct LiveSearchResult: Sendable, Equatable {
    /// The compact show record, exactly as it is printed.
    public let record: [UInt8]
    /// The TVMaze show id, if the record has one.
    public let id: Int?
    /// The show's name, made safe for a terminal; `(untitled)` when missing.
    public let name: String
    /// The premiere year (`2012`), or empty.
    public let year: String
    /// The network, else the web channel, or empty.
    public let network: String
    /// The status (`Running`, `Ended`…), or empty.
    public let status: String

    /// Reads the displayed fields from a show record.
    ///
    /// A record that does not decode as a show still becomes a row, named `(untitled)`.
    /// - Parameter record: A compact show record.
    public init(record: [UInt8]) {
        let show = (try? Show(json: record)) ?? Show()
        self.record = record
        self.id = show.id
        self.name = Self.clean(show.name).isEmpty ? "(untitled)" : Self.clean(show.name)
        self.year = String(Self.clean(show.premiered).prefix(4))
        self.network = Self.clean(show.network?.name ?? show.webChannel?.name)
        self.status = Self.clean(show.status)
    }

    /// Whether two results are the same show: the same id, or the same record when there is no id.
    ///
    /// - Parameter other: Another result.
    /// - Returns: `true` for the same show.
    public func isSameShow(as other: LiveSearchResult) -> Bool {
        if let id, let otherID = other.id { return id == otherID }
        return record == other.record
    }

    private static func clean(_ text: String?) -> String {
        HTMLText.terminalSafe(text ?? "", keepingNewlines: false).split(separator: " ").joined(separator: " ")
    }
}
