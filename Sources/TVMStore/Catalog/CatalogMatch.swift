import Foundation

/// Turns the words a user typed into FTS5 query expressions that cannot be malformed.
///
/// Every run of letters and digits is one word, written as an FTS5 string (`"word"`), so that `"`, `*`, `(`,
/// `AND`, `NEAR` and `:` are never syntax: `AND(` searches the word "and". Each word matches as typed or as a
/// prefix (`("gir" OR "gir"*)`), so `gir` finds Girls while an exact word still scores higher.
///
/// The work of a search is bounded whatever is typed: a word is searched once however often it is repeated (ignoring
/// case and accents), a word that begins another one typed adds nothing to ``all`` (`a apple` is `apple`), and
/// only the first ``maxWords`` different words, ``maxCharacters`` characters in all, are searched
/// (``isTruncated`` says when some were left out). In ``all``, a one-letter word other than the last is a whole
/// word, not a prefix.
///
/// ```swift
/// CatalogMatch(text: "derry gir")?.all   // ("derry" OR "derry"*) AND ("gir" OR "gir"*)
/// CatalogMatch(text: "a a a")?.all       // ("a" OR "a"*)
/// CatalogMatch(text: "\"*")              // nil: no word
/// ```
public struct CatalogMatch: Sendable, Equatable {
    /// The most different words a search looks for.
    public static let maxWords = 10
    /// The most characters, all searched words together, a search looks for.
    public static let maxCharacters = 200

    /// Every word, in order, repeats included (a show name's word count is read from it).
    public let words: [String]
    /// The words searched: each once, in order, within ``maxWords`` and ``maxCharacters``.
    public let searched: [String]
    /// Whether words past ``maxWords`` or ``maxCharacters`` were left out of ``searched``.
    public let isTruncated: Bool

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
        var searched: [String] = []
        var seen = Set<String>()
        var characters = 0
        var truncated = false
        for word in words where seen.insert(Self.key(word)).inserted {
            guard searched.count < Self.maxWords, characters < Self.maxCharacters else {
                truncated = true
                break
            }
            let kept = String(word.prefix(Self.maxCharacters - characters))
            truncated = truncated || kept.count < word.count
            searched.append(kept)
            characters += kept.count
        }
        self.searched = searched
        isTruncated = truncated
    }

    /// Every word, anywhere in the show; a word that begins another searched word is implied by it and left out.
    /// The form bm25 scores: an exact word counts more than a longer word it begins.
    public var all: String { every(scoring: true) }

    /// The shows of ``all``, each word as a prefix only (`"gir"*`): half the phrases for FTS5 to read, for queries
    /// that need the shows, not their scores.
    public var allFilter: String { every(scoring: false) }

    /// Any of the words: what is searched when no show has them all. The form bm25 scores.
    public var any: String { searched.indices.map { term(at: $0, scoring: true) }.joined(separator: " OR ") }

    /// The shows of ``any``, each word as a prefix only.
    public var anyFilter: String { searched.indices.map { term(at: $0, scoring: false) }.joined(separator: " OR ") }

    private func every(scoring: Bool) -> String {
        let keys = searched.map(Self.key)
        let needed = searched.indices.filter { index in
            !keys.indices.contains { other in
                other != index && keys[other].count > keys[index].count && keys[other].hasPrefix(keys[index])
            }
        }
        return needed.map { term(at: $0, scoring: scoring) }.joined(separator: " AND ")
    }

    /// The term of a searched word: `("gir" OR "gir"*)` to score, `"gir"*` to filter. A one-letter word before the
    /// last is a whole word ("x men", "a team"): as a prefix it would match nearly every show, and each such prefix
    /// multiplies the work of ranking them.
    private func term(at index: Int, scoring: Bool) -> String {
        let word = searched[index]
        if word.count == 1 && index != searched.count - 1 { return "\"\(word)\"" }
        return scoring ? "(\"\(word)\" OR \"\(word)\"*)" : "\"\(word)\"*"
    }

    /// Every word, in the name.
    public var allInName: String { "name : (\(allFilter))" }

    /// What makes two words the same to the index (unicode61 with `remove_diacritics 2`): case and accents
    /// ignored.
    private static func key(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
