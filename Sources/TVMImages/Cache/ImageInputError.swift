import Foundation
import TVMRecords

/// Why an input line of `tvm-img` was refused (see ``ImageInput/items(inLine:)``).
public enum ImageInputError: Error, LocalizedError, Sendable, Equatable {
    /// The line is not valid JSON.
    case invalidJSON(RawJSONError)
    /// A number or string that is not a positive integer show id; the value is quoted.
    case invalidShowID(String)
    /// An array inside an array.
    case nestedArray(element: Int)
    /// A value that is neither a record, an array nor an id (`true`, `null`); the value is quoted.
    case unsupportedValue(String)

    private static let expected =
        "expected a record (show, episode, person, cast entry, search result, …), an array of records, "
        + "or a show id"

    /// A sentence saying what was expected and what was found.
    public var errorDescription: String? {
        switch self {
        case .invalidJSON(let error):
            return "not valid JSON: \(error.localizedDescription); \(Self.expected)"
        case .invalidShowID(let text):
            return "\(text) is not a show id (a positive integer); \(Self.expected)"
        case .nestedArray(let element):
            return "element \(element) is an array; \(Self.expected)"
        case .unsupportedValue(let text):
            return "\(Self.expected); got \(text)"
        }
    }
}
