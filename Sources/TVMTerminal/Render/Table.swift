import TVMRecords
import TVMText

/// A table of text cells under a header row, rendered to fit a terminal width.
///
/// Columns are as wide as their widest cell (by display width, so CJK and emoji line up), separated by two spaces.
/// When the table is wider than the terminal, columns give way by priority: low-priority columns (genres,
/// network, status, titles beside a show's name) shrink, if flexible, to 8 columns, then drop from the right;
/// flexible columns (names, titles) shrink to 12 columns and the headers of fixed columns to their cells; fixed
/// columns of normal priority drop from the right; essential columns (an episode code, a date, progress) whose
/// cells have short forms take them, from the right; names shrink to 4; and only then do essential columns drop,
/// from the right. Fixed columns are never cut, and the first column always stays. Cut cells end with "…". A row is never wrapped and no line is wider than the given width (a first column wider
/// than the terminal is cut at the right edge). Lines have no trailing spaces.
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
        /// Whether the column's cells may be cut when the table is too wide (free text); fixed columns never are.
        public var isFlexible: Bool
        /// How readily the column gives way on a narrow terminal.
        public var priority: Priority

        /// How readily a column gives way when the table is too wide.
        public enum Priority: Sendable, Equatable {
            /// Ids, dates, numbers, scores: dropped only when nothing else is left to give.
            case essential
            /// The default: names and titles, which shrink after every low-priority column is gone.
            case normal
            /// Genres, network, status: shrink and then drop before any name is cut.
            case low
        }

        /// Creates a column.
        public init(
            _ header: String, alignment: DisplayWidth.Alignment = .left, flexible: Bool = false,
            priority: Priority = .normal
        ) {
            self.header = header
            self.alignment = alignment
            self.isFlexible = flexible
            self.priority = priority
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
        /// A shorter text for a narrow terminal (`2013-08-06` for `2013-08-06 21:00`), used by an essential column
        /// before it would drop; `nil` when the cell has none.
        public var short: String?

        /// Creates a cell.
        public init(_ text: String, style: TextStyle = [], short: String? = nil) {
            self.text = text
            self.style = style
            self.short = short
        }

        /// Creates an unstyled cell from a string literal.
        ///
        /// - Parameter value: The cell's text.
        public init(stringLiteral value: String) {
            self.init(value)
        }
    }

    /// The smallest width a low-priority flexible column shrinks to before it drops.
    static let flexibleMinimum = 8
    /// The smallest width names shrink to before fixed columns drop.
    static let nameMinimum = 12

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, top to bottom; missing cells are empty, cells beyond the last column are ignored.
    public var rows: [[Cell]]
    /// The style of the header row; bold by default.
    public var headerStyle: TextStyle

    /// Creates a table.
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
                let safe = { Self.trimmingSpaces(HTMLText.terminalSafe($0, keepingNewlines: false)) }
                return Cell(safe(cell.text), style: cell.style, short: cell.short.map(safe))
            }
        }
        let (widths, compact) = columnWidths(cells: cells, fitting: width)
        let shown = cells.map { row in
            row.indices.map { index in
                compact.contains(index)
                    ? Cell(row[index].short ?? row[index].text, style: row[index].style) : row[index]
            }
        }
        return shown.map { renderLine($0, widths: widths, width: width, styler: styler) }
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

    /// The width of each column so that the table fits `width`, if it can (`nil` for a column left out), and the
    /// columns shown in their cells' short forms.
    func columnWidths(cells: [[Cell]], fitting width: Int) -> (widths: [Int?], compact: Set<Int>) {
        var compact = Set<Int>()
        func text(_ cell: Cell, _ index: Int) -> String {
            compact.contains(index) ? cell.short ?? cell.text : cell.text
        }
        var natural: [Int] = []
        var content: [Int] = []
        func measure() {
            natural = columns.indices.map { index in
                cells.map { DisplayWidth.width(of: text($0[index], index)) }.max() ?? 0
            }
            content = columns.indices.map { index in
                cells.dropFirst().map { DisplayWidth.width(of: text($0[index], index)) }.max() ?? 0
            }
        }
        measure()
        var visible = Array(columns.indices)
        var widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: nil)
        // Low-priority columns go, from the right, before any name is cut.
        while total(widths, visible) > width,
            let drop = visible.dropFirst().last(where: { columns[$0].priority == .low })
        {
            visible.removeAll { $0 == drop }
            widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: nil)
        }
        // Then names shrink to `nameMinimum`, and fixed columns of normal priority go, from the right, rather than
        // be cut; the first column always stays.
        widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: Self.nameMinimum)
        while total(widths, visible) > width,
            let drop = visible.dropFirst().last(where: { !columns[$0].isFlexible && columns[$0].priority != .essential }
            )
        {
            visible.removeAll { $0 == drop }
            widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: Self.nameMinimum)
        }
        // Essential columns take their cells' short forms, from the right.
        while total(widths, visible) > width,
            let shorten = visible.last(where: { index in
                columns[index].priority == .essential && !compact.contains(index)
                    && cells.dropFirst().contains { $0[index].short != nil }
            })
        {
            compact.insert(shorten)
            measure()
            widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: Self.nameMinimum)
        }
        // Then names shrink to 4, and only then do the essential columns go, from the right.
        widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: 4)
        while total(widths, visible) > width,
            let drop = visible.dropFirst().last(where: { !columns[$0].isFlexible })
                ?? (visible.count > 1 ? visible.last : nil)
        {
            visible.removeAll { $0 == drop }
            widths = shrink(natural, content: content, visible: visible, fitting: width, nameFloor: 4)
        }
        return (columns.indices.map { visible.contains($0) ? widths[$0] : nil }, compact)
    }

    /// The width of the visible columns with their gaps.
    private func total(_ widths: [Int], _ visible: [Int]) -> Int {
        visible.map { widths[$0] }.reduce(0, +) + 2 * (visible.count - 1)
    }

    /// Shrinks the visible columns in phases until they fit: low-priority flexible columns down to
    /// `flexibleMinimum`; then, given a `nameFloor`, every flexible column down to it, and the headers of fixed
    /// columns down to their widest cell (but at least 3). Within a phase, the widest columns give up space first.
    private func shrink(_ natural: [Int], content: [Int], visible: [Int], fitting width: Int, nameFloor: Int?)
        -> [Int]
    {
        var widths = natural
        let flexible = visible.filter { columns[$0].isFlexible }
        var phases: [(indices: [Int], floor: (Int) -> Int)] = [
            (flexible.filter { columns[$0].priority == .low }, { _ in Self.flexibleMinimum })
        ]
        if let nameFloor {
            phases.append((flexible, { _ in nameFloor }))
            phases.append((visible.filter { !columns[$0].isFlexible }, { max(content[$0], 3) }))
        }
        for phase in phases {
            let current = total(widths, visible)
            guard current > width else { break }
            let others = current - 2 * (visible.count - 1) - phase.indices.map { widths[$0] }.reduce(0, +)
            let shrunk = Self.share(
                width - 2 * (visible.count - 1) - others,
                among: phase.indices.map { widths[$0] },
                floors: phase.indices.map { min(widths[$0], phase.floor($0)) }
            )
            for (index, newWidth) in zip(phase.indices, shrunk) {
                widths[index] = newWidth
            }
        }
        return widths
    }

    /// Splits `budget` among columns fairly: each gets its floor, then narrow columns keep their width and wide
    /// ones get equal shares of what is left.
    ///
    /// No column gets more than its current width or less than its floor, so the result exceeds the budget when
    /// the floors do.
    static func share(_ budget: Int, among current: [Int], floors: [Int]) -> [Int] {
        var result = floors
        var remaining = budget - floors.reduce(0, +)
        var count = current.count
        let extra = current.indices.map { max(0, current[$0] - floors[$0]) }
        for index in current.indices.sorted(by: { extra[$0] < extra[$1] }) {
            let fairShare = remaining > 0 ? remaining / count : 0
            let given = min(extra[index], fairShare)
            result[index] += given
            remaining -= given
            count -= 1
        }
        return result
    }

    private func renderLine(_ cells: [Cell], widths: [Int?], width: Int, styler: Styler) -> String {
        var parts: [String] = []
        let lastVisible = widths.lastIndex { $0 != nil } ?? 0
        for (index, cell) in cells.enumerated() {
            guard let columnWidth = widths[index] else { continue }
            let text = DisplayWidth.truncate(cell.text, toWidth: columnWidth)
            let padding = max(0, columnWidth - DisplayWidth.width(of: text))
            let styled = styler.apply(cell.style, to: text)
            let isLast = index == lastVisible
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
