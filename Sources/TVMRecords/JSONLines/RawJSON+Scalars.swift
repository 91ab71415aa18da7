extension RawJSON {
    /// Returns the integer written by the JSON text `raw`, or `nil` if it is not a plain integer.
    ///
    /// Accepts only `-?digits` (after optional whitespace) that fits in `Int`: `82` and `-3` give numbers,
    /// `82.0`, `8.2e1`, `"82"` and `null` give `nil`.
    /// - Parameter raw: The JSON text of one value, e.g. from ``value(forKey:in:)``.
    public static func integer(_ raw: some Collection<UInt8>) -> Int? {
        let all = Array(raw)
        var bytes = all[...].drop(while: RawJSONScanner.isWhitespace)
        while let last = bytes.last, RawJSONScanner.isWhitespace(last) {
            bytes = bytes.dropLast()
        }
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes
        guard let first = digits.first, first != UInt8(ascii: "0") || digits.count == 1,
            digits.allSatisfy(RawJSONScanner.isDigit)
        else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self))
    }

    /// Returns the decoded text of the JSON string literal `raw`, or `nil` if `raw` is not one valid string.
    ///
    /// - Parameter raw: The JSON text of one value, e.g. `"Pok\u00e9mon"` with the quotes.
    public static func string(_ raw: some Collection<UInt8>) -> String? {
        try? JSONString.decode(raw)
    }
}
