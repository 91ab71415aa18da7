/// Turns TVMaze's community HTML (show and episode `summary` fields) into plain text that is safe for a terminal.
///
/// ```swift
/// HTMLText.plainText(fromHTML: "<p><b>Under the Dome</b> is the story&hellip;</p><p>Part two</p>")
/// // "Under the Dome is the story…\n\nPart two"
/// ```
public enum HTMLText {
    /// Extracts the readable text of an HTML fragment.
    ///
    /// - Tags are removed and the text inside them kept; `<script>` and `<style>` contents and comments are dropped.
    /// - Block elements (`<p>`, `<div>`, headings, lists…) become paragraph breaks (`"\n\n"`), `<br>` and `</li>`
    ///   line breaks (two `<br>` in a row a paragraph break); list items start with "• ".
    /// - Named entities (HTML 4 Latin-1 set and common punctuation) and numeric ones (`&#8217;`, `&#x2019;`) are
    ///   decoded; unknown ones stay as written.
    /// - Control characters and escape sequences are removed (see `terminalSafe(_:keepingNewlines:)`), including
    ///   ones written as numeric entities, so a summary cannot drive the terminal.
    /// - Runs of whitespace collapse into one space; the result is trimmed.
    ///
    /// Malformed markup loses no text: a `<` that does not start a well-formed tag (as in "a < b" or an unclosed
    /// `<b`) is kept as text.
    ///
    /// - Parameter html: The HTML fragment.
    /// - Returns: Plain text with `"\n"` line breaks and `"\n\n"` paragraph breaks.
    public static func plainText(fromHTML html: String) -> String {
        let scalars = Array(terminalSafe(html, keepingNewlines: true).unicodeScalars)
        var builder = PlainTextBuilder()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = HTMLTag.parse(scalars, at: index) {
                index = tag.end
                if tag.isRawTextStart, let end = HTMLTag.rawTextEnd(scalars, name: tag.name, from: index) {
                    index = end
                }
                builder.apply(tag)
            } else if scalar == "&", let (decoded, end) = decodeEntity(scalars, at: index) {
                // A soft hyphen is an invisible hyphenation hint in HTML; a terminal would draw it.
                for decodedScalar in decoded where decodedScalar != "\u{AD}" {
                    builder.append(decodedScalar)
                }
                index = end
            } else {
                builder.append(scalar)
                index += 1
            }
        }
        return String(decoding: builder.result, as: UTF8.self)
    }

    /// Removes everything from text that a terminal would interpret rather than display.
    ///
    /// Drops ANSI/VT escape sequences as a whole (CSI such as `ESC[31m`, OSC such as title changes and hyperlinks,
    /// DCS/SOS/PM/APC strings, two-character escapes), C1 controls (`U+0080`–`U+009F`, including the 8-bit CSI
    /// `U+009B` with its parameters), DEL, C0 controls, and the bidirectional overrides and isolates
    /// (`U+202A`–`U+202E`, `U+2066`–`U+2069`), which can make a name display as another text (a "Trojan Source"
    /// trick). A tab becomes a space; `"\r\n"` becomes `"\n"`.
    ///
    /// - Parameters:
    ///   - text: Text from an untrusted source such as the API.
    ///   - keepingNewlines: `true` keeps `"\n"`; `false` turns it into a space, for one-line output like table cells.
    /// - Returns: The text without control characters or escape sequences.
    public static func terminalSafe(_ text: String, keepingNewlines: Bool = true) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            switch value {
            case 0x0A:
                result.append(keepingNewlines ? "\n" : " ")
            case 0x09:
                result.append(" ")
            case 0x1B:
                index = endOfEscape(scalars, afterIntroducerAt: index)
            case 0x9B:
                index = endOfControlSequence(scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = endOfControlString(scalars, from: index)
            case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069:
                break
            default:
                result.append(scalars[index - 1])
            }
        }
        return String(result)
    }

    // MARK: - Escape sequences

    /// The index after the escape sequence whose `ESC` precedes `index`.
    private static func endOfEscape(_ scalars: [Unicode.Scalar], afterIntroducerAt index: Int) -> Int {
        guard index < scalars.count else { return index }
        switch scalars[index].value {
        case 0x5B:  // "[": CSI
            return endOfControlSequence(scalars, from: index + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
            return endOfControlString(scalars, from: index + 1)
        case 0x20...0x2F:  // intermediates, then a final byte, as in "ESC ( B"
            var end = index
            while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) {
                end += 1
            }
            if end < scalars.count, (0x30...0x7E).contains(scalars[end].value) {
                end += 1
            }
            return end
        case 0x30...0x7E:
            return index + 1
        default:
            return index
        }
    }

    /// The index after a CSI's parameter and intermediate bytes and its final byte.
    private static func endOfControlSequence(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count, (0x20...0x3F).contains(scalars[end].value) {
            end += 1
        }
        if end < scalars.count, (0x40...0x7E).contains(scalars[end].value) {
            end += 1
        }
        return end
    }

    /// The index after a control string's terminator (BEL, `ESC \` or ST), or the end of the text.
    private static func endOfControlString(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count {
            switch scalars[end].value {
            case 0x07, 0x9C:
                return end + 1
            case 0x1B:
                return end + 1 < scalars.count && scalars[end + 1] == "\\" ? end + 2 : end + 1
            default:
                end += 1
            }
        }
        return end
    }

    // MARK: - Entities

    /// Decodes the entity starting with the `&` at `index`; `nil` when it is not a complete, known entity.
    private static func decodeEntity(_ scalars: [Unicode.Scalar], at index: Int) -> ([Unicode.Scalar], Int)? {
        var end = index + 1
        var name = ""
        while end < scalars.count, end - index <= 33, scalars[end] != ";" {
            let scalar = scalars[end]
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "#"
            else { return nil }
            name.unicodeScalars.append(scalar)
            end += 1
        }
        guard end < scalars.count, scalars[end] == ";", !name.isEmpty else { return nil }
        if name.hasPrefix("#") {
            guard let decoded = decodeNumericEntity(name.dropFirst()) else { return nil }
            return (decoded, end + 1)
        }
        guard let decoded = Entities.scalar(named: name) else { return nil }
        return ([decoded], end + 1)
    }

    /// Decodes the digits of `&#…;` as HTML5 does; control characters decode to nothing.
    private static func decodeNumericEntity(_ digits: Substring) -> [Unicode.Scalar]? {
        let number: UInt32?
        if digits.first == "x" || digits.first == "X" {
            number = digits.count > 1 && digits.count <= 7 ? UInt32(digits.dropFirst(), radix: 16) : nil
        } else {
            number = digits.count <= 8 ? UInt32(digits, radix: 10) : nil
        }
        guard let number else { return nil }
        if let mapped = Entities.windows1252[number] {
            return [mapped]
        }
        switch number {
        case 0x00:
            return ["\u{FFFD}"]
        case 0x09, 0x0A, 0x0D:
            return [" "]
        case 0x01..<0x20, 0x7F..<0xA0:
            return []
        default:
            return [Unicode.Scalar(number) ?? "\u{FFFD}"]
        }
    }
}

