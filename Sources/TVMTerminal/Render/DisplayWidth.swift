import TVMRecords

/// Measures, truncates and pads text in terminal columns.
///
/// Widths follow Unicode East Asian Width (Unicode 15.0) and the zero-width rules that `wcwidth(3)` uses, but are
/// locale-independent and work on grapheme clusters:
///
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul, fullwidth forms, CJK punctuation) and
///   emoji with `Emoji_Presentation` take 2 columns.
/// - Nonspacing and enclosing marks, format characters (ZWJ, ZWSP, variation selectors), and control characters
///   take 0 columns.
/// - A grapheme cluster takes the width of its widest scalar, so "e" + U+0301 is 1, a ZWJ emoji sequence is 2, a
///   flag (two regional indicators) is 2, and a text-default emoji followed by U+FE0F (VS16) is 2.
/// - ANSI escape sequences (CSI such as `ESC[1;31m`, OSC such as hyperlinks) take no columns, so styled text
///   measures like its plain text.
///
/// ```swift
/// DisplayWidth.width(of: "日本語")  // 6
/// DisplayWidth.truncate("Pokémon: Indigo League", toWidth: 10)  // "Pokémon: …"
/// DisplayWidth.pad("42", toWidth: 5, alignment: .right)  // "   42"
/// ```
public enum DisplayWidth {
    /// Where `pad(_:toWidth:alignment:)` places text inside the padded width.
    public enum Alignment: Sendable, Equatable {
        /// Text first, spaces after.
        case left
        /// Spaces first, text after.
        case right
        /// Text in the middle; an odd leftover space goes after the text.
        case center
    }

    /// The number of terminal columns the text occupies.
    ///
    /// ANSI escape sequences are skipped; control characters count as 0. Line breaks are not interpreted: the
    /// widths of all lines are summed.
    ///
    /// - Parameter text: The text to measure.
    /// - Returns: The display width in columns, never negative.
    public static func width(of text: String) -> Int {
        var total = 0
        for piece in TerminalPieces(text) {
            if case .grapheme(let character) = piece {
                total += width(of: character)
            }
        }
        return total
    }

