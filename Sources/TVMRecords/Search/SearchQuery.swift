import Foundation

/// A show search as tvm sends and remembers it: the user's words, tidied.
///
/// Normalisation, applied once when the query is made:
/// - the text is put in Unicode NFC, so a decomposed `é` (as some keyboards and macOS file names produce) is
///   sent as the same `%C3%A9` as a composed one;
/// - every run of white space (spaces, tabs, newlines) becomes one space, and white space at either end is
///   dropped, so `tvm-search squid game`, `tvm-search "squid  game"` and `tvm-search " squid game "` are one
///   search;
/// - the case is kept: it is sent as typed, and the history shows the spelling last used.
///
/// TVMaze matches without regard to case, so two queries are the same search when their ``key``s are equal
/// (the normalised text, lower-cased); the history never lists one search twice.
///
/// ```swift
/// let query = SearchQuery(words: ["Squid", " Game"])  // text "Squid Game", key "squid game"
/// SearchQuery("   ")                                  // nil: nothing to search for
/// ```
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
    /// The normalised text, as sent to TVMaze and stored in the history.
    public let text: String

    /// Normalises a query; `nil` when nothing but white space is left.
    ///
    /// - Parameter raw: The query as typed.
    public init?(_ raw: String) {
        let words = raw.precomposedStringWithCanonicalMapping.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        text = words.joined(separator: " ")
    }

    /// Joins command-line words with single spaces and normalises the result.
    ///
    /// - Parameter words: The words, e.g. `["squid", "game"]`.
    public init?(words: [String]) {
        self.init(words.joined(separator: " "))
    }

    /// What identifies the search regardless of case: the text, lower-cased.
    public var key: String { text.lowercased() }

    /// The text.
    public var description: String { text }
}
