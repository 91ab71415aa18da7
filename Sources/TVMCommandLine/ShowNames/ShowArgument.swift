import ArgumentParser

/// A show given on the command line: an id, or a name to look up (`tvm-fav rm Girls`).
///
/// An argument of digits alone is an id; anything else is a name.
package enum ShowArgument: ExpressibleByArgument, Sendable, Equatable {
    /// A TVMaze show id.
    case id(Int)
    /// A show name, as typed.
    case name(String)

    package init?(argument: String) {
        if !argument.isEmpty, argument.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let id = Int(argument) else { return nil }
            self = .id(id)
        } else if argument.allSatisfy(\.isWhitespace) {
            return nil
        } else {
            self = .name(argument)
        }
    }

    /// The id, when the argument is one.
    package var id: Int? {
        if case .id(let id) = self { return id }
        return nil
    }

    /// Refuses an id that is not positive, for the commands' `validate()`, in every tool's words.
    /// - Throws: `ValidationError` quoting the first such id.
    package static func checkIDs(_ ids: some Sequence<Int>) throws {
        if let bad = ids.first(where: { $0 <= 0 }) {
            throw ValidationError("'\(bad)' is not a show id: ids are positive integers")
        }
    }
}