    /// The number of terminal columns one grapheme cluster occupies: 0, 1 or 2.
    ///
    /// - Parameter character: The grapheme cluster to measure.
    /// - Returns: The width of its widest scalar, 2 for flags and emoji presentation sequences.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        var widest = width(of: first)
        var previous = first
        var regionalIndicators = isRegionalIndicator(first) ? 1 : 0
        while let scalar = iterator.next() {
            if scalar.value == 0xFE0F && previous.properties.isEmoji {
                widest = 2
            }
            if isRegionalIndicator(scalar) {
                regionalIndicators += 1
            }
            widest = max(widest, width(of: scalar))
            previous = scalar
        }
        return regionalIndicators >= 2 ? 2 : widest
    }

    /// The number of terminal columns one Unicode scalar occupies on its own: 0, 1 or 2.
    ///
    /// - Parameter scalar: The scalar to measure.
    /// - Returns: 0 for controls, marks and format characters; 2 for East Asian Wide/Fullwidth and emoji
    ///   presentation characters; 1 otherwise.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F {
            return 1
        }
        if value < 0xA0 {
            return 0  // C0 controls, DEL, C1 controls
        }
        if value == 0xAD {
            return 1  // SOFT HYPHEN: terminals draw it, as glibc's wcwidth says
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return 0  // conjoining Hangul vowels and final consonants join the preceding syllable block
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if isEastAsianWide(value) || scalar.properties.isEmojiPresentation {
            return 2
        }
        return 1
    }

    /// Shortens text to at most `maxWidth` columns, ending it with an ellipsis when something was cut.
    ///
    /// Text that already fits is returned unchanged. Grapheme clusters are never split, so the result may be one
    /// column narrower than `maxWidth` when a wide character would straddle the limit. When the ellipsis itself
    /// does not fit, the text is cut without it. ANSI escape sequences are kept (the ones after the cut are
    /// appended after the ellipsis), so a style's closing reset survives.
    ///
    /// - Parameters:
    ///   - text: The text to shorten.
    ///   - maxWidth: The largest allowed display width; 0 or less gives an empty string.
    ///   - ellipsis: What marks the cut, "…" by default; pass "" for a plain cut.
    /// - Returns: Text whose display width is at most `maxWidth`.
    public static func truncate(_ text: String, toWidth maxWidth: Int, ellipsis: String = "…") -> String {
        guard maxWidth > 0 else { return "" }
        let textWidth = width(of: text)
        if textWidth <= maxWidth {
            return text
        }
        let ellipsisWidth = width(of: ellipsis)
        let marker = ellipsisWidth <= maxWidth ? ellipsis : ""
        let budget = maxWidth - (ellipsisWidth <= maxWidth ? ellipsisWidth : 0)
        var kept = ""
        var droppedEscapes = ""
        var used = 0
        var cutting = false
        for piece in TerminalPieces(text) {
            switch piece {
            case .escape(let sequence):
                if cutting {
                    droppedEscapes += sequence
                } else {
                    kept += sequence
                }
            case .grapheme(let character):
                guard !cutting else { continue }
                let characterWidth = width(of: character)
                if used + characterWidth > budget {
                    cutting = true
                } else {
                    kept.append(character)
                    used += characterWidth
                }
            }
        }
        return kept + marker + droppedEscapes
    }

    /// Pads text with spaces to exactly `targetWidth` columns.
    ///
    /// Text at least as wide as `targetWidth` is returned unchanged (combine with `truncate(_:toWidth:ellipsis:)`
    /// when the result must not be wider).
    ///
    /// - Parameters:
    ///   - text: The text to pad; ANSI escape sequences do not count towards its width.
    ///   - targetWidth: The display width to reach.
    ///   - alignment: Where the text goes; `.left` puts the spaces after it.
    /// - Returns: The padded text.
    public static func pad(_ text: String, toWidth targetWidth: Int, alignment: Alignment = .left) -> String {
        let missing = targetWidth - width(of: text)
        guard missing > 0 else { return text }
        switch alignment {
        case .left:
            return text + String(repeating: " ", count: missing)
        case .right:
            return String(repeating: " ", count: missing) + text
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + text + String(repeating: " ", count: missing - before)
        }
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Whether a code point is East Asian Wide or Fullwidth.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        eastAsianWideRanges.contains { $0.lower <= value && value <= $0.upper }
    }

    /// East Asian Width `W` and `F` code point ranges of EastAsianWidth-15.0.0.txt (merged, sorted), including the
    /// unassigned CJK blocks that default to `W`.
    static let eastAsianWideRanges: [(lower: UInt32, upper: UInt32)] = [
        (0x01100, 0x0115F), (0x0231A, 0x0231B), (0x02329, 0x0232A), (0x023E9, 0x023EC), (0x023F0, 0x023F0),
        (0x023F3, 0x023F3), (0x025FD, 0x025FE), (0x02614, 0x02615), (0x02648, 0x02653), (0x0267F, 0x0267F),
        (0x02693, 0x02693), (0x026A1, 0x026A1), (0x026AA, 0x026AB), (0x026BD, 0x026BE), (0x026C4, 0x026C5),
        (0x026CE, 0x026CE), (0x026D4, 0x026D4), (0x026EA, 0x026EA), (0x026F2, 0x026F3), (0x026F5, 0x026F5),
        (0x026FA, 0x026FA), (0x026FD, 0x026FD), (0x02705, 0x02705), (0x0270A, 0x0270B), (0x02728, 0x02728),
        (0x0274C, 0x0274C), (0x0274E, 0x0274E), (0x02753, 0x02755), (0x02757, 0x02757), (0x02795, 0x02797),
        (0x027B0, 0x027B0), (0x027BF, 0x027BF), (0x02B1B, 0x02B1C), (0x02B50, 0x02B50), (0x02B55, 0x02B55),
        (0x02E80, 0x02E99), (0x02E9B, 0x02EF3), (0x02F00, 0x02FD5), (0x02FF0, 0x02FFB), (0x03000, 0x0303E),
        (0x03041, 0x03096), (0x03099, 0x030FF), (0x03105, 0x0312F), (0x03131, 0x0318E), (0x03190, 0x031E3),
        (0x031F0, 0x0321E), (0x03220, 0x03247), (0x03250, 0x04DBF), (0x04E00, 0x0A48C), (0x0A490, 0x0A4C6),
        (0x0A960, 0x0A97C), (0x0AC00, 0x0D7A3), (0x0F900, 0x0FAFF), (0x0FE10, 0x0FE19), (0x0FE30, 0x0FE52),
        (0x0FE54, 0x0FE66), (0x0FE68, 0x0FE6B), (0x0FF01, 0x0FF60), (0x0FFE0, 0x0FFE6), (0x16FE0, 0x16FE4),
        (0x16FF0, 0x16FF1), (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08), (0x1AFF0, 0x1AFF3),
        (0x1AFF5, 0x1AFFB), (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122), (0x1B132, 0x1B132), (0x1B150, 0x1B152),
        (0x1B155, 0x1B155), (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF),
        (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248),
        (0x1F250, 0x1F251), (0x1F260, 0x1F265), (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C),
        (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4),
        (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E),
        (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F),
        (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DC, 0x1F6DF),
        (0x1F6EB, 0x1F6EC), (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A),
        (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA70, 0x1FA7C), (0x1FA80, 0x1FA88), (0x1FA90, 0x1FABD),
        (0x1FABF, 0x1FAC5), (0x1FACE, 0x1FADB), (0x1FAE0, 0x1FAE8), (0x1FAF0, 0x1FAF8), (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
    ]
}

