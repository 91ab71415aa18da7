import Foundation

/// mdoc(7) source, built line by line with roff's escaping rules applied.
///
/// Text is escaped for roff: a backslash becomes `\e`, a hyphen `\-` (so options survive copy and paste from
/// groff's output), every non-ASCII character a `\[uXXXX]` escape (so no formatter drops or garbles it), and a
/// line that would start with `.` or `'` gets a leading `\&`. Running text is written one sentence per line and
/// wrapped before 80 columns, as `mandoc -Tlint` asks.
struct Mdoc {
    /// The source lines so far.
    private(set) var lines: [String] = []

    /// The source, one line each, ending with a newline.
    var source: String { lines.map { $0 + "\n" }.joined() }

    /// Appends a macro line: `.Name arguments`, the arguments already formatted.
    mutating func macro(_ name: String, _ arguments: String...) {
        lines.append((["." + name] + arguments.filter { !$0.isEmpty }).joined(separator: " "))
    }

    /// Appends a raw source line.
    mutating func raw(_ line: String) {
        lines.append(line)
    }

    /// Appends running text: one sentence per line, wrapped, escaped.
    mutating func text(_ text: String) {
        for sentence in Self.sentences(of: text) {
            for line in Self.wrapped(sentence, width: 78) {
                lines.append(Self.escapedLine(line))
            }
        }
    }

    /// Appends lines kept as they are, in a literal display.
    mutating func literal(_ block: [String]) {
        macro("Bd", "-literal", "-offset", "indent")
        for line in block {
            lines.append(line.isEmpty ? "" : Self.escapedLine(line))
        }
        macro("Ed")
    }

    /// A tagged list of items: each a head (macro arguments for `.It`) and a body of running text.
    mutating func list(_ items: [(head: String, body: String)]) {
        guard !items.isEmpty else { return }
        macro("Bl", "-tag", "-width", "Ds")
        for item in items {
            macro("It", item.head)
            if !item.body.isEmpty { text(item.body) }
        }
        macro("El")
    }

    // MARK: Escaping

    /// Text escaped for roff (backslashes, hyphens, non-ASCII characters); a leading `.` or `'` is protected.
    static func escapedLine(_ text: String) -> String {
        let escaped = escaped(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Text escaped for roff, for use inside a text line or a macro argument.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\t": out += " "
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return out
    }

    /// One macro argument: escaped, with `"` as `\(dq`, quoted when it holds a blank, `\&`-protected when it
    /// could be read as a macro name or a delimiter.
    static func argument(_ text: String) -> String {
        var escaped = escaped(text).replacingOccurrences(of: "\"", with: "\\(dq")
        if text.count <= 3, text.first?.isUppercase == true || [".", ",", ";", ":", "(", ")", "|"].contains(text) {
            escaped = "\\&" + escaped
        }
        return escaped.contains(" ") || escaped.isEmpty ? "\"" + escaped + "\"" : escaped
    }

    // MARK: Layout

    /// Splits running text into sentences: after `.`, `?` or `!` (and any closing quote or parenthesis) and a
    /// blank, when the next word starts with a capital letter, a digit or an opening quote.
    static func sentences(of text: String) -> [String] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        var sentences: [String] = []
        var current: [String] = []
        for (index, word) in words.enumerated() {
            current.append(word)
            let trimmed = word.trimmingCharacters(in: ["\"", ")", "'"])
            let ends = trimmed.hasSuffix(".") || trimmed.hasSuffix("?") || trimmed.hasSuffix("!")
            if ends, index + 1 < words.count, let next = words[index + 1].first,
                next.isUppercase || next.isNumber || next == "\"" || next == "(",
                !["e.g.", "i.e.", "etc."].contains(trimmed.lowercased())
            {
                sentences.append(current.joined(separator: " "))
                current = []
            }
        }
        if !current.isEmpty { sentences.append(current.joined(separator: " ")) }
        return sentences
    }

    /// Breaks a sentence at blanks into lines of at most `width` characters (a longer word stands alone).
    static func wrapped(_ sentence: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in sentence.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
