/// Turns the words a user typed into FTS5 query expressions that cannot be malformed.
///
/// Every run of letters and digits is one word, written as an FTS5 string (`"word"`), so that `"`, `*`, `(`,
/// `AND`, `NEAR` and `:` are never syntax: `AND(` searches the word "and". Each word matches as typed or as a
/// prefix (`("gir" OR "gir"*)`), so `gir` finds Girls while an exact word still scores higher.
///
/// ```swift
/// CatalogMatch(text: "derry gir")?.all   // ("derry" OR "derry"*) AND ("gir" OR "gir"*)
/// CatalogMatch(text: "\"*")              // nil: no word
/// ```
public struct CatalogMatch: Sendable, Equatable {
    /// The words, in order.
    public let words: [String]

    /// Reads the words of `text`; `nil` when it has none.
    ///
    /// - Parameter text: What the user typed.
    public init?(text: String) {
        var words: [String] = []
        var word = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark
            {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        self.words = words
    }

    /// Every word, anywhere in the show.
    public var all: String { words.map(Self.term).joined(separator: " AND ") }

    /// Any of the words: what is searched when no show has them all.
    public var any: String { words.map(Self.term).joined(separator: " OR ") }

    /// Every word, in the name.
    public var allInName: String { "name : (\(all))" }

    private static func term(_ word: String) -> String {
        "(\"\(word)\" OR \"\(word)\"*)"
    }
}
