/// A command line for `--exec`, split into words as a POSIX shell splits them, with `$NAME` and `${NAME}` left to
/// expand for each run.
///
/// Words are separated by blanks outside quotes; `'…'` keeps everything literally; `"…"` keeps everything but
/// `$NAME` and a backslash before `$`, `` ` ``, `"`, `\` or a newline; outside quotes a backslash keeps the next
/// character. An expansion is one word (or part of one), never split again and never run, so a value such as a
/// show's name is data. A word made only of unquoted expansions that are empty is dropped, as a shell drops it.
/// Pipes, redirections, `;`, `&`, parentheses and command substitution need a shell: they throw
/// ``ExecError/needsShell(command:syntax:)``, whose message gives the `sh -c` form.
///
/// ```swift
/// let template = try CommandTemplate(#"notify-send "$TVM_SHOW" "$TVM_SUMMARY""#)
/// template.words(environment: ["TVM_SHOW": "Dark", "TVM_SUMMARY": "Season 3 announced."])
/// // ["notify-send", "Dark", "Season 3 announced."]
/// ```
package struct CommandTemplate: Sendable, Equatable {
    /// A piece of a word: literal text, or a variable to expand.
    enum Piece: Sendable, Equatable {
        case text(String)
        case variable(String)
    }

    /// One word: its pieces, and whether any part of it was quoted (a quoted word is kept even when empty).
    struct Word: Sendable, Equatable {
        var pieces: [Piece] = []
        var quoted = false
    }

    /// The command line as given.
    package let source: String
    let words: [Word]

    /// Splits a command line.
    ///
    /// - Parameter source: The command line, as given to `--exec`.
    /// - Throws: ``ExecError`` when a quote is not closed, the line is empty, or it needs a shell.
    package init(_ source: String) throws(ExecError) {
        self.source = source
        var parser = Parser(characters: Array(source), source: source)
        words = try parser.words()
        if words.isEmpty { throw .empty }
    }

    /// The argument vector for one run, with each `$NAME` replaced by its value in `environment` (empty when
    /// unset).
    ///
    /// - Parameter environment: The variables the command runs with.
    /// - Returns: The program and its arguments.
    package func words(environment: [String: String]) -> [String] {
        words.compactMap { word in
            let text = word.pieces.map { piece in
                switch piece {
                case .text(let text): return text
                case .variable(let name): return environment[name] ?? ""
                }
            }.joined()
            return text.isEmpty && !word.quoted ? nil : text
        }
    }

    /// The characters of a command line, read once from the start.
    private struct Parser {
        let characters: [Character]
        let source: String
        var index = 0

        mutating func words() throws(ExecError) -> [Word] {
            var result: [Word] = []
            var word: Word?
            while index < characters.count {
                let character = characters[index]
                index += 1
                switch character {
                case " ", "\t", "\n":
                    if let finished = word { result.append(finished) }
                    word = nil
                case "'":
                    var current = word ?? Word()
                    current.quoted = true
                    current.pieces.append(.text(try singleQuoted()))
                    word = current
                case "\"":
                    var current = word ?? Word()
                    current.quoted = true
                    current.pieces += try doubleQuoted()
                    word = current
                case "\\":
                    var current = word ?? Word()
                    if index < characters.count {
                        if characters[index] != "\n" { current.pieces.append(.text(String(characters[index]))) }
                        index += 1
                    }
                    word = current
                case "$":
                    var current = word ?? Word()
                    current.pieces.append(try dollar())
                    word = current
                case "|", "&", ";", "<", ">", "(", ")", "`":
                    throw .needsShell(command: source, syntax: "'\(character)'")
                default:
                    var current = word ?? Word()
                    current.pieces.append(.text(String(character)))
                    word = current
                }
            }
            if let finished = word { result.append(finished) }
            return result
        }

        /// The text up to the closing `'`.
        mutating func singleQuoted() throws(ExecError) -> String {
            guard let end = characters[index...].firstIndex(of: "'") else {
                throw .unterminatedQuote(command: source)
            }
            defer { index = end + 1 }
            return String(characters[index..<end])
        }

        /// The pieces up to the closing `"`.
        mutating func doubleQuoted() throws(ExecError) -> [Piece] {
            var pieces: [Piece] = []
            while index < characters.count {
                let character = characters[index]
                index += 1
                switch character {
                case "\"":
                    return pieces
                case "\\" where index < characters.count && "$`\"\\\n".contains(characters[index]):
                    if characters[index] != "\n" { pieces.append(.text(String(characters[index]))) }
                    index += 1
                case "$":
                    pieces.append(try dollar())
                case "`":
                    throw .needsShell(command: source, syntax: "'`' (command substitution)")
                default:
                    pieces.append(.text(String(character)))
                }
            }
            throw .unterminatedQuote(command: source)
        }

        /// What follows a `$`: a variable, or a literal `$` when no name follows.
        mutating func dollar() throws(ExecError) -> Piece {
            guard index < characters.count else { return .text("$") }
            if characters[index] == "(" { throw .needsShell(command: source, syntax: "'$(' (command substitution)") }
            if characters[index] == "{" {
                guard let end = characters[index...].firstIndex(of: "}") else {
                    throw .unterminatedQuote(command: source)
                }
                let name = String(characters[(index + 1)..<end])
                guard Self.isName(name) else {
                    throw .needsShell(command: source, syntax: "'${\(name)}' (only ${NAME} expands)")
                }
                index = end + 1
                return .variable(name)
            }
            var end = index
            while end < characters.count,
                characters[end] == "_"
                    || characters[end].isASCII && (characters[end].isLetter || characters[end].isNumber)
            {
                if end == index && characters[end].isNumber { break }
                end += 1
            }
            guard end > index else { return .text("$") }
            defer { index = end }
            return .variable(String(characters[index..<end]))
        }

        static func isName(_ text: String) -> Bool {
            guard let first = text.first, first == "_" || first.isASCII && first.isLetter else { return false }
            return text.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
