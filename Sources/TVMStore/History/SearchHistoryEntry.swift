import Foundation
import TVMRecords

/// One remembered search: the query and when it last succeeded.
///
/// Its JSON form is the line stored in the history file and printed by `tvm-search --history`:
/// `{"query":"squid game","at":"2024-05-01T12:00:00Z"}`, the time in ISO 8601, UTC, whole seconds.
public struct SearchHistoryEntry: Sendable, Equatable {
    /// The normalised query text (see ``SearchQuery``).
    public var query: String
    /// When the search last succeeded, to the second.
    public var at: Date

    /// Creates an entry; the time is rounded down to the whole second, as it is stored.
    ///
    /// - Parameters:
    ///   - query: The normalised query text.
    ///   - at: When the search succeeded.
    public init(query: String, at: Date) {
        self.query = query
        self.at = Date(timeIntervalSince1970: (at.timeIntervalSince1970).rounded(.down))
    }

    /// Reads an entry from its JSON form.
    ///
    /// - Parameter json: A JSON object with a string `query` and an ISO 8601 string `at`; other members are
    ///   ignored.
    /// - Throws: ``SearchHistoryError/malformedEntry(_:)`` when a member is missing or of the wrong kind, or the
    ///   text is not JSON.
    public init(json: some Collection<UInt8>) throws(SearchHistoryError) {
        let text = String(decoding: json, as: UTF8.self)
        let query: String?
        let at: String?
        do {
            query = try RawJSON.value(forKey: "query", in: json).flatMap { RawJSON.string($0) }
            at = try RawJSON.value(forKey: "at", in: json).flatMap { RawJSON.string($0) }
        } catch {
            throw .malformedEntry(text)
        }
        guard let query, let at, let date = try? Date(at, strategy: .iso8601) else {
            throw .malformedEntry(text)
        }
        self.init(query: query, at: date)
    }

    /// The compact JSON form, `{"query":…,"at":…}`, without a newline.
    public var json: [UInt8] {
        Array("{\"query\":".utf8) + JSONText.string(query) + Array(",\"at\":".utf8)
            + JSONText.string(at.formatted(.iso8601)) + [UInt8(ascii: "}")]
    }
}
