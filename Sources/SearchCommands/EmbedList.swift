import ArgumentParser
import TVMRecords
import TVMazeAPI

/// The `--embed` values: repeated options and comma-separated lists of embed kinds.
enum EmbedList {
    /// The embed kinds named by `--embed` values, in order, each once.
    ///
    /// - Parameter values: The values, e.g. `["cast,crew", "episodes"]`.
    /// - Returns: The kinds.
    /// - Throws: `ValidationError` naming an unknown kind and listing the known ones.
    static func parse(_ values: [String]) throws -> [Endpoint.Embed] {
        var kinds: [Endpoint.Embed] = []
        for word in values.flatMap({ $0.split(separator: ",") }).map(String.init) {
            guard let kind = Endpoint.Embed(rawValue: word) else {
                let known = Endpoint.Embed.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown embed kind '\(word)'; expected one of: \(known)")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }
}
