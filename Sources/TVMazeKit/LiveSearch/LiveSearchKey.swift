/// A key the live search understands, decoded from the terminal's bytes by ``LiveSearchKeyDecoder``.
public enum LiveSearchKey: Sendable, Equatable {
    /// Printable text, typed or pasted: one or more characters.
    case text(String)
    /// Backspace (DEL or Ctrl-H): deletes the last character of the query.
    case backspace
    /// Ctrl-W: deletes the last word of the query.
    case deleteWord
    /// Ctrl-U: clears the query.
    case clearQuery
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
    /// Ctrl-R: retries a failed search (so does `r` while the error shows).
    case retry
    /// Esc on its own.
    case escape
    /// Ctrl-C.
    case interrupt
    /// Any other control key or escape sequence (Left, Home, F1…): ignored.
    case other
}
