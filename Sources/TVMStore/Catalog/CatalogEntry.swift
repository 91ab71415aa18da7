import Foundation
import TVMRecords
import TVMText

/// A show record ready for the catalogue: its columns, its JSON, and the text the full-text index holds.
///
/// ```swift
/// let entry = try CatalogEntry(json: Array(#"{"id":139,"name":"Girls","genres":["Drama"],…}"#.utf8))
/// entry.show.genres     // "|Drama|"
/// entry.searchText.name // "Girls"
/// ```
public struct CatalogEntry: Sendable, Equatable {
    /// The columns of the `show` table.
    public var show: CatalogShow
    /// The record, compact, every member as TVMaze sent it (top-level `_tvm` members dropped).
    public var json: [UInt8]
    /// What the full-text index holds for the show.
    public var searchText: SearchText

    /// The four columns of the full-text index.
    public struct SearchText: Sendable, Equatable {
        /// The name.
        public var name: String
        /// The genres, separated by spaces.
        public var genres: String
        /// The network or web channel name.
        public var channel: String
        /// The summary as plain text (HTML removed), from its first ``CatalogEntry/indexedSummaryCharacters``.
        public var summary: String
    }

    /// How much of a summary's HTML the index reads: 64 Ki characters. Real summaries are under 2 KB; the text
    /// conversion takes several times its input in memory, which a 4 MB summary would multiply.
    public static let indexedSummaryCharacters = 65_536

    /// Reads a show record.
    ///
    /// - Parameter bytes: One JSON value: a show as `/shows/{id}` or an index page holds it.
    /// - Throws: ``CatalogRecordError`` when the bytes are not valid JSON, or not a show with an integer `id` and
    ///   a string `name`.
    public init(json bytes: some Collection<UInt8>) throws(CatalogRecordError) {
        let record: ShowRecord?
        do {
            record = try ShowRecord(json: bytes)
        } catch {
            throw .invalidJSON(error.localizedDescription)
        }
        guard let record else { throw .notAShow }
        let show: Show
        do {
            show = try JSONDecoder().decode(Show.self, from: Data(record.json))
        } catch {
            throw .invalidJSON(error.localizedDescription)
        }
        let channel = show.network ?? show.webChannel
        let genres = show.genres ?? []
        self.json = record.json
        self.show = CatalogShow(
            id: record.id,
            name: record.name,
            nameWords: CatalogMatch(text: record.name)?.words.count ?? 0,
            type: show.type,
            language: show.language,
            status: show.status,
            genres: "|" + genres.map { $0.replacingOccurrences(of: "|", with: " ") }.joined(separator: "|") + "|",
            channel: channel?.name,
            country: channel?.country?.code,
            rating: show.rating?.average,
            weight: show.weight ?? 0,
            premiered: show.premiered,
            updated: show.updated ?? 0
        )
        self.searchText = SearchText(
            name: record.name,
            genres: genres.joined(separator: " "),
            channel: channel?.name ?? "",
            summary: show.summary.map { HTMLText.plainText(fromHTML: String($0.prefix(Self.indexedSummaryCharacters))) }
                ?? ""
        )
    }
}

/// Why a record cannot go into the catalogue.
public enum CatalogRecordError: Error, LocalizedError, Sendable, Equatable {
    /// The bytes are not valid JSON; the reason says where.
    case invalidJSON(String)
    /// Valid JSON, but not a show with an integer `id` and a string `name`.
    case notAShow

    /// A sentence for the report of a skipped record.
    public var errorDescription: String? {
        switch self {
        case .invalidJSON(let reason): return "invalid JSON (\(reason))"
        case .notAShow: return "not a show record (it needs an integer \"id\" and a string \"name\")"
        }
    }
}
