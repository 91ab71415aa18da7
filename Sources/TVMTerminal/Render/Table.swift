import TVMRecords

/// A table of text cells under a header row, rendered to fit a terminal width.
///
/// Columns are as wide as their widest cell (by display width, so CJK and emoji line up), separated by two spaces.
/// When the table is wider than the terminal, flexible columns (names, titles, genres) shrink first, down to 8
/// columns each; then the headers of the other columns; then all columns further. Cut cells end with "…". A row
/// is never wrapped and no line is wider than the given width (a table with more columns than fit is cut at the
/// right edge). Lines have no trailing spaces.
///
/// Cell text is made terminal-safe: escape sequences and control characters are removed, newlines and tabs
/// become spaces. Style cells with `Cell.style` instead.
///
/// ```swift
/// var table = TextTable(columns: [
///     .init("ID", alignment: .right),
///     .init("Name", flexible: true),
///     .init("Action"),
/// ])
/// table.addRow(["1", "Under the Dome", TextTable.Cell("Delete", style: .red)])
/// let text = table.render(width: 80, styler: styler)
/// ```
public struct TextTable: Sendable, Equatable {
    /// A column: its header and how its cells are laid out.
    public struct Column: Sendable, Equatable {
        /// The header text, shown in the table's header style.
        public var header: String
        /// How cells (and the header) sit in the column; use `.right` for numbers.
        public var alignment: DisplayWidth.Alignment
        /// Whether the column shrinks first when the table is too wide.
        public var isFlexible: Bool

        /// Creates a column.
        ///
        /// - Parameters:
        ///   - header: The header text.
        ///   - alignment: `.left` by default; `.right` for numeric columns.
        ///   - flexible: `true` for long free text (names, titles, genres) that may be cut first.
        public init(_ header: String, alignment: DisplayWidth.Alignment = .left, flexible: Bool = false) {
            self.header = header
            self.alignment = alignment
            self.isFlexible = flexible
        }
    }

    /// One cell: text and an optional style.
    ///
    /// String literals, interpolations included, are cells: `["\(show.id)", "Delete"]`.
    public struct Cell: Sendable, Equatable, ExpressibleByStringInterpolation {
        /// The text; newlines, tabs and control characters are flattened when rendered.
        public var text: String
        /// The style applied to the (possibly cut) text, not to the padding.
        public var style: TextStyle

        /// Creates a cell.
        ///
        /// - Parameters:
        ///   - text: The cell's text.
        ///   - style: A style such as `.red` for a "Delete" action; none by default.
        public init(_ text: String, style: TextStyle = []) {
            self.text = text
            self.style = style
        }

        /// Creates an unstyled cell from a string literal.
        ///
        /// - Parameter value: The cell's text.
        public init(stringLiteral value: String) {
            self.init(value)
        }
    }

    /// The smallest width a flexible column shrinks to before other columns shrink.
    static let flexibleMinimum = 8

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, top to bottom; missing cells are empty, cells beyond the last column are ignored.
    public var rows: [[Cell]]
    /// The style of the header row; bold by default.
    public var headerStyle: TextStyle

    /// Creates a table.
    ///
    /// - Parameters:
    ///   - columns: The columns, left to right.
    ///   - rows: The rows; more can be added with `addRow(_:)`.
    ///   - headerStyle: The style of the header row.
    public init(columns: [Column], rows: [[Cell]] = [], headerStyle: TextStyle = .bold) {
        self.columns = columns
        self.rows = rows
        self.headerStyle = headerStyle
    }

    /// Appends a row.
    ///
    /// - Parameter cells: The row's cells, left to right.
    public mutating func addRow(_ cells: [Cell]) {
        rows.append(cells)
    }

    /// Appends a row of unstyled cells.
    ///
    /// - Parameter texts: The row's cell texts, left to right.
    public mutating func addRow(_ texts: [String]) {
        rows.append(texts.map { Cell($0) })
    }

    /// Renders the header and rows as lines, without newline characters.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns; no line is wider. Pass `Int.max` for no limit.
    ///   - styler: Applies the header style and cell styles, or nothing when colour is off.
    /// - Returns: The header line followed by one line per row; empty when the table has no columns.
    public func lines(width: Int, styler: Styler) -> [String] {
        guard !columns.isEmpty else { return [] }
        let width = max(1, width)
        let header = columns.map { Cell($0.header, style: headerStyle) }
        let cells = ([header] + rows).map { row in
            columns.indices.map { index in
                let cell = index < row.count ? row[index] : Cell("")
                let text = HTMLText.terminalSafe(cell.text, keepingNewlines: false)
                return Cell(Self.trimmingSpaces(text), style: cell.style)
            }
        }
        let widths = columnWidths(cells: cells, fitting: width)
        return cells.map { renderLine($0, widths: widths, width: width, styler: styler) }
    }

