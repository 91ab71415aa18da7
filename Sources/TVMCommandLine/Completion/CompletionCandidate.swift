import ArgumentParser
import TVMRecords

/// One value a shell may complete, with an optional description (a show's name next to its id).
///
/// Tools compute candidates at completion time, in the binary, and hand them to
/// ``ArgumentParser/CompletionKind/candidates(_:)``, which formats them for the shell that asked: zsh and fish
/// show the description next to the value, bash (which has no descriptions) gets the bare value.
package struct CompletionCandidate: Sendable, Equatable {
    /// The text the shell inserts.
    package var value: String
    /// What the shell shows next to the value, where it can.
    package var description: String?

    /// Creates a candidate.
    ///
    /// - Parameters:
    ///   - value: The text the shell inserts.
    ///   - description: What the shell shows next to it (zsh, fish); `nil` for none.
    package init(_ value: String, description: String? = nil) {
        self.value = value
        self.description = description
    }

    /// The line ArgumentParser prints for this candidate when `shell` asks.
    ///
    /// - bash passes each line to `compgen -W`, which expands it like a shell word (`$(…)` would run, `~` and
    ///   `{a,b}` would expand, quotes would vanish), so every character but letters, digits and spaces is
    ///   escaped with a backslash, which `compgen` removes again;
    /// - zsh reads `value:description` (its `_describe` format), so `\` and `:` in the value are escaped;
    /// - fish reads `value<TAB>description`.
    ///
    /// Values and descriptions are single lines: each run of whitespace or control characters becomes one space.
    ///
    /// - Parameter shell: The shell that asked (`CompletionShell.requesting`), `nil` when unknown.
    /// - Returns: The line, without a newline.
    package func line(for shell: CompletionShell?) -> String {
        let value = value.singleLine()
        let description = description?.singleLine() ?? ""
        switch shell {
        case .bash?:
            return Self.bashEscaped(value)
        case .zsh?:
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
            return description.isEmpty ? escaped : escaped + ":" + description
        case .fish?:
            return description.isEmpty ? value : value + "\t" + description
        default:
            return value
        }
    }

    /// The candidates as ArgumentParser's custom completion returns them, one line each.
    ///
    /// - Parameters:
    ///   - candidates: The candidates, in the order the shell should offer them.
    ///   - shell: The shell that asked.
    /// - Returns: One line per candidate, formatted for `shell`; empty values and repeated values are dropped.
    package static func lines(_ candidates: [CompletionCandidate], for shell: CompletionShell?) -> [String] {
        var seen = Set<String>()
        return candidates.filter { !$0.value.singleLine().isEmpty && seen.insert($0.value).inserted }
            .map { $0.line(for: shell) }
    }

    private static func bashEscaped(_ value: String) -> String {
        var out = ""
        for character in value {
            if !(character.isLetter || character.isNumber || character == " ") { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

extension String {
    /// The text on one line: each run of whitespace or control characters becomes one space, none at the ends.
    fileprivate func singleLine() -> String {
        split(whereSeparator: {
            $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
        })
        .joined(separator: " ")
    }
}
