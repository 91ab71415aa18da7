import TVMRecords

/// Word wrapping by terminal display width.
///
/// ```swift
/// TextWrap.wrap("The town's inhabitants must deal with surviving", width: 20)
/// // ["The town's", "inhabitants must", "deal with surviving"]
/// ```
public enum TextWrap {
    /// Breaks text into lines that fit `width` terminal columns.
    ///
    /// - Every `"\n"` in the text is kept as a line break, so paragraph breaks (`"\n\n"`) become empty lines.
    /// - Within a line, runs of whitespace collapse into one space; lines have no leading or trailing spaces
    ///   (apart from `indent`).
    /// - Words are kept whole when they fit; a word wider than the line is broken between grapheme clusters.
    /// - Wide characters (CJK, emoji) are break opportunities on their own, so text without spaces such as
    ///   Japanese wraps between characters.
    ///
    /// Lines are at most `width` columns wide, except when the space left after `indent` is narrower than a single
    /// wide character. Wrap plain text and style it afterwards: escape sequences count as part of a word.
    ///
    /// - Parameters:
    ///   - text: The text to wrap.
    ///   - width: The terminal columns available, including the indent.
    ///   - indent: A prefix for every non-empty line, such as `"  "`.
    /// - Returns: The lines, without newline characters. An empty text gives no lines; a final `"\n"` adds none.
    public static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        guard !text.isEmpty else { return [] }
        let available = max(1, width - DisplayWidth.width(of: indent))
        var hardLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if text.hasSuffix("\n") {
            hardLines.removeLast()
        }
        var lines: [String] = []
        for hardLine in hardLines {
            var builder = LineBuilder(available: available)
            for atom in atoms(of: hardLine) {
                builder.add(atom)
            }
            let wrapped = builder.finish()
            if wrapped.isEmpty {
                lines.append("")
            } else {
                lines += wrapped.map { indent + $0 }
            }
        }
        return lines
    }

    /// Splits a line into the pieces it may break between: words, and single wide characters.
    private static func atoms(of line: Substring) -> [Atom] {
        var atoms: [Atom] = []
        var word = ""
        var wordWidth = 0
        var spaceBefore = false
        func finishWord() {
            if !word.isEmpty {
                atoms.append(Atom(text: word, width: wordWidth, spaceBefore: spaceBefore))
                word = ""
                wordWidth = 0
                spaceBefore = false
            }
        }
        for character in line {
            if character.isWhitespace {
                finishWord()
                spaceBefore = true
                continue
            }
            let characterWidth = DisplayWidth.width(of: character)
            if characterWidth == 2 {
                finishWord()
                atoms.append(Atom(text: String(character), width: 2, spaceBefore: spaceBefore))
                spaceBefore = false
            } else {
                word.append(character)
                wordWidth += characterWidth
            }
        }
        finishWord()
        return atoms
    }
}

/// A piece of a line that is never broken unless it is wider than the line.
private struct Atom {
    var text: String
    var width: Int
    /// Whether whitespace separated this atom from the previous one.
    var spaceBefore: Bool
}

/// Places atoms greedily on lines of a fixed width.
private struct LineBuilder {
    let available: Int
    private var lines: [String] = []
    private var current = ""
    private var currentWidth = 0

    init(available: Int) {
        self.available = available
    }

    mutating func add(_ atom: Atom) {
        let separator = currentWidth > 0 && atom.spaceBefore ? 1 : 0
        if currentWidth + separator + atom.width <= available {
            if separator == 1 {
                current += " "
            }
            current += atom.text
            currentWidth += separator + atom.width
        } else if atom.width <= available {
            flush()
            current = atom.text
            currentWidth = atom.width
        } else {
            flush()
            for character in atom.text {
                let characterWidth = DisplayWidth.width(of: character)
                if currentWidth + characterWidth > available && currentWidth > 0 {
                    flush()
                }
                current.append(character)
                currentWidth += characterWidth
            }
        }
    }

    private mutating func flush() {
        if !current.isEmpty {
            lines.append(current)
        }
        current = ""
        currentWidth = 0
    }

    mutating func finish() -> [String] {
        flush()
        return lines
    }
}