    /// Renders the header and rows as text, each line ending with `"\n"`.
    ///
    /// - Parameters:
    ///   - width: The terminal width in columns; no line is wider. Pass `Int.max` for no limit.
    ///   - styler: Applies the header style and cell styles, or nothing when colour is off.
    /// - Returns: The table; an empty string when the table has no columns.
    public func render(width: Int, styler: Styler) -> String {
        lines(width: width, styler: styler).map { $0 + "\n" }.joined()
    }

    /// The width of each column so that the table fits `width`, if it can.
    ///
    /// Shrinks in phases until the table fits: flexible columns down to `flexibleMinimum`; the headers of other
    /// columns down to their widest cell (but at least 3); all columns together, flexible ones down to 4, others
    /// down to 1; all columns down to 1. Within a phase, the widest columns give up space first.
    func columnWidths(cells: [[Cell]], fitting width: Int) -> [Int] {
        let natural = columns.indices.map { index in
            cells.map { DisplayWidth.width(of: $0[index].text) }.max() ?? 0
        }
        let content = columns.indices.map { index in
            cells.dropFirst().map { DisplayWidth.width(of: $0[index].text) }.max() ?? 0
        }
        let gaps = 2 * (columns.count - 1)
        var widths = natural
        let flexible = columns.indices.filter { columns[$0].isFlexible }
        let fixed = columns.indices.filter { !columns[$0].isFlexible }
        let phases: [(indices: [Int], floor: (Int) -> Int)] = [
            (flexible, { _ in Self.flexibleMinimum }),
            (fixed, { max(content[$0], 3) }),
            (Array(columns.indices), { self.columns[$0].isFlexible ? 4 : 1 }),
            (Array(columns.indices), { _ in 1 }),
        ]
        for phase in phases {
            let total = widths.reduce(0, +) + gaps
            guard total > width else { break }
            let others = total - gaps - phase.indices.map { widths[$0] }.reduce(0, +)
            let shrunk = Self.share(
                width - gaps - others,
                among: phase.indices.map { widths[$0] },
                floors: phase.indices.map { min(widths[$0], phase.floor($0)) }
            )
            for (index, newWidth) in zip(phase.indices, shrunk) {
                widths[index] = newWidth
            }
        }
        return widths
    }

    /// Splits `budget` among columns fairly: narrow columns keep their width, wide ones get equal shares.
    ///
    /// No column gets more than its current width or less than its floor, so the result exceeds the budget when
    /// the floors do.
    static func share(_ budget: Int, among current: [Int], floors: [Int]) -> [Int] {
        var result = current
        var remaining = budget
        var count = current.count
        for index in current.indices.sorted(by: { current[$0] < current[$1] }) {
            let fairShare = remaining > 0 ? remaining / count : 0
            result[index] = max(floors[index], min(current[index], fairShare))
            remaining -= result[index]
            count -= 1
        }
        return result
    }

    private func renderLine(_ cells: [Cell], widths: [Int], width: Int, styler: Styler) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let text = DisplayWidth.truncate(cell.text, toWidth: widths[index])
            let padding = max(0, widths[index] - DisplayWidth.width(of: text))
            let styled = styler.apply(cell.style, to: text)
            let isLast = index == cells.count - 1
            switch columns[index].alignment {
            case .left:
                parts.append(isLast ? styled : styled + String(repeating: " ", count: padding))
            case .right:
                parts.append(String(repeating: " ", count: padding) + styled)
            case .center:
                let before = padding / 2
                let after = isLast ? 0 : padding - before
                parts.append(String(repeating: " ", count: before) + styled + String(repeating: " ", count: after))
            }
        }
        var line = parts.joined(separator: "  ")
        while line.last == " " {
            line.removeLast()
        }
        return DisplayWidth.width(of: line) > width ? DisplayWidth.truncate(line, toWidth: width) : line
    }

    /// The text without leading and trailing spaces.
    private static func trimmingSpaces(_ text: String) -> String {
        let characters = text.drop { $0 == " " }
        return String(characters.reversed().drop { $0 == " " }.reversed())
    }
}