/// A piece of terminal text: one ANSI escape sequence or one grapheme cluster.
private enum TerminalPiece {
    case escape(Substring)
    case grapheme(Character)
}

/// Splits text into escape sequences (which occupy no columns) and grapheme clusters.
///
/// Recognises CSI (`ESC [` parameters, intermediates, final byte), OSC/DCS/SOS/PM/APC strings (ended by BEL or
/// `ESC \`), and two- or three-character escapes such as `ESC ( B`. An unterminated sequence runs to the end.
private struct TerminalPieces: Sequence, IteratorProtocol {
    private let text: String
    private var index: String.Index

    init(_ text: String) {
        self.text = text
        self.index = text.startIndex
    }

    mutating func next() -> TerminalPiece? {
        guard index < text.endIndex else { return nil }
        let character = text[index]
        index = text.index(after: index)
        guard character == "\u{1B}" else { return .grapheme(character) }
        let start = text.index(before: index)
        skipEscapeBody()
        return .escape(text[start..<index])
    }

    /// The first scalar value of the character at `index`, if any.
    private func peek() -> UInt32? {
        index < text.endIndex ? text[index].unicodeScalars.first?.value : nil
    }

    private mutating func advance() {
        index = text.index(after: index)
    }

    private mutating func skipEscapeBody() {
        guard let introducer = peek() else { return }
        switch introducer {
        case 0x5B:  // "[": CSI
            advance()
            while let value = peek(), (0x20...0x3F).contains(value) {
                advance()
            }
            if let value = peek(), (0x40...0x7E).contains(value) {
                advance()
            }
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // "]" OSC, "P" DCS, "X" SOS, "^" PM, "_" APC
            advance()
            while let value = peek() {
                if value == 0x07 {
                    advance()
                    return
                }
                if value == 0x1B {
                    let escape = index
                    advance()
                    if peek() == 0x5C {
                        advance()
                    } else {
                        index = escape
                    }
                    return
                }
                advance()
            }
        case 0x20...0x2F:  // intermediates, then a final byte, as in "ESC ( B"
            while let value = peek(), (0x20...0x2F).contains(value) {
                advance()
            }
            if let value = peek(), (0x30...0x7E).contains(value) {
                advance()
            }
        case 0x30...0x7E:
            advance()
        default:
            break
        }
    }
}
