import TVMRecords

/// A key the live search understands, decoded from the terminal's bytes by ``LiveSearchKeyDecoder``.
public enum LiveSearchKey: Sendable, Equatable {
    /// Printable text, typed or pasted: one or more characters.
    case text(String)
    /// Backspace (DEL or Ctrl-H): deletes the character before the cursor.
    case backspace
    /// Ctrl-W: deletes the word before the cursor.
    case deleteWord
    /// Ctrl-U: deletes from the start of the query to the cursor (all of it when the cursor is at the end).
    case clearQuery
    /// Delete: deletes the character under the cursor.
    case deleteForward
    /// Ctrl-K: deletes from the cursor to the end of the query.
    case deleteToEnd
    /// Left arrow or Ctrl-B: moves the cursor one character left.
    case left
    /// Right arrow or Ctrl-F: moves the cursor one character right.
    case right
    /// Home or Ctrl-A: moves the cursor to the start of the query.
    case home
    /// End or Ctrl-E: moves the cursor to the end of the query.
    case end
    /// Alt-B, Ctrl-Left or Alt-Left: moves the cursor to the start of the word before it.
    case wordLeft
    /// Alt-F, Ctrl-Right or Alt-Right: moves the cursor to the end of the word after it.
    case wordRight
    /// Enter (CR or LF).
    case enter
    /// Tab: marks or unmarks the selected result.
    case tab
    /// Up arrow or Ctrl-P.
    case up
    /// Down arrow or Ctrl-N.
    case down
    /// Ctrl-D: the detail view of the selected show.
    case detail
    /// Ctrl-R: retries a failed search. Letters always edit the query, after an error too.
    case retry
    /// Esc on its own.
    case escape
    /// Ctrl-C.
    case interrupt
    /// Ctrl-Z: suspends the search (the driver puts the terminal back and stops the process, as SIGTSTP does).
    case suspend
    /// Any other control key or escape sequence (F1, Page Up, Alt-X…): ignored.
    case other
}
