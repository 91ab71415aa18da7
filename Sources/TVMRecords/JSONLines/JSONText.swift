/// Builds the JSON text of Swift values, for the raw field values of ``RawJSON/addingTVM(_:to:)``.
///
/// Each function returns UTF-8 bytes of one compact JSON value; `nil` becomes `null`.
///
/// ```swift
/// let record = try RawJSON.addingTVM(
///     [("score", JSONText.number(17.5)), ("query", JSONText.string("girls"))], to: show)
/// ```
public enum JSONText {
    /// The JSON `null` literal.
    public static let null: [UInt8] = Array("null".utf8)

    /// A JSON string literal for `value` (escaped by ``JSONString/encode(_:)``), or `null`.
    ///
    /// - Parameter value: The string to encode.
    public static func string(_ value: String?) -> [UInt8] {
        guard let value else { return null }
        return JSONString.encodedBytes(value)
    }

    /// A JSON number for `value`, or `null`.
    ///
    /// - Parameter value: The integer to encode, written in decimal.
    public static func number(_ value: Int?) -> [UInt8] {
        guard let value else { return null }
        return Array(String(value).utf8)
    }

    /// A JSON number for `value` in the shortest form that reads back exactly; `null` for nil, NaN or infinity.
    ///
    /// JSON has no NaN or infinity, so they are written as `null` (as JavaScript's `JSON.stringify` does).
    /// - Parameter value: The number to encode, e.g. `17.5` or `1e-07`.
    public static func number(_ value: Double?) -> [UInt8] {
        guard let value, value.isFinite else { return null }
        return Array(value.description.utf8)
    }

    /// The JSON literal `true` or `false`, or `null`.
    ///
    /// - Parameter value: The flag to encode.
    public static func bool(_ value: Bool?) -> [UInt8] {
        guard let value else { return null }
        return Array((value ? "true" : "false").utf8)
    }
}
