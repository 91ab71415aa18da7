/// One positional argument, option or flag.
struct ArgumentInfo: Decodable, Equatable {
    enum Kind: String, Decodable {
        case positional, option, flag
    }

    struct Name: Decodable, Equatable {
        enum Kind: String, Decodable {
            case long, short, longWithSingleDash
        }

        var kind: Kind
        var name: String

        /// The name as typed: `--page`, `-q`, `-name`.
        var spelled: String {
            switch kind {
            case .long: return "--" + name
            case .short, .longWithSingleDash: return "-" + name
            }
        }
    }

    var kind: Kind
    var shouldDisplay: Bool
    var parsingStrategy: String?
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var valueName: String?
    var defaultValue: String?
    var allValues: [String]?
    var abstract: String?
    var discussion: String?

    /// The names, short ones first, as typed.
    var spelledNames: [String] {
        (names ?? []).sorted { ($0.kind == .short ? 0 : 1, $0.name) < ($1.kind == .short ? 0 : 1, $1.name) }
            .map(\.spelled)
    }

    /// Identifies an option across commands: its names.
    var key: String { kind == .positional ? "" : spelledNames.joined(separator: ",") }

    /// Whether one occurrence takes several values (`--embed a b`), rather than the option being repeated.
    var takesSeveralValues: Bool {
        isRepeating && ["upToNextOption", "remaining", "allRemainingInput", "postTerminator"].contains(parsingStrategy)
    }

    /// Whether this is ArgumentParser's own `--help` or `--version`.
    var isBuiltIn: Bool { key == "-h,--help" || key == "--version" }
}
