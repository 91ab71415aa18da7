/// "Did you mean …": the known names closest to a mistyped one.
package enum Suggestion {
    /// The names closest to `typed` by edit distance, for a "did you mean" hint.
    ///
    /// The distance counts insertions, deletions, substitutions and swaps of two neighbouring characters
    /// (optimal string alignment), so `--hlep` is one step from `--help` and `shwo` one from `show`. Only names
    /// within a third of the typed name's length (at least one step, at most three) are offered, the nearest
    /// first; names at the same distance keep their order in `names`.
    ///
    /// - Parameters:
    ///   - typed: What the user typed, e.g. `shwo` or `--limt`.
    ///   - names: The names that exist.
    /// - Returns: The closest names, best first; empty when none is close.
    package static func closest(to typed: String, among names: [String]) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        // Leading dashes are shared by every option: they do not count towards the length that sets the limit.
        let significant = typedCharacters.drop(while: { $0 == "-" }).count
        let limit = min(3, max(1, significant / 3))
        var seen = Set<String>()
        let scored = names.filter { seen.insert($0).inserted && $0 != typed }
            .map { (name: $0, distance: distance(typedCharacters, Array($0.lowercased()))) }
            .filter { $0.distance <= limit }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.name)
    }

    /// The optimal-string-alignment distance between two strings.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        var twoRowsBack: [Int] = []
        for i in 1...a.count {
            twoRowsBack = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], twoRowsBack[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }

    /// The hint for a list of suggestions: `did you mean 'show'?` or `did you mean 'show' or 'shows'?`.
    ///
    /// - Parameter names: The suggestions, from ``closest(to:among:)``.
    /// - Returns: The hint, or `nil` when there is nothing to suggest.
    package static func hint(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let quoted = names.map { "'\($0)'" }
        if quoted.count == 1 { return "did you mean \(quoted[0])?" }
        return "did you mean " + quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1] + "?"
    }
}
