import Foundation

/// Why an input line does not name a show (see ``ShowReference/showID(fromLine:)``).
public enum ShowReferenceError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The line is not valid JSON.
    case invalidJSON(RawJSONError)
    /// A number or string that is not a positive integer show id; the associated value quotes it.
    case invalidID(String)
    /// An object with no usable id; the associated value says which shape was seen.
    case missingID(String)
    /// A JSON value of a type that cannot name a show (`true`, `null`, …).
    case unsupportedValue(String)
    /// An array on one line, as a page of the API is: its elements may be shows, but one line is one record.
    case array
    /// A TVMaze record of another kind (an episode, a person, …) whose `id` is not a show id.
    case wrongRecordKind(TVMazeRecordKind)

    private static let expected =
        "expected a show id (82 or \"82\"), a show record with a numeric \"id\", "
        + "or a record with a \"show\" object (search result)"

    /// The same text as ``errorDescription``, so that `String(describing:)` and interpolation read well.
    public var description: String {
        errorDescription ?? "invalid"
    }

    /// A sentence saying what was expected and what was found.
    public var errorDescription: String? {
        switch self {
        case .invalidJSON(let error):
            return "not valid JSON: \(error.errorDescription ?? "invalid"); \(Self.expected)"
        case .invalidID(let text):
            return "\(text) is not a show id (a positive integer); \(Self.expected)"
        case .missingID(let shape):
            return "\(shape) has no numeric show id; \(Self.expected)"
        case .unsupportedValue(let found):
            return "\(Self.expected); got \(found)"
        case .array:
            return "\(Self.expected); got an array: put one record on each line with jq -c '.[]'"
        case .wrongRecordKind(let kind):
            return "\(Self.expected); got \(kind.description), whose \"id\" is not a show id"
        }
    }
}
