import TVMRecords
import TVMText

/// Draws a ``LiveSearchScreen`` as terminal lines and bytes, fitted to the terminal's size.
///
/// The layout, from the top:
///
/// ```text
/// Search shows: girls▏
/// 10 shows · Enter prints · Tab marks · Ctrl-D details · Esc quits
/// > Girls                 2012  HBO              Ended
///   Good Girls            2018  NBC              Running
/// ```
///
/// With an empty query the list holds the recent searches and the status line says so. After a failed search
/// the list's place holds the original app specification's retry dialog (title, message, cause) and the status line its keys. Ctrl-D replaces the
/// list with the selected show's detail view. Every line is at most `width - 1` columns wide (measured with
/// ``DisplayWidth``, so CJK names take two columns a character), so nothing wraps and erasing to the end of a
/// line never eats its last character; names too long for their column end with `…`. The list scrolls to keep
/// the selection visible when the terminal is shorter than the list.
public struct LiveSearchRenderer: Sendable {
    /// The prompt before the query.
    public static let prompt = "Search shows: "
    /// The cursor drawn after the query.
    public static let cursor = "▏"
    /// Switches to the alternate screen, clears it and hides the terminal's own cursor.
    public static let enterScreen = Array("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l".utf8)
    /// Shows the cursor again and goes back to the normal screen, as it was before.
    public static let leaveScreen = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Styles the prompt, the status line and the selected row; plain text when colour is off.
    public let styler: Styler
    /// Renders the detail view of a show for a width: the command layer's detail view, handed in by the driver.
    public let detailText: @Sendable (LiveSearchResult, Int) -> String

    /// Creates a renderer.
    public init(styler: Styler, detailText: @escaping @Sendable (LiveSearchResult, Int) -> String) {
        self.styler = styler
        self.detailText = detailText
    }

    /// The bytes that redraw the whole screen from the top-left corner, erasing what was there.
    ///
    /// - Parameters:
    ///   - screen: What to show.
    ///   - width: The terminal's width in columns.
    ///   - height: The terminal's height in lines.
    /// - Returns: Cursor home, each line followed by erase-to-end-of-line, then erase-below.
    public func frame(for screen: LiveSearchScreen, width: Int, height: Int) -> [UInt8] {
        let body = lines(for: screen, width: width, height: height).joined(separator: "\u{1B}[K\r\n")
        return Array(("\u{1B}[H" + body + "\u{1B}[K\u{1B}[J").utf8)
    }

    /// The lines of the screen, top to bottom, each at most `width - 1` columns and at most `height` lines.
    ///
    /// - Parameters:
    ///   - screen: What to show.
    ///   - width: The terminal's width in columns.
    ///   - height: The terminal's height in lines.
    /// - Returns: The lines, without line breaks.
    public func lines(for screen: LiveSearchScreen, width: Int, height: Int) -> [String] {
        let usable = max(1, width - 1)
        var lines = [promptLine(screen.query, cursor: screen.cursor, width: usable)]
        guard height > 1 else { return lines }
        lines.append(statusLine(screen, width: usable))
        let room = height - lines.count
        guard room > 0 else { return lines }
        if let detail = screen.detail {
            return lines + detailLines(detail, width: usable, room: room)
        }
        var listLines: [String] = []
        if case .failed(let failure) = screen.status {
            listLines = failureLines(failure, width: usable)
        }
        let rows = room - listLines.count
        guard rows > 0, screen.rowCount > 0 else { return lines + listLines }
        let visible = min(rows, screen.rowCount)
        let first = max(0, (screen.selection ?? 0) - visible + 1)
        switch screen.list {
        case .suggestions(let queries):
            for index in first..<(first + visible) {
                listLines.append(suggestionRow(queries[index], selected: index == screen.selection, width: usable))
            }
        case .results(let results):
            let layout = ResultColumns(results, width: usable)
            for index in first..<(first + visible) {
                let row = layout.row(
                    results[index], selected: index == screen.selection, marked: screen.marked.contains(index))
                let fitted = DisplayWidth.truncate(row, toWidth: usable)
                listLines.append(highlight(fitted, selected: index == screen.selection, width: usable))
            }
        }
        return lines + listLines
    }

    /// `Search shows: ` and the query with the cursor where it is. A query too long to fit keeps the cursor in
    /// view: the text before it shows its end after `…`, and what is left of the line shows the start of the
    /// text after it (a third of the line at least, when there is that much), cut with `…`.
    private func promptLine(_ query: String, cursor: Int, width: Int) -> String {
        let prompt = DisplayWidth.truncate(Self.prompt, toWidth: width)
        let room = width - DisplayWidth.width(of: prompt) - DisplayWidth.width(of: Self.cursor)
        guard room >= 0 else { return styler.apply(.bold, to: prompt) }
        let before = HTMLText.terminalSafe(String(query.prefix(cursor)), keepingNewlines: false)
        let after = HTMLText.terminalSafe(String(query.dropFirst(cursor)), keepingNewlines: false)
        let reserved = min(DisplayWidth.width(of: after), room / 3)
        let shownBefore = Self.tail(of: before, toWidth: room - reserved)
        let shownAfter = DisplayWidth.truncate(after, toWidth: room - DisplayWidth.width(of: shownBefore))
        return styler.apply(.bold, to: prompt) + shownBefore + Self.cursor + shownAfter
    }

