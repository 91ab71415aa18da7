import TVMRecords

/// What a shell asked for when it requested completions: the words of the command line and the one at the cursor.
///
/// ArgumentParser passes the shell's words verbatim (quotes and backslashes included, except in fish 3, which
/// unquotes them). The helpers here read the option values a completion may depend on, such as `--db PATH`.
package struct CompletionRequest: Sendable, Equatable {
    /// Every word of the command line, the command name first.
    package var words: [String]
    /// The index in ``words`` of the word being completed.
    package var index: Int
    /// The part of that word before the cursor.
    package var prefix: String

    /// Creates a request from ArgumentParser's custom-completion arguments.
    ///
    /// - Parameters:
    ///   - words: The command line's words.
    ///   - index: The index of the word being completed.
    ///   - prefix: The part of that word before the cursor.
    package init(words: [String], index: Int, prefix: String) {
        self.words = words
        self.index = index
        self.prefix = prefix
    }

    /// The value given to an option before the word being completed, as `--db PATH` or `--db=PATH`.
    ///
    /// The last occurrence wins, as when ArgumentParser parses the line. Surrounding quotes are removed.
    ///
    /// - Parameter option: The option's spelling, e.g. `--db`.
    /// - Returns: Its value, or `nil` when the option is absent or has no value yet.
    package func value(of option: String) -> String? {
        var found: String?
        var position = 1
        let end = min(index, words.count)
        while position < end {
            let word = words[position]
            if word == "--" { break }
            if word == option, position + 1 < end {
                found = Self.unquoted(words[position + 1])
                position += 2
                continue
            }
            if word.hasPrefix(option + "=") {
                found = Self.unquoted(String(word.dropFirst(option.count + 1)))
            }
            position += 1
        }
        return found
    }

    /// The word without one level of shell quoting: matching outer quotes removed, backslash escapes resolved
    /// outside single quotes.
    static func unquoted(_ word: String) -> String {
        if word.count >= 2, let first = word.first, first == "'" || first == "\"", word.last == first {
            let inner = String(word.dropFirst().dropLast())
            return first == "'" ? inner : ShellText.resolvingBackslashes(inner)
        }
        return ShellText.resolvingBackslashes(word)
    }
}
