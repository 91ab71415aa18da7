import TVMTerminal

/// ArgumentParser's help text, laid out again for a terminal's width.
///
/// ArgumentParser wraps every line of a discussion at the width, continuing at column 0: an example broke in the
/// middle of its command, and an indented line (the exit-code table) went on unindented. Here the help is
/// rendered unwrapped and wrapped again: an indented line continues under its own text (under the description,
/// for a two-column line such as an option or an exit code), and the lines of an "Examples:" block are never
/// wrapped, so each can be copied whole.
enum HelpText {
    /// Lays `text` out for `width` columns.
    ///
    /// - Parameters:
    ///   - text: Help as ArgumentParser renders it without wrapping (a very large width).
    ///   - width: The terminal's width.
    /// - Returns: The text, lines wrapped as described, and `<options>` in usage lines written `[<options>]`
    ///   (every option of a tvm command is optional; ArgumentParser drops the brackets when it has many).
    static func fitted(_ text: String, width: Int) -> String {
        var inExamples = false
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = usageFixed(line)
            if line.isEmpty {
                inExamples = false
            } else if !line.hasPrefix(" ") {
                inExamples = line.hasSuffix("Examples:")
            }
            if DisplayWidth.width(of: line) <= width || (inExamples && line.hasPrefix(" ")) {
                out.append(line)
            } else {
                out += wrapped(line, width: width)
            }
        }
        return out.joined(separator: "\n")
    }

    /// `USAGE: tvm-fetch shows <options>` as `USAGE: tvm-fetch shows [<options>]`.
    static func usageFixed(_ line: String) -> String {
        guard line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: "), line.hasSuffix(" <options>") else { return line }
        return String(line.dropLast("<options>".count)) + "[<options>]"
    }

    /// One line wrapped at word boundaries, continuing under its text.
    private static func wrapped(_ line: String, width: Int) -> [String] {
        let indent = hangingIndent(of: line)
        let continuation = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = String(line.prefix(indent))
        var isEmpty = true  // nothing after the indent or the label yet
        for word in words(of: line.dropFirst(indent), keepingBracketsWhole: indent == "USAGE: ".count) {
            if !isEmpty && DisplayWidth.width(of: current) + 1 + DisplayWidth.width(of: String(word)) > width {
                lines.append(current)
                current = continuation + word
            } else {
                current += (isEmpty ? "" : " ") + word
            }
            isEmpty = false
        }
        lines.append(current)
        return lines
    }

    /// The words of a line; in a usage line, a bracketed group (`[--sort <added|name|id>]`) is one word.
    private static func words(of text: Substring, keepingBracketsWhole: Bool) -> [String] {
        var words: [String] = []
        var depth = 0
        for word in text.split(separator: " ") {
            if keepingBracketsWhole && depth > 0, let last = words.popLast() {
                words.append(last + " " + word)
            } else {
                words.append(String(word))
            }
            depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
        }
        return words
    }

    /// Where continuation lines start: under the command of a usage line, under the second column of a two-column
    /// line (`  --page <n>    The…`, `  69  service…`), else under the line's first character.
    private static func hangingIndent(of line: String) -> Int {
        if line.hasPrefix("USAGE: ") || line.hasPrefix("Usage: ") { return "USAGE: ".count }
        let leading = line.prefix { $0 == " " }.count
        if leading > 0, let match = line.firstMatch(of: /^ +\S(?:\S| (?! ))*  +(?=\S)/) {
            return line.distance(from: line.startIndex, to: match.range.upperBound)
        }
        return leading
    }
}
