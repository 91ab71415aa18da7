import TVMRecords

/// Shell completion of a search query from the remembered searches.
///
/// The query is typed as several shell words (`tvm-search squid game`), so completion works word by word:
/// - on the first query word, every remembered search is offered whole (`squid game`, `girls`);
/// - after some query words, a remembered search that starts with them is offered from the next word on
///   (after `squid`, `game`); if none does, every search is offered whole again.
///
/// Matching ignores case. The word being completed filters the offers by prefix; shells filter again in their
/// own way, so the filter only has to be generous.
public enum QueryCompletion {
    /// The completions for the word at `index`.
    ///
    /// - Parameters:
    ///   - queries: The remembered searches, most recent first (``SearchHistory/entries()``).
    ///   - words: The command line's words as the shell split them, the command name first.
    ///   - index: The index in `words` of the word being completed.
    ///   - prefix: The part of that word before the cursor, as typed (backslash escapes and an opening quote
    ///     are removed here).
    /// - Returns: The completions, most recent search first, each at most once.
    public static func candidates(queries: [String], words: [String], index: Int, prefix: String) -> [String] {
        let typed = precedingQueryWords(words: words, index: index).map { $0.lowercased() }
        let split = queries.map { query in query.split(separator: " ").map(String.init) }
        var offers: [String] = []
        for matched in stride(from: typed.count, through: 0, by: -1) {
            let context = Array(typed.suffix(matched))
            for queryWords in split where queryWords.count > matched {
                if zip(queryWords, context).allSatisfy({ $0.0.lowercased() == $0.1 }) {
                    offers.append(queryWords[matched...].joined(separator: " "))
                }
            }
            if !offers.isEmpty { break }
        }
        let wanted = unescaped(prefix).lowercased()
        var seen = Set<String>()
        return offers.filter { $0.lowercased().hasPrefix(wanted) && seen.insert($0).inserted }
    }

    /// The words right before the one being completed that are not options (they do not start with `-`).
    static func precedingQueryWords(words: [String], index: Int) -> [String] {
        guard index > 1, index <= words.count else { return [] }
        var run: [String] = []
        for word in words[1..<index].reversed() {
            if word.hasPrefix("-") { break }
            run.insert(unescaped(word), at: 0)
        }
        return run.flatMap { $0.split(separator: " ").map(String.init) }
    }

    /// The word without shell quoting: an opening quote and backslash escapes removed.
    static func unescaped(_ word: String) -> String {
        var text = Substring(word)
        if let first = text.first, first == "'" || first == "\"" {
            text = text.dropFirst()
            if text.last == first { text = text.dropLast() }
        }
        return ShellText.resolvingBackslashes(text)
    }
}
