import Foundation

/// A command's `discussion` text, read into the blocks a manual page shows.
///
/// The discussions follow one convention (see Sources/tvm-fetch): paragraphs separated by blank lines; a line
/// ending in `:` followed by indented lines introduces a literal block (`Examples:`); the root command's text
/// ends with the exit-status table (`ExitStatus.table`) and a `Data: TVmaze …` credit, which the page renders
/// as sections of their own.
struct Discussion: Equatable {
    /// One block of the text.
    enum Block: Equatable {
        /// Running text.
        case paragraph(String)
        /// Lines shown as they are, after the common indentation is removed; `lead` is the line that introduced
        /// them (`Examples:`), if any.
        case literal(lead: String?, lines: [String])
    }

    /// The blocks, in order, without the exit-status table and the data credit.
    var blocks: [Block] = []
    /// Whether the text held the exit-status table.
    var hadExitTable = false
    /// Whether the text held the TVmaze credit.
    var hadCredit = false

    /// The literal blocks introduced by an `Examples:` line.
    var examples: [[String]] {
        blocks.compactMap { block in
            guard case .literal(let lead?, let lines) = block, Self.isExamplesLead(lead) else { return nil }
            return lines
        }
    }

    /// The blocks other than the examples.
    var body: [Block] {
        blocks.filter { block in
            if case .literal(let lead?, _) = block, Self.isExamplesLead(lead) { return false }
            return true
        }
    }

    /// Reads a discussion.
    ///
    /// - Parameter text: The `discussion` of a command, or `nil`.
    init(_ text: String?) {
        guard let text else { return }
        for chunk in Self.chunks(of: text) {
            if chunk.first?.trimmingCharacters(in: .whitespaces) == "EXIT STATUS" {
                hadExitTable = true
                continue
            }
            if chunk.count == 1, chunk[0].hasPrefix("Data: TVmaze") {
                hadCredit = true
                continue
            }
            read(chunk)
        }
    }

    private static func isExamplesLead(_ line: String) -> Bool {
        ["examples:", "example:"].contains(line.lowercased())
    }

    /// Splits the text at blank lines.
    private static func chunks(of text: String) -> [[String]] {
        var chunks: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if !current.isEmpty { chunks.append(current) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// Groups a chunk's lines into running text and indented literal runs.
    private mutating func read(_ chunk: [String]) {
        var index = 0
        while index < chunk.count {
            if Self.isIndented(chunk[index]) {
                var run: [String] = []
                while index < chunk.count, Self.isIndented(chunk[index]) {
                    run.append(chunk[index])
                    index += 1
                }
                blocks.append(.literal(lead: nil, lines: Self.dedented(run)))
                continue
            }
            var text: [String] = []
            while index < chunk.count, !Self.isIndented(chunk[index]) {
                text.append(chunk[index])
                index += 1
            }
            if index < chunk.count, let last = text.last, last.hasSuffix(":") {
                text.removeLast()
                if !text.isEmpty { blocks.append(.paragraph(text.joined(separator: " "))) }
                var run: [String] = []
                while index < chunk.count, Self.isIndented(chunk[index]) {
                    run.append(chunk[index])
                    index += 1
                }
                blocks.append(.literal(lead: last, lines: Self.dedented(run)))
            } else {
                blocks.append(.paragraph(text.joined(separator: " ")))
            }
        }
    }

    private static func isIndented(_ line: String) -> Bool {
        line.hasPrefix(" ") || line.hasPrefix("\t")
    }

    private static func dedented(_ lines: [String]) -> [String] {
        let indent = lines.map { $0.prefix(while: { $0 == " " || $0 == "\t" }).count }.min() ?? 0
        return lines.map { String($0.dropFirst(indent)) }
    }
}
