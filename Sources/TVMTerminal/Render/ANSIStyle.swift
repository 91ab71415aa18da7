import TVMRecords

/// A set of ANSI text attributes and foreground colours (SGR codes).
///
/// Combine options freely: `[.bold, .red]`. Apply them with a `Styler`, which decides whether escape codes are
/// written at all.
///
/// ```swift
/// let styler = Styler(isEnabled: true)
/// styler.apply([.bold, .green], to: "Favorite")  // "\u{1B}[1;32mFavorite\u{1B}[0m"
/// ```
public struct TextStyle: OptionSet, Sendable, Hashable {
    /// The bit set; each option is one bit.
    public let rawValue: UInt16

    /// Creates a style from its bit set.
    ///
    /// - Parameter rawValue: The bits of the options to include.
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bold or increased intensity (SGR 1).
    public static let bold = TextStyle(rawValue: 1 << 0)
    /// Faint, decreased intensity (SGR 2).
    public static let dim = TextStyle(rawValue: 1 << 1)
    /// Italic (SGR 3); some terminals show inverse or nothing.
    public static let italic = TextStyle(rawValue: 1 << 2)
    /// Underlined (SGR 4).
    public static let underline = TextStyle(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = TextStyle(rawValue: 1 << 4)
    /// Red foreground (SGR 31).
    public static let red = TextStyle(rawValue: 1 << 5)
    /// Green foreground (SGR 32).
    public static let green = TextStyle(rawValue: 1 << 6)
    /// Yellow foreground (SGR 33).
    public static let yellow = TextStyle(rawValue: 1 << 7)
    /// Blue foreground (SGR 34).
    public static let blue = TextStyle(rawValue: 1 << 8)
    /// Magenta foreground (SGR 35).
    public static let magenta = TextStyle(rawValue: 1 << 9)
    /// Cyan foreground (SGR 36).
    public static let cyan = TextStyle(rawValue: 1 << 10)

    /// Each option with its SGR parameter, in the order they are emitted.
    private static let codes: [(style: TextStyle, code: Int)] = [
        (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.inverse, 7),
        (.red, 31), (.green, 32), (.yellow, 33), (.blue, 34), (.magenta, 35), (.cyan, 36),
    ]

    /// The SGR parameters of the included options, for example `[1, 31]` for `[.bold, .red]`.
    ///
    /// When several colours are included, the terminal uses the last one (cyan wins over red).
    public var sgrParameters: [Int] {
        Self.codes.filter { contains($0.style) }.map(\.code)
    }
}

/// Applies `TextStyle`s to text, or leaves text alone when colour is off.
///
/// The library never decides about colour itself: the command layer looks at `NO_COLOR`, `TERM=dumb`,
/// `--no-color` and whether the stream is a terminal, then hands a `Styler` to whatever renders.
///
/// ```swift
/// let styler = Styler(isEnabled: isatty(1) == 1 && environment["NO_COLOR"] == nil)
/// let header = styler.apply(.bold, to: "Name")
/// ```
public struct Styler: Sendable, Equatable {
    /// Whether `apply(_:to:)` writes escape codes.
    public var isEnabled: Bool

    /// A styler that returns all text unchanged.
    public static let plain = Styler(isEnabled: false)

    /// A styler that writes ANSI escape codes.
    public static let ansi = Styler(isEnabled: true)

    /// Creates a styler.
    ///
    /// - Parameter isEnabled: `true` to write ANSI escape codes, `false` to return text unchanged.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Wraps text in the escape codes of a style, followed by a reset (`ESC[0m`).
    ///
    /// Returns the text unchanged when the styler is disabled, the style is empty, or the text is empty.
    ///
    /// - Parameters:
    ///   - style: The attributes and colour to apply.
    ///   - text: The text to style; it should not contain escape codes of its own.
    /// - Returns: The styled text.
    public func apply(_ style: TextStyle, to text: String) -> String {
        guard isEnabled, !style.isEmpty, !text.isEmpty else { return text }
        let parameters = style.sgrParameters.map(String.init).joined(separator: ";")
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }
}
