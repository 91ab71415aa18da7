/// Reading words as a shell wrote them: what the completion scripts hand back to the tools.
public enum ShellText {
    /// `text` with its backslash escapes resolved: each `\x` becomes `x`, and a trailing lone `\` is dropped.
    ///
    /// - Parameter text: A word, or the inside of a double-quoted one.
    /// - Returns: The text the shell would pass on.
    public static func resolvingBackslashes(_ text: some StringProtocol) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping || character != "\\" {
                out.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return out
    }
}
