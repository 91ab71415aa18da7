import TVMRecords

/// A CSV header's columns, found by name, and the fields of a row read through them.
struct CSVColumns {
    /// Each column's index by name (the first of two with the same name).
    private let indexes: [String: Int]

    /// Reads a header.
    ///
    /// - Parameter header: The header record's fields.
    init(header: [String]) {
        indexes = Dictionary(
            CSVReader.columns(header).enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether the header has a column among `names`.
    func has(_ names: [String]) -> Bool { index(names) != nil }

    /// The first column among `names` (in order of preference).
    func index(_ names: [String]) -> Int? {
        for name in names {
            if let index = indexes[name] { return index }
        }
        return nil
    }

    /// The trimmed field of the first of `names` that is filled in this row; `nil` when none is.
    func value(_ fields: [String], _ names: [String]) -> String? {
        for name in names {
            guard let index = indexes[name], index < fields.count else { continue }
            let value = fields[index].trimmingBlanks
            if !value.isEmpty { return value }
        }
        return nil
    }
}

/// A field that should hold a number but does not, for the row's message.
struct FieldProblem: Error {
    /// `season "x" is not a number`.
    var detail: String
}

extension Excerpt {
    /// A field's value as an import's messages quote it: its first 80 characters.
    static func field(_ text: some StringProtocol) -> String { of(text, limit: 80) }
}

extension CSVColumns {
    /// The number in the first filled field among `names`, `nil` when none is filled.
    ///
    /// - Throws: ``FieldProblem`` when the field is not a whole number.
    func number(_ fields: [String], _ names: [String], label: String) throws(FieldProblem) -> Int? {
        guard let text = value(fields, names) else { return nil }
        guard let number = Int(text) else {
            throw FieldProblem(detail: "\(label) \"\(Excerpt.field(text))\" is not a number")
        }
        return number
    }
}