/// Collects plain text, collapsing whitespace and turning block structure into line breaks.
private struct PlainTextBuilder {
    /// The text so far, as UTF-8 (appending to a `String` scalar by scalar was most of the time a summary took).
    private(set) var result: [UInt8] = []
    /// Newlines (at most 2) owed before the next visible character.
    private var pendingBreaks = 0
    /// Whether whitespace was seen since the last visible character.
    private var pendingSpace = false

    mutating func append(_ scalar: Unicode.Scalar) {
        // Unicode's property table only for the scalars beyond ASCII: it is a search per call.
        if scalar.isASCII ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace {
            pendingSpace = true
            return
        }
        if !result.isEmpty {
            if pendingBreaks > 0 {
                result.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: pendingBreaks))
            } else if pendingSpace {
                result.append(UInt8(ascii: " "))
            }
        }
        pendingBreaks = 0
        pendingSpace = false
        UTF8.encode(scalar) { result.append($0) }
    }

    mutating func apply(_ tag: HTMLTag) {
        switch tag.name {
        case "br":
            pendingBreaks = min(2, pendingBreaks + 1)
        case "li":
            pendingBreaks = max(pendingBreaks, 1)
            if !tag.isClosing {
                append("•")
                append(" ")
            }
        case "tr", "dt", "dd":
            pendingBreaks = max(pendingBreaks, 1)
        case "td", "th":
            pendingSpace = true
        case _ where HTMLTag.blockNames.contains(tag.name):
            pendingBreaks = 2
        default:
            break
        }
    }
}