    /// The end of `text` that fits `width` columns, after `…` when something was cut.
    static func tail(of text: String, toWidth width: Int) -> String {
        guard DisplayWidth.width(of: text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var kept = ""
        var used = 0
        for character in text.reversed() {
            let characterWidth = DisplayWidth.width(of: character)
            if used + characterWidth > width - 1 { break }
            kept.insert(character, at: kept.startIndex)
            used += characterWidth
        }
        return "…" + kept
    }

    private func statusLine(_ screen: LiveSearchScreen, width: Int) -> String {
        let marked = screen.markedCount > 0 ? " · \(screen.markedCount) marked" : ""
        let text: String
        let style: TextStyle
        if let detail = screen.detail {
            let safe = "\(detail.name) · any key goes back"
            return styler.apply(.dim, to: DisplayWidth.truncate(safe, toWidth: width))
        }
        switch screen.status {
        case .typeToSearch:
            (text, style) = ("Type a show's name to search TVMaze · Esc quits", .dim)
        case .suggestions:
            (text, style) = ("Recent searches (suggestions) · Enter searches again · ↑↓ move · Esc quits", .dim)
        case .searching(let query):
            (text, style) = ("searching \"\(query)\"…" + marked, .dim)
        case .results(let count):
            let shows = count == 1 ? "1 show" : "\(count) shows"
            (text, style) =
                screen.fromCatalog
                ? ("\(shows) from the catalogue: \(Self.unavailable)\(marked) · Enter prints", .yellow)
                : ("\(shows)\(marked) · Enter prints · Tab marks · Ctrl-D details · Esc quits", .dim)
        case .noResults(let query):
            let source = screen.fromCatalog ? " in the catalogue: \(Self.unavailable)" : ""
            (text, style) = ("no shows found for \"\(query)\"" + source + marked, .yellow)
        case .failed:
            (text, style) = (Self.failureHints, [.bold, .red])
        }
        let safe = HTMLText.terminalSafe(text, keepingNewlines: false)
        return styler.apply(style, to: DisplayWidth.truncate(safe, toWidth: width))
    }

    /// Why the catalogue on disk answers a search of TVMaze, on the status line after "from the catalogue: ": the
    /// connection failed or timed out, or TVMaze kept answering 5xx, after the retries.
    public static let unavailable = "TVMaze is unavailable"

    /// The status line's keys while a failed search shows: they fit in 80 columns, and letters still type.
    public static let failureHints = "Ctrl-R retries · typing edits the query · Esc quits"

    /// The original app specification's retry dialog where the list would be: its title, its message, the cause under them.
    private func failureLines(_ failure: LiveSearchFailure, width: Int) -> [String] {
        var lines: [String] = []
        if !failure.title.isEmpty {
            let title = HTMLText.terminalSafe(failure.title, keepingNewlines: false)
            lines.append(styler.apply(.bold, to: DisplayWidth.truncate(title, toWidth: width)))
        }
        lines.append(
            DisplayWidth.truncate(HTMLText.terminalSafe(failure.message, keepingNewlines: false), toWidth: width))
        if !failure.cause.isEmpty {
            let cause = HTMLText.terminalSafe("(\(failure.cause))", keepingNewlines: false)
            lines.append(styler.apply(.dim, to: DisplayWidth.truncate(cause, toWidth: width)))
        }
        return lines
    }

    private func suggestionRow(_ query: String, selected: Bool, width: Int) -> String {
        let text = (selected ? ">   " : "    ") + HTMLText.terminalSafe(query, keepingNewlines: false)
        return highlight(DisplayWidth.truncate(text, toWidth: width), selected: selected, width: width)
    }

    private func highlight(_ row: String, selected: Bool, width: Int) -> String {
        guard selected, styler.isEnabled else { return row }
        return styler.apply(.inverse, to: DisplayWidth.pad(row, toWidth: width))
    }

    private func detailLines(_ result: LiveSearchResult, width: Int, room: Int) -> [String] {
        var text = detailText(result, width)
        while text.hasSuffix("\n") { text.removeLast() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            DisplayWidth.truncate(String($0), toWidth: width)
        }
        if lines.count > room {
            lines = Array(lines.prefix(room - 1)) + [styler.apply(.dim, to: "…")]
        }
        return lines
    }
}
