/// One value produced by a jq program, rendered as text.
///
/// Strings come back as their raw contents (like `jq -r`); every other value comes back as compact JSON
/// (like `jq -c`), with object keys in the order jq holds them (input order, never sorted) and non-ASCII
/// characters left unescaped. Numbers are jq 1.6 doubles, exactly as with the jq command line: `1.0` renders
/// as `1`, integers above 2^53 lose precision, and numbers too large for a double become `1.7976931348623157e+308`.
public enum JQOutput: Equatable, Sendable {
    /// A string value's contents, without quotes or escapes (it may contain newlines).
    case raw(String)

    /// Any non-string value (number, boolean, null, array, object) as compact JSON text.
    case json(String)

    /// The text to write for this output: the raw string or the JSON text.
    ///
    /// Writing `text` followed by a newline reproduces `jq -r -c` output line for line.
    public var text: String {
        switch self {
        case .raw(let text), .json(let text):
            return text
        }
    }
}