/// One parsed tag, comment or declaration.
private struct HTMLTag {
    /// Elements whose start and end become paragraph breaks.
    static let blockNames: Set<String> = [
        "p", "div", "ul", "ol", "dl", "blockquote", "pre", "table", "hr", "section", "article", "header", "footer",
        "h1", "h2", "h3", "h4", "h5", "h6", "figure", "figcaption", "address", "main", "nav", "aside",
    ]

    /// The lowercased element name; empty for comments and declarations.
    var name: String
    var isClosing: Bool
    /// The index after the closing `>`.
    var end: Int

    /// Whether the element's content is raw text to drop (`<script>`, `<style>`).
    var isRawTextStart: Bool {
        !isClosing && (name == "script" || name == "style")
    }

    /// Parses the tag that starts with the `<` at `index`; `nil` when it is not well-formed, so the `<` is text.
    ///
    /// A tag is `<name …>` or `</name …>` where the name starts with an ASCII letter, `<!-- … -->`, or
    /// `<!…>`/`<?…>`. Quoted attribute values may contain `>`. A `<` before the closing `>` (outside quotes) or a
    /// missing `>` means the markup is malformed.
    static func parse(_ scalars: [Unicode.Scalar], at index: Int) -> HTMLTag? {
        var cursor = index + 1
        guard cursor < scalars.count else { return nil }
        if scalars[cursor] == "!" || scalars[cursor] == "?" {
            if Array(scalars[cursor..<min(cursor + 3, scalars.count)]) == ["!", "-", "-"] {
                guard let close = scalars[(cursor + 3)...].firstRange(of: ["-", "-", ">"]) else { return nil }
                return HTMLTag(name: "", isClosing: false, end: close.upperBound)
            }
            guard let close = scalars[cursor...].firstIndex(of: ">"),
                !scalars[cursor..<close].contains("<")
            else { return nil }
            return HTMLTag(name: "", isClosing: false, end: close + 1)
        }
        let isClosing = scalars[cursor] == "/"
        if isClosing {
            cursor += 1
        }
        guard cursor < scalars.count, scalars[cursor].isASCII, scalars[cursor].properties.isAlphabetic else {
            return nil
        }
        var name = ""
        while cursor < scalars.count, scalars[cursor].isASCII,
            scalars[cursor].properties.isAlphabetic || scalars[cursor].properties.numericType != nil
                || scalars[cursor] == "-"
        {
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        var quote: Unicode.Scalar?
        while cursor < scalars.count {
            let scalar = scalars[cursor]
            if let open = quote {
                if scalar == open {
                    quote = nil
                }
            } else if scalar == ">" {
                return HTMLTag(name: name.lowercased(), isClosing: isClosing, end: cursor + 1)
            } else if scalar == "<" {
                return nil
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            }
            cursor += 1
        }
        return nil
    }

    /// The index after the end tag `</name …>` that closes a raw text element, or `nil` when there is none.
    static func rawTextEnd(_ scalars: [Unicode.Scalar], name: String, from index: Int) -> Int? {
        let closing = Array("</\(name)".unicodeScalars)
        let lowered = scalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }
        var cursor = index
        while let start = lowered[cursor...].firstRange(of: closing)?.lowerBound {
            if let tag = parse(scalars, at: start), tag.isClosing, tag.name == name {
                return tag.end
            }
            cursor = start + 1
        }
        return nil
    }
}
