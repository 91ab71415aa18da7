/// One completion candidate as a shell offers it.
struct Candidate: Equatable, Sendable {
    var value: String
    /// What the shell shows next to the value; "" when nothing.
    var description: String
}

/// What a shell offered for a command line.
struct Completion: Sendable, CustomStringConvertible {
    var status: Int32
    var candidates: [Candidate]
    var stderr: String

    /// The values offered.
    var values: [String] { candidates.map(\.value) }

    /// The description offered next to a value.
    func description(of value: String) -> String? {
        candidates.first { $0.value == value }?.description
    }

    var description: String {
        "status \(status), candidates \(candidates.map { "\($0.value)|\($0.description)" }), stderr: \(stderr)"
    }
}
