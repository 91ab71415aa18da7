/// One non-blank input line read by ``JSONLinesReader``: its number and its record or its error.
public struct JSONLine: Sendable, Equatable {
    /// The 1-based line number in the input; blank lines are counted although they are not returned.
    public let number: Int
    /// The compact JSON text of the line, or why it could not be used.
    public let result: Result<[UInt8], JSONLinesError>

    /// Creates a line.
    public init(number: Int, result: Result<[UInt8], JSONLinesError>) {
        self.number = number
        self.result = result
    }

    /// The compact JSON text of the line (any JSON value, e.g. an object or a bare `82`), or `nil` on error.
    public var record: [UInt8]? {
        try? result.get()
    }

    /// The problem with this line, or `nil` if it holds valid JSON.
    public var error: JSONLinesError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }

    /// Returns the compact record or throws the line's error.
    ///
    /// - Throws: The line's ``JSONLinesError``.
    public func get() throws(JSONLinesError) -> [UInt8] {
        try result.get()
    }
}
