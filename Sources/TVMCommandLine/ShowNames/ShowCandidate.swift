import Foundation
import TVMRecords
import TVMText

/// A show a name may mean, as a name lookup lists it: its id, its name and what tells it apart.
package struct ShowCandidate: Sendable, Equatable {
    /// The TVMaze show id.
    package var id: Int
    /// The show's name.
    package var name: String
    /// What tells it apart from shows of the same name (its premiere year, its network), when known.
    package var detail: String?

    package init(id: Int, name: String, detail: String? = nil) {
        self.id = id
        self.name = name
        self.detail = detail
    }

    /// Creates the candidate a show record names; `nil` for a record without an id and a name.
    ///
    /// - Parameter record: A show record's JSON text.
    package init?(record: some Collection<UInt8>) {
        guard let show = try? JSONDecoder().decode(Show.self, from: Data(record)), let id = show.id,
            let name = show.name
        else {
            return nil
        }
        let parts = [show.premiered.map { String($0.prefix(4)) }, (show.network ?? show.webChannel)?.name]
        let detail = parts.compactMap { $0 }.joined(separator: ", ")
        self.init(id: id, name: name, detail: detail.isEmpty ? nil : detail)
    }

    /// `Girls (2012, HBO)`, safe to write on a terminal.
    package var label: String {
        let name = HTMLText.terminalSafe(name, keepingNewlines: false)
        guard let detail, !detail.isEmpty else { return name }
        return name + " (" + HTMLText.terminalSafe(detail, keepingNewlines: false) + ")"
    }

    /// Which of `candidates` the name means: asked on the terminal when stderr is one and there are several.
    ///
    /// - Parameters:
    ///   - name: The name as typed.
    ///   - candidates: What it may mean (two or more; or one, when a single match still needs a choice).
    ///   - meaning: What the candidates are, for the messages.
    ///   - advice: What a script should give instead, ending the error line: `give one of their ids`.
    ///   - runtime: The run.
    /// - Returns: The one chosen on the terminal, or `nil` when none was (a note says so).
    /// - Throws: ``AmbiguousShowName`` when there is no terminal to ask on.
    package static func choose(
        for name: String, among candidates: [ShowCandidate], meaning: AmbiguousShowName.Meaning, advice: String,
        runtime: ToolRuntime
    ) throws(AmbiguousShowName) -> ShowCandidate? {
        let quoted = HTMLText.terminalSafe(name, keepingNewlines: false)
        if runtime.terminal.stderrIsTTY {
            switch Prompt.choose(
                "Which show is \"\(quoted)\"?", options: candidates.map { "\($0.id)  \($0.label)" },
                diagnostics: runtime.diagnostics)
            {
            case .chosen(let index): return candidates[index]
            case .none:
                runtime.diagnostics.note("no show chosen for \"\(quoted)\"; skipped")
                return nil
            case .noTerminal: break
            }
        }
        throw AmbiguousShowName(name: name, candidates: candidates, meaning: meaning, advice: advice)
    }
}

/// A show name that means more than one show, with no terminal to ask which: a usage error (64) that lists
/// the candidates, so that a script never gets a guess.
package struct AmbiguousShowName: Error, ReportedError, Equatable {
    /// The name as typed.
    package var name: String
    /// What it may mean.
    package var candidates: [ShowCandidate]
    /// What the candidates are: `favorite`/`favorites`, `show at TVMaze`/`shows at TVMaze`.
    package var meaning: Meaning
    /// What to give instead: `give one of their ids`.
    package var advice: String

    /// What the candidates are, in the singular and the plural.
    package struct Meaning: Sendable, Equatable {
        package var one: String
        package var many: String

        /// Favorites of the database.
        package static let favorites = Meaning(one: "favorite", many: "favorites")
        /// Results of a TVMaze search.
        package static let searchResults = Meaning(one: "show at TVMaze", many: "shows at TVMaze")
    }

    package func report(to runtime: ToolRuntime) {
        let quoted = HTMLText.terminalSafe(name, keepingNewlines: false)
        let count = candidates.count == 1 ? "1 \(meaning.one)" : "\(candidates.count) \(meaning.many)"
        runtime.diagnostics.error("\"\(quoted)\" matches \(count); \(advice):")
        let width = candidates.map { String($0.id).count }.max() ?? 0
        for candidate in candidates {
            let id = String(candidate.id)
            runtime.diagnostics.raw(
                "  " + String(repeating: " ", count: width - id.count) + id + "  " + candidate.label + "\n")
        }
        runtime.raise(.usage)
    }
}
